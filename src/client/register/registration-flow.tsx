// The registration flow (loaded on demand): select tournament and level, then the team form, then submit.
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import type { MultiTeamInput } from '../../shared/team-schemas';
import { useMe } from '../auth/session';
import { ApiError, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { LevelPicker } from './level-picker';
import { useRegisterTeams, type ActiveTournament, type OfferedLevel } from './queries';
import { MultiTeamForm, SingleTeamForm } from './team-forms';

const NOT_SIGNED_IN = 'You must be logged in to register teams';

export function RegistrationFlow({ tournaments, currency, onClose }: { tournaments: ActiveTournament[]; currency: string; onClose: () => void }) {
  const [tournamentId, setTournamentId] = useState(tournaments.length === 1 ? tournaments[0]!.id : '');
  const [level, setLevel] = useState<OfferedLevel | null>(null);
  const [step, setStep] = useState<'select' | 'form'>('select');
  const { data: me } = useMe();
  const register = useRegisterTeams();
  const tournament = tournaments.find((t) => t.id === tournamentId);

  const submit = (input: MultiTeamInput) => {
    if (!me) {
      notify.error(NOT_SIGNED_IN);
      return;
    }
    const several = input.teams.length > 1;
    register.mutate(input, {
      onSuccess: (result) => {
        notify.success(several ? `${result.teams.length} teams registered` : 'Team registered');
        if (input.paymentOption === 'pay') notify.info('Payment processing will be available once Stripe is connected');
        else if (result.holdUntil) notify.info(`Your place is held until ${formatDateTime(result.holdUntil)}`);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) notify.error(NOT_SIGNED_IN);
        else notify.error(errorMessage(error, several ? 'Failed to register teams' : 'Failed to register team'));
      },
    });
  };

  return (
    <Card className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Register a team</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
      {step === 'select' || !tournament || !level ? (
        <>
          <LevelPicker
            tournaments={tournaments}
            currency={currency}
            tournamentId={tournamentId}
            levelId={level?.id ?? ''}
            onTournament={(id) => {
              setTournamentId(id);
              setLevel(null);
            }}
            onLevel={setLevel}
          />
          <div className="flex justify-end">
            <Button size="lg" disabled={!tournament || !level} onClick={() => setStep('form')}>
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
          {level.maxTeams > 1 ? (
            <MultiTeamForm key={level.id} tournament={tournament} level={level} currency={currency} busy={register.isPending} onSubmit={submit} />
          ) : (
            <SingleTeamForm key={level.id} tournament={tournament} level={level} currency={currency} busy={register.isPending} onSubmit={submit} />
          )}
        </>
      )}
    </Card>
  );
}
