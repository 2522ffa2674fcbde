// The signed-in team leader's dashboard: profile, teams, active tournaments, and the registration and edit forms.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Me } from '../auth/session';
import { displayName, useLogout } from '../auth/session';
import { formatDateRange } from '../lib/format';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { PageSpinner } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { ProfileCard } from '../account/profile-card';
import { ChangePasswordCard } from '../account/change-password-card';
import { activeTournamentsQuery, myTeamsQuery } from '../registration/queries';
import { TeamCard } from './team-card';
import { Link, useSearchParams } from '../router';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { WaitlistCard } from '../registration/waitlist-card';
import { VolunteerLinks } from '../volunteers/volunteer-frame';
import { myWaitlistQuery, offerQuery } from '../registration/waitlist-queries';
import { SponsorshipItemsCard } from '../items/sponsorship-items-card';
import { MyPurchasesCard } from '../items/my-purchases-card';
import { itemsQuery, myPurchasesQuery, teamAddonsQuery } from '../items/queries';
import { myGrantsQuery } from '../volunteers/queries';

const RegistrationFlow = lazy(() => import('../registration/registration-flow').then((m) => ({ default: m.RegistrationFlow })));
const TeamAddonsDialog = lazy(() => import('../addons/team-addons-dialog').then((m) => ({ default: m.TeamAddonsDialog })));
const EditTeam = lazy(() => import('./edit-team-form').then((m) => ({ default: m.EditTeam })));

type Offer = { token: string; tournamentId: string; levelId: string; teamsWanted: number };
type View = { kind: 'teams' } | { kind: 'register'; offer?: Offer } | { kind: 'edit'; teamId: string };

export function TeamDashboard({ me }: { me: Me }) {
  const { logout, isPending } = useLogout();
  // The form shown is in the address (?form=register, ?edit=<team>), one history entry each: the browser's Back returns
  // to the team list instead of leaving the page with the form (and Forward opens it again, its draft kept; drafts.ts).
  const tournaments = useQuery(activeTournamentsQuery);
  const teams = useQuery(myTeamsQuery);
  const active = tournaments.data?.tournaments ?? [];
  const canRegister = active.some((t) => t.registrationOpen);
  const [params, setParams] = useSearchParams();
  const [offer, setOffer] = useState<Offer | undefined>();
  const editing = params.get('edit');
  // Registration closed since the address was opened (a reload, say): the list, whose button says so by being disabled.
  const view: View = editing
    ? { kind: 'edit', teamId: editing }
    : params.get('form') === 'register' && (canRegister || offer)
      ? { kind: 'register', offer }
      : { kind: 'teams' };
  const setView = (next: View, options?: { replace?: boolean }) => {
    if (next.kind === 'register') setOffer(next.offer);
    setParams(next.kind === 'register' ? { form: 'register' } : next.kind === 'edit' ? { edit: next.teamId } : {}, options);
  };
  const laidOut = useLaidOut(tournaments.isPending || teams.isPending, active);
  // Closing a form puts the list in its place (the entry the form opened in), so Back does not open the form again.
  const back = () => setView({ kind: 'teams' }, { replace: true });
  // Right after a registration, the new team's golfers are offered the tournament's add-ons (R37), when it has any.
  const [offerAddons, setOfferAddons] = useState<{ id: string; name: string } | null>(null);
  // The offer e-mail's link, /register?offer=…, opens the registration for the places kept (R25).
  const offerToken = params.get('offer');
  const linkedOffer = useQuery({ ...offerQuery(offerToken ?? ''), enabled: Boolean(offerToken) });
  useEffect(() => {
    if (linkedOffer.data) {
      const o = linkedOffer.data;
      setOffer({ token: o.offerToken!, tournamentId: o.tournamentId, levelId: o.levelId, teamsWanted: o.teamsWanted });
      setParams({ form: 'register' }, { replace: true });
    } else if (linkedOffer.isError) {
      notify.error(errorMessage(linkedOffer.error, 'This waitlist offer has expired or was already used'));
      setParams({}, { replace: true });
    }
  }, [linkedOffer.data, linkedOffer.isError, linkedOffer.error, setParams]);
  // Back from a form, focus returns to the team list rather than falling to the page's start.
  const teamsHeading = useRef<HTMLHeadingElement>(null);
  const leftTeams = useRef(false);
  useEffect(() => {
    if (view.kind !== 'teams') leftTeams.current = true;
    else if (leftTeams.current) teamsHeading.current?.focus();
  }, [view.kind]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Your teams · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome, {displayName(me)}</h1>
        <Button variant="secondary" onClick={logout} disabled={isPending}>
          Logout
        </Button>
      </div>
      {laidOut ? <VolunteerLinks /> : null}

      {!laidOut ? (
        // Keyed: the grid that follows is a new element, not this one moved down below the volunteer links.
        <div key="waiting" className="mt-8">
          <PageSpinner label="Loading your teams…" />
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {view.kind === 'register' ? (
              <Suspense fallback={<PageSpinner label="Loading the registration form…" />}>
                <RegistrationFlow
                  key={view.offer?.token ?? 'new'}
                  tournaments={active}
                  currency={tournaments.data?.currency ?? 'USD'}
                  offer={view.offer}
                  onClose={back}
                  onRegistered={(registered) => setOfferAddons(registered[0] ?? null)}
                />
              </Suspense>
            ) : view.kind === 'edit' ? (
              <Suspense fallback={<PageSpinner label="Loading team…" />}>
                <EditTeam teamId={view.teamId} onClose={back} />
              </Suspense>
            ) : (
              <>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 ref={teamsHeading} tabIndex={-1} className="text-xl font-semibold outline-none">
                    Your Teams
                  </h2>
                  {teams.data?.length ? (
                    <Button onClick={() => setView({ kind: 'register' })} disabled={!canRegister}>
                      Register Another Team
                    </Button>
                  ) : null}
                </div>
                {teams.isPending ? (
                  <PageSpinner label="Loading your teams…" />
                ) : teams.isError ? (
                  <Card>
                    <p role="alert" className="text-red-700">
                      Failed to load teams
                    </p>
                    <Button variant="secondary" className="mt-3" onClick={() => teams.refetch()}>
                      Try again
                    </Button>
                  </Card>
                ) : teams.data.length === 0 ? (
                  <Card className="flex flex-col items-center gap-3 py-10 text-center">
                    <p className="text-lg font-semibold">You haven't registered a team yet.</p>
                    <p className="text-stone-600">
                      {canRegister
                        ? 'Register a foursome for one of the active tournaments.'
                        : active.length
                          ? 'Registration has closed: the active tournaments start soon.'
                          : 'Registration opens when a tournament is active.'}
                    </p>
                    <Button size="lg" onClick={() => setView({ kind: 'register' })} disabled={!canRegister}>
                      Register Your First Team
                    </Button>
                  </Card>
                ) : (
                  teams.data.map((team) => (
                    <TeamCard
                      key={team.id}
                      team={team}
                      cardPayments={tournaments.data?.cardPayments ?? false}
                      currency={tournaments.data?.currency ?? 'USD'}
                      onEdit={() => setView({ kind: 'edit', teamId: team.id })}
                    />
                  ))
                )}
                <MyPurchasesCard currency={tournaments.data?.currency ?? 'USD'} />
                <SponsorshipItemsCard
                  me={me}
                  tournaments={active.filter((t) => t.registrationOpen)}
                  currency={tournaments.data?.currency ?? 'USD'}
                />
              </>
            )}
          </div>

          {offerAddons ? (
            <AddonsAfterRegistration
              team={offerAddons}
              currency={tournaments.data?.currency ?? 'USD'}
              onClose={() => setOfferAddons(null)}
            />
          ) : null}
          <aside className="flex flex-col gap-4">
            <ProfileCard me={me} />
            <ChangePasswordCard />
            <WaitlistCard
              onRegister={(entry) =>
                setView({
                  kind: 'register',
                  offer: {
                    token: entry.offerToken!,
                    tournamentId: entry.tournamentId,
                    levelId: entry.levelId,
                    teamsWanted: entry.teamsWanted,
                  },
                })
              }
            />
            <Card>
              <CardTitle>Active Tournaments</CardTitle>
              {tournaments.isError ? (
                <LoadFailed
                  message="Failed to load tournaments."
                  onRetry={() => tournaments.refetch()}
                  className="mt-3 py-0 text-left text-sm"
                />
              ) : active.length === 0 ? (
                <p className="mt-3 text-sm text-stone-600">No tournaments are open for registration right now.</p>
              ) : (
                <ul className="mt-3 flex flex-col gap-3">
                  {active.map((t) => (
                    <li key={t.id}>
                      <p className="font-medium">{t.name}</p>
                      <p className="text-sm text-stone-600">
                        {formatDateRange(t.startDate, t.endDate)}
                        {t.registrationOpen ? '' : ' · registration closed'}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card>
              <CardTitle>Giving and receipts</CardTitle>
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                <li>
                  <Link to="/give" className="font-medium text-brand-800 underline underline-offset-4">
                    Give to the cause
                  </Link>
                </li>
                {/* Their own statement opens once their address is confirmed (R39, R7); without SMTP nobody confirms one, and
                    the statement would only refuse, so the link is not offered. */}
                {me.user.emailVerified ? (
                  <li>
                    <Link
                      to={`/statement?${new URLSearchParams({ email: me.user.email, year: String(new Date().getFullYear()) }).toString()}`}
                      className="font-medium text-brand-800 underline underline-offset-4"
                    >
                      Your statement for {new Date().getFullYear()}
                    </Link>
                    <span className="block text-stone-600">Every payment received from you this year, for your tax records.</span>
                  </li>
                ) : null}
              </ul>
            </Card>
          </aside>
        </div>
      )}
    </div>
  );
}

/**
 * Whether everything that decides the dashboard's layout has answered (teams, purchases, waitlist, volunteer work, each
 * open tournament's sponsorship items). Until then one spinner stands for the page: on a phone the cards are one column,
 * and drawing each as its answer came pushed the ones below down three or four times while they were being read.
 * A card whose answer failed says so itself.
 */
function useLaidOut(pagePending: boolean, active: { id: string; registrationOpen: boolean }[]) {
  // `pagePending`: the page's own tournaments and teams queries, not asked for twice here.
  const queryClient = useQueryClient();
  const open = active.filter((t) => t.registrationOpen).map((t) => t.id);
  // The open tournaments' items in one wait, each kept under its own key (what <SponsorshipItemsCard> reads). useQueries
  // would do it too, but it adds 0.9 KB gzip to the react-query chunk every staff page loads (the check-in page's budget).
  const items = useQuery({
    queryKey: ['dashboard', 'items', open],
    queryFn: () => Promise.all(open.map((id) => queryClient.fetchQuery(itemsQuery(id)))).then(() => true),
    enabled: !pagePending,
  });
  const others = [useQuery(myPurchasesQuery), useQuery(myWaitlistQuery), useQuery(myGrantsQuery)];
  const ready = !pagePending && (items.isSuccess || items.isError) && others.every((query) => !query.isPending);
  // Once drawn, it stays: a tournament closing later (a new key above) must not swap a form being filled for the spinner.
  const [drawn, setDrawn] = useState(false);
  if (ready && !drawn) setDrawn(true);
  return drawn || ready;
}

/** The add-ons dialog for a team just registered, shown only once its tournament's add-ons are known to exist. */
function AddonsAfterRegistration({
  team,
  currency,
  onClose,
}: {
  team: { id: string; name: string };
  currency: string;
  onClose: () => void;
}) {
  const addons = useQuery(teamAddonsQuery(team.id));
  if (!addons.data?.addons.length) return null;
  return (
    <Suspense fallback={null}>
      <TeamAddonsDialog teamId={team.id} teamName={team.name} currency={currency} onClose={onClose} />
    </Suspense>
  );
}
