// The registration flow (loaded on demand): select tournament and level, then the team form, then submit.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MultiTeamInput, SinglePlaceInput } from '../../shared/team-schemas';
import { useMe } from '../auth/session';
import { contactFromProfile, golferFromProfile } from './profile-defaults';
import { ApiError, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { dropDraft, draftKey } from './drafts';
import { LevelPicker } from './level-picker';
import { levelsQuery, useRegisterSingle, useRegisterTeams, type ActiveTournament, type OfferedLevel } from './queries';
import { useQuery } from '@tanstack/react-query';
import { MultiTeamForm, SinglePlaceForm, SingleTeamForm } from './team-forms';

const NOT_SIGNED_IN = 'You must be logged in to register teams';

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export function RegistrationFlow({
  tournaments,
  currency,
  offer,
  onClose,
  onRegistered,
}: {
  tournaments: ActiveTournament[];
  currency: string;
  /** Registering through a waitlist offer (R25): its level, with the places kept for it. */
  offer?: { token: string; tournamentId: string; levelId: string; teamsWanted: number };
  onClose: () => void;
  /** After a registration that stays on the portal (no payment page): the new teams, to offer their golfers' add-ons (R37). */
  onRegistered?: (teams: { id: string; name: string }[]) => void;
}) {
  const open = tournaments.filter((t) => t.registrationOpen);
  const [tournamentId, setTournamentId] = useState(offer?.tournamentId ?? (open.length === 1 ? open[0]!.id : ''));
  const [level, setLevel] = useState<OfferedLevel | null>(null);
  const [step, setStep] = useState<'select' | 'form'>('select');
  // R43: buying a single place (one golfer) rather than registering teams.
  const [single, setSingle] = useState(false);
  // With an offer the level is chosen already: its kept places count as left for this leader (the list shows it sold out).
  const offerLevels = useQuery({ ...levelsQuery(offer?.tournamentId ?? ''), enabled: Boolean(offer) });
  // Adjusted while rendering, not in an effect (react.dev/learn/you-might-not-need-an-effect).
  const offered = offer && offerLevels.data?.find((l) => l.id === offer.levelId);
  if (offered && !level) {
    setLevel({ ...offered, placesLeft: offered.placesLeft + offer.teamsWanted });
    setStep('form');
  }
  const [missing, setMissing] = useState<{ tournament?: string; level?: string }>({});
  const { data: me } = useMe();
  const register = useRegisterTeams();
  const registerSingle = useRegisterSingle();
  // A second click (or Enter) while the first registration is on its way must not register the teams twice.
  const sending = useRef(false);
  // The submission's Idempotency-Key (R27): kept while a send may have reached the server (a dropped connection, a 5xx),
  // so sending again is answered with the first answer; a new one after a success or a refusal (nothing was saved).
  const submissionKey = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const tournament = open.find((t) => t.id === tournamentId);

  // Each step announces itself: keyboard and screen-reader users land on its heading, not on the page's start.
  useEffect(() => heading.current?.focus(), [step]);

  const next = () => {
    if (tournament && level) return setStep('form');
    setMissing({
      tournament: tournament ? undefined : 'Please select a tournament',
      level: tournament && !level ? 'Please select a sponsorship level' : undefined,
    });
  };

  const submit = async (input: MultiTeamInput) => {
    if (!me) {
      notify.error(NOT_SIGNED_IN);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    const several = input.teams.length > 1;
    // The answer is awaited rather than taken in mutate's callbacks: those are dropped when the page changes meanwhile
    // (a 401 turns it into the sign-in panel, main.tsx), and the leader must still be told why.
    submissionKey.current ??= newKey();
    try {
      const result = await register.mutateAsync({ input, key: submissionKey.current, offer: offer?.token });
      submissionKey.current = null;
      dropDraft(draftKey(me.user.id, input.sponsorshipLevelId));
      notify.success(several ? `${result.teams.length} teams registered` : 'Team registered');
      if (result.checkoutUrl) {
        // The places are taken; Stripe's page takes the card, and its return page says when the money arrived.
        notify.info('Taking you to the secure payment page…');
        window.location.assign(result.checkoutUrl);
        return;
      }
      if (result.checkoutError) notify.error(result.checkoutError);
      else if (result.holdUntil) notify.info(`Your place is held until ${formatDateTime(result.holdUntil, { withZone: true })}`);
      onClose();
      onRegistered?.(result.teams);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) submissionKey.current = null;
      if (error instanceof ApiError && error.status === 401) notify.error(NOT_SIGNED_IN);
      else notify.error(errorMessage(error, several ? 'Failed to register teams' : 'Failed to register team'));
    } finally {
      sending.current = false;
    }
  };

  const submitSingle = async (input: SinglePlaceInput) => {
    if (sending.current) return;
    sending.current = true;
    submissionKey.current ??= newKey();
    try {
      const result = await registerSingle.mutateAsync({ input, key: submissionKey.current });
      submissionKey.current = null;
      notify.success('Single place registered');
      if (result.checkoutUrl) {
        notify.info('Taking you to the secure payment page…');
        window.location.assign(result.checkoutUrl);
        return;
      }
      if (result.checkoutError) notify.error(result.checkoutError);
      else if (result.holdUntil) notify.info(`Your place is held until ${formatDateTime(result.holdUntil, { withZone: true })}`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) submissionKey.current = null;
      if (error instanceof ApiError && error.status === 401) notify.error(NOT_SIGNED_IN);
      else notify.error(errorMessage(error, 'Failed to register'));
    } finally {
      sending.current = false;
    }
  };

  const onForm = step === 'form' && tournament && level && me;
  // Several teams at once where the level allows more than one per registration.
  const TeamForm = level && level.maxTeams > 1 ? MultiTeamForm : SingleTeamForm;
  return (
    <Card className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {onForm && single ? 'Buy a single place' : 'Register a team'}
          <span className="mt-0.5 block text-sm font-normal text-stone-600">
            {onForm
              ? single
                ? 'Step 2 of 2: the golfer'
                : 'Step 2 of 2: your teams and players'
              : 'Step 1 of 2: tournament and sponsorship level'}
          </span>
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
      {!onForm ? (
        <>
          <LevelPicker
            tournaments={tournaments}
            currency={currency}
            tournamentId={tournamentId}
            levelId={level?.id ?? ''}
            errors={missing}
            onTournament={(id) => {
              setTournamentId(id);
              setLevel(null);
              setMissing({});
            }}
            onLevel={(chosen) => {
              setLevel(chosen);
              setSingle(false);
              setMissing({});
            }}
            onSingle={(chosen) => {
              setLevel(chosen);
              setSingle(true);
              setMissing({});
              setStep('form');
            }}
          />
          <div className="flex justify-end">
            <Button size="lg" onClick={next}>
              Continue
            </Button>
          </div>
        </>
      ) : (
        <>
          <div>
            <Button variant="secondary" size="sm" onClick={() => setStep('select')}>
              <ArrowLeft aria-hidden className="size-4" /> Back to Selection
            </Button>
          </div>
          {single ? (
            <SinglePlaceForm
              key={`single-${level.id}`}
              tournament={tournament}
              level={level}
              currency={currency}
              busy={registerSingle.isPending}
              defaults={golferFromProfile(me)}
              onSubmit={(input) => void submitSingle(input)}
            />
          ) : (
            <TeamForm
              key={level.id}
              tournament={tournament}
              level={level}
              currency={currency}
              busy={register.isPending}
              draftKey={draftKey(me.user.id, level.id)}
              contact={contactFromProfile(me)}
              onSubmit={submit}
            />
          )}
        </>
      )}
    </Card>
  );
}
