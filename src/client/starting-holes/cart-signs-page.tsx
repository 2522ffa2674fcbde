// /admin/tournaments/:id/cart-signs (staff, R31): one printable sign per team for its golf cart: the starting hole with its
// group in large type, the team and its players. One sign a page when printed (landscape reads best on a windscreen).
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { startingHoleLabel } from '../../shared/tournament-day';
import type { StartingSheetTeam } from './queries';
import { errorMessage } from '../lib/api';
import { fullName } from '../lib/format';
import { ListState } from '../ui/table';
import { PrintButton } from './print-button';
import { startingSheetQuery } from './queries';

function CartSign({ team, tournamentName }: { team: StartingSheetTeam; tournamentName: string }) {
  const label = startingHoleLabel(team.startingHole, team.startGroup);
  return (
    <article
      aria-label={`Cart sign: ${team.teamName}, hole ${label}`}
      className="flex min-h-[22rem] break-inside-avoid break-after-page flex-col justify-between gap-4 rounded-lg border-4 border-stone-900 bg-white p-6 last:break-after-auto print:min-h-[17cm] print:rounded-none"
    >
      <p className="text-center text-sm font-semibold tracking-wide text-stone-700 uppercase print:text-black">{tournamentName}</p>
      <div className="text-center">
        <p className="text-lg font-semibold">Starting hole</p>
        <p className="text-[7rem] leading-none font-black tabular-nums print:text-[10rem]">{label}</p>
      </div>
      <div className="text-center">
        <h2 className="text-3xl font-bold break-words">{team.teamName}</h2>
        <ul className="mt-2 flex flex-wrap justify-center gap-x-6 gap-y-1 text-xl">
          {team.players.map((player) => (
            <li key={player.id}>{fullName(player)}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export function CartSignsPage() {
  const { id = '' } = useParams();
  const sheet = useQuery(startingSheetQuery(id));
  const data = sheet.data;
  return (
    <div className="flex flex-col gap-5">
      <title>{`Cart Signs${data ? ` · ${data.tournament.name}` : ''} · Admin · Golf Tournament`}</title>
      <style>{'@media print { @page { size: landscape; margin: 1cm; } }'}</style>
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div>
          <h1 className="text-2xl font-bold">Cart Signs</h1>
          {data ? (
            <p className="mt-1 text-stone-700">
              <span className="font-semibold text-stone-900">{data.tournament.name}</span> · {data.assignments.length}{' '}
              {data.assignments.length === 1 ? 'sign' : 'signs'}, one page each when printed
            </p>
          ) : null}
        </div>
        {data?.assignments.length ? <PrintButton label="Print cart signs" /> : null}
      </div>
      {sheet.isError ? (
        <div role="alert" className="rounded-lg border border-stone-200 bg-white p-5 text-red-700">
          {errorMessage(sheet.error, 'Failed to load the cart signs')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void sheet.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ListState loading={sheet.isPending} error={false} empty={data?.assignments.length === 0} emptyText="No starting holes drawn yet: cart signs show each team's hole." />
      )}
      {data?.assignments.length ? (
        <div className="grid gap-5 lg:grid-cols-2 print:block">
          {data.assignments.map((team) => (
            <CartSign key={team.teamId} team={team} tournamentName={data.tournament.name} />
          ))}
        </div>
      ) : null}
      <Link to={`/admin/tournaments/${id}/starting-sheet`} className="flex w-fit items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline print:hidden">
        <ArrowLeft aria-hidden className="size-4" />
        Back to the Starting Sheet
      </Link>
    </div>
  );
}
