// The frame of a volunteer's pages (R60): who they help, as what, until when, and a small nav of only their pages. It only
// mirrors the server, which refuses every other route and tournament on its own (http/define-route.ts).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { VOLUNTEER_ROLE_LABELS } from '../../shared/roles';
import { useMe } from '../auth/session';
import { formatDate } from '../lib/format';
import { Navigate, NavLink } from '../router';
import { cn } from '../ui/cn';
import { PageSpinner } from '../ui/spinner';
import { ListState } from '../ui/table';
import { myGrantsQuery, type VolunteerGrant } from './queries';

/** A grant's page: check-in or score entry for its tournament. */
export const grantHref = (grant: Pick<VolunteerGrant, 'tournamentId' | 'role'>) =>
  `/volunteer/${grant.tournamentId}/${grant.role === 'scorer' ? 'scores' : 'check-in'}`;

const grantLabel = (grant: VolunteerGrant) => `${grant.role === 'scorer' ? 'Score entry' : 'Check-in'} · ${grant.tournamentName}`;

export function VolunteerFrame({ title, children }: { title: string; children: (grants: VolunteerGrant[]) => ReactNode }) {
  const { data: me, isPending: mePending } = useMe();
  const grants = useQuery({ ...myGrantsQuery, enabled: Boolean(me) });
  if (mePending) return <PageSpinner />;
  if (!me) return <Navigate to="/auth" replace />;
  const list = grants.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <title>{`${title} · Volunteer · Golf Tournament`}</title>
      {list.length > 0 ? (
        <nav aria-label="Volunteer" className="flex flex-wrap gap-2 border-b border-stone-200 pb-3">
          {list.map((grant) => (
            <NavLink
              key={grant.id}
              to={grantHref(grant)}
              className={({ isActive }) =>
                cn(
                  'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset',
                  isActive ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-50',
                )
              }
            >
              {grantLabel(grant)}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <ListState
        loading={grants.isPending}
        error={grants.isError}
        empty={grants.isSuccess && list.length === 0}
        emptyText="You have no volunteer access now. If you still need it, ask the organiser for a new invitation."
        onRetry={() => void grants.refetch()}
      />
      {list.length > 0 ? children(list) : null}
    </div>
  );
}

/** The volunteer's home: each access they hold, as what and until when. */
export function VolunteerHomePage() {
  return (
    <VolunteerFrame title="Volunteering">
      {(grants) => (
        <div className="flex flex-col gap-3">
          <h1 className="text-2xl font-bold">Volunteering</h1>
          <ul className="grid gap-3 sm:grid-cols-2">
            {grants.map((grant) => (
              <li key={grant.id} className="rounded-lg border border-stone-200 bg-white p-4">
                <p className="font-semibold">{grant.tournamentName}</p>
                <p className="text-sm text-stone-700">
                  {VOLUNTEER_ROLE_LABELS[grant.role]} · until the end of {formatDate(grant.until)}
                </p>
                <NavLink to={grantHref(grant)} className="mt-2 inline-block font-medium text-brand-800 underline underline-offset-4">
                  {grant.role === 'scorer' ? 'Open score entry' : 'Open check-in'}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </VolunteerFrame>
  );
}

/** Not one of the volunteer's own: the server would refuse it, so the page says so instead of trying. */
export function NotYours() {
  return <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">You have no access to this tournament.</p>;
}

/** On a signed-in leader's dashboard: the way to their volunteer work (R60), when they have any; nothing otherwise. */
export function VolunteerLinks() {
  const grants = useQuery(myGrantsQuery);
  if (!grants.data?.length) return null;
  return (
    <nav
      aria-label="Your volunteer work"
      className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm"
    >
      <span className="font-medium">You volunteer:</span>
      {grants.data.map((grant) => (
        <NavLink key={grant.id} to={grantHref(grant)} className="font-medium text-brand-800 underline underline-offset-4">
          {grantLabel(grant)}
        </NavLink>
      ))}
    </nav>
  );
}
