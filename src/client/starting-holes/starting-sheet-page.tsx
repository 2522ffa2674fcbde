// /admin/tournaments/:id/starting-sheet (staff, R20): which team starts on which hole, with its players, ordered by hole;
// printable on A4 or Letter. Admins can draw (again) from here.
import { useQuery } from '@tanstack/react-query';
import { Car, FileText } from 'lucide-react';
import { Link, useParams } from '../router';
import { startingHoleLabel } from '../../shared/tournament-day';
import { CONTEST_SHORT, contestHolesText } from '../../shared/contests';
import { useMe } from '../auth/session';
import { formatDateRange, fullName } from '../lib/format';
import { Button } from '../ui/button';
import { ColumnHeads } from '../ui/column-heads';
import { AssignTeamsButton } from './assign-teams-button';
import { DrawWarning, drawOutOfDateText } from './draw-warning';
import { PrintButton } from './print-button';
import { PrintablePage } from './printable-page';
import { startingSheetQuery } from './queries';
import { HoleSponsorLine } from './hole-sponsor';

export function StartingSheetPage() {
  const { id = '' } = useParams();
  const { data: me } = useMe();
  const sheet = useQuery(startingSheetQuery(id));
  const data = sheet.data;
  const sponsorOf = (hole: number) => data?.holeSponsors.find((s) => s.holeNumber === hole);
  const admin = me?.user.role === 'admin';
  // Teams registered after the draw are not on the sheet: say so on screen (not on paper).
  const outOfDate = data
    ? drawOutOfDateText({ teams: data.assignments.length + data.teamsWithoutHole, teamsWithoutHole: data.teamsWithoutHole }, admin)
    : null;

  return (
    <PrintablePage
      title="Starting Sheet"
      query={sheet}
      tournamentName={data?.tournament.name}
      summary={`${data ? formatDateRange(data.tournament.startDate, data.tournament.endDate) : ''}${data?.course ? ` · ${data.course.name} (${data.course.holeCount} holes)` : ' · No golf course assigned'}`}
      hideHeadingInPrint={false}
      actions={
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
      }
      notice={outOfDate ? <DrawWarning text={outOfDate} className="rounded-lg border border-amber-300 bg-amber-50 p-3" /> : null}
      failure="Failed to load the starting sheet"
      empty={data?.assignments.length === 0}
      emptyText={
        me?.user.role === 'admin'
          ? 'No starting holes drawn yet. Assign Teams draws one for every team.'
          : 'No starting holes drawn yet. An admin draws them with Assign Teams.'
      }
      back={admin ? { to: '/admin/tournaments', label: 'Back to Tournaments' } : { to: '/admin/score-entry', label: 'Back to Score Entry' }}
    >
      {data?.contestHoles.length ? (
        <p className="mb-3 rounded-lg border border-green-800 bg-green-50 p-3 text-sm font-semibold print:border-black print:bg-white">
          Contests today — {contestHolesText(data.contestHoles)}
        </p>
      ) : null}
      {data?.assignments.length ? (
        <div className="overflow-x-auto rounded-lg border border-stone-300 bg-white print:overflow-visible print:rounded-none print:border-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Starting holes of {data.tournament.name}, by hole</caption>
            <thead>
              <ColumnHeads
                className="border-b-2 border-stone-800"
                cellClassName="px-3 py-2 font-semibold"
                columns={[['Hole', 'w-12'], 'Team', 'Players']}
              />
            </thead>
            <tbody>
              {data.assignments.map((team) => (
                <tr key={team.teamId} className="break-inside-avoid border-b border-stone-300 align-top">
                  <th scope="row" className="px-3 py-2 text-2xl font-bold tabular-nums">
                    {startingHoleLabel(team.startingHole, team.startGroup)}
                    {data.contestHoles
                      .filter((c) => c.hole === team.startingHole)
                      .map((c) => (
                        <span key={c.contest} className="block text-xs font-semibold text-green-800 uppercase">
                          {CONTEST_SHORT[c.contest]}
                        </span>
                      ))}
                  </th>
                  <td className="px-3 py-2">
                    <span className="font-semibold">{team.teamName}</span>
                    {team.company ? <span className="block text-stone-700">{team.company}</span> : null}
                    {sponsorOf(team.startingHole) ? <HoleSponsorLine sponsor={sponsorOf(team.startingHole)!} compact /> : null}
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
    </PrintablePage>
  );
}
