// /admin/tournaments/:id/starting-sheet (staff, R20): which team starts on which hole, with its players, ordered by hole;
// printable on A4 or Letter. Admins can draw (again) from here.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Car, FileText } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { startingHoleLabel } from '../../shared/tournament-day';
import { useMe } from '../auth/session';
import { errorMessage } from '../lib/api';
import { formatDateRange, fullName } from '../lib/format';
import { Button } from '../ui/button';
import { ListState } from '../ui/table';
import { AssignTeamsButton } from './assign-teams-button';
import { DrawWarning, drawOutOfDateText } from './draw-warning';
import { PrintButton } from './print-button';
import { startingSheetQuery } from './queries';

export function StartingSheetPage() {
  const { id = '' } = useParams();
  const { data: me } = useMe();
  const sheet = useQuery(startingSheetQuery(id));
  const data = sheet.data;
  const admin = me?.user.role === 'admin';
  // Teams registered after the draw are not on the sheet: say so on screen (not on paper).
  const outOfDate = data ? drawOutOfDateText({ teams: data.assignments.length + data.teamsWithoutHole, teamsWithoutHole: data.teamsWithoutHole }, admin) : null;

  return (
    <div className="flex flex-col gap-5">
      <title>{`Starting Sheet${data ? ` · ${data.tournament.name}` : ''} · Admin · Golf Tournament`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Starting Sheet</h1>
          {data ? (
            <p className="mt-1 text-stone-700">
              <span className="font-semibold text-stone-900">{data.tournament.name}</span> · {formatDateRange(data.tournament.startDate, data.tournament.endDate)}
              {data.course ? ` · ${data.course.name} (${data.course.holeCount} holes)` : ' · No golf course assigned'}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {admin && data ? <AssignTeamsButton tournament={data.tournament} size="md" warn={false} /> : null}
          <Button asChild variant="secondary">
            <Link to={`/admin/tournaments/${id}/scorecards`}>
              <FileText aria-hidden className="size-4" />
              Scorecards
            </Link>
          </Button>
          {data?.assignments.length ? (
            <Button asChild variant="secondary">
              <Link to={`/admin/tournaments/${id}/cart-signs`}>
                <Car aria-hidden className="size-4" />
                Cart Signs
              </Link>
            </Button>
          ) : null}
          {data?.assignments.length ? <PrintButton /> : null}
        </div>
      </div>

      {outOfDate ? <DrawWarning text={outOfDate} className="rounded-lg border border-amber-300 bg-amber-50 p-3" /> : null}

      {sheet.isError ? (
        <div role="alert" className="rounded-lg border border-stone-200 bg-white p-5 text-red-700">
          {errorMessage(sheet.error, 'Failed to load the starting sheet')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void sheet.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ListState
          loading={sheet.isPending}
          error={false}
          empty={data?.assignments.length === 0}
          emptyText={me?.user.role === 'admin' ? 'No starting holes drawn yet. Assign Teams draws one for every team.' : 'No starting holes drawn yet. An admin draws them with Assign Teams.'}
        />
      )}

      {data?.assignments.length ? (
        <div className="overflow-x-auto rounded-lg border border-stone-300 bg-white print:overflow-visible print:rounded-none print:border-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Starting holes of {data.tournament.name}, by hole</caption>
            <thead>
              <tr className="border-b-2 border-stone-800">
                <th scope="col" className="w-12 px-3 py-2 font-semibold">Hole</th>
                <th scope="col" className="px-3 py-2 font-semibold">Team</th>
                <th scope="col" className="px-3 py-2 font-semibold">Players</th>
              </tr>
            </thead>
            <tbody>
              {data.assignments.map((team) => (
                <tr key={team.teamId} className="break-inside-avoid border-b border-stone-300 align-top">
                  <th scope="row" className="px-3 py-2 text-2xl font-bold tabular-nums">
                    {startingHoleLabel(team.startingHole, team.startGroup)}
                  </th>
                  <td className="px-3 py-2">
                    <span className="font-semibold">{team.teamName}</span>
                    {team.company ? <span className="block text-stone-700">{team.company}</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    <ul>
                      {team.players.map((player) => (
                        <li key={player.id}>{fullName(player)}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <Link to={me?.user.role === 'admin' ? '/admin/settings' : '/admin/score-entry'} className="flex w-fit items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline print:hidden">
        <ArrowLeft aria-hidden className="size-4" />
        {me?.user.role === 'admin' ? 'Back to Tournaments' : 'Back to Score Entry'}
      </Link>
    </div>
  );
}
