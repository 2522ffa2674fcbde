// /admin/tournaments/:id/cart-signs (staff, R31): one printable sign per team for its golf cart: the starting hole with its
// group in large type, the team and its players. One sign a page when printed (landscape reads best on a windscreen).
import { useQuery } from '@tanstack/react-query';
import { useParams } from '../router';
import { startingHoleLabel } from '../../shared/tournament-day';
import { contestHolesText } from '../../shared/contests';
import type { StartingSheetTeam } from './queries';
import { fullName } from '../lib/format';
import { PrintButton } from './print-button';
import { PrintablePage } from './printable-page';
import { startingSheetQuery } from './queries';
import { HoleSponsorLine, type HoleSponsor } from './hole-sponsor';

function CartSign({
  team,
  tournamentName,
  sponsor,
  contests,
}: {
  team: StartingSheetTeam;
  tournamentName: string;
  sponsor?: HoleSponsor;
  contests: string;
}) {
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
        {contests ? <p className="mt-3 text-lg font-semibold text-green-800 print:text-black">Contests — {contests}</p> : null}
      </div>
      {sponsor ? <HoleSponsorLine sponsor={sponsor} /> : null}
    </article>
  );
}

export function CartSignsPage() {
  const { id = '' } = useParams();
  const sheet = useQuery(startingSheetQuery(id));
  const data = sheet.data;
  const count = data?.assignments.length ?? 0;
  return (
    <PrintablePage
      title="Cart Signs"
      query={sheet}
      tournamentName={data?.tournament.name}
      summary={`${count} ${count === 1 ? 'sign' : 'signs'}, one page each when printed`}
      actions={count ? <PrintButton label="Print cart signs" /> : null}
      failure="Failed to load the cart signs"
      empty={data?.assignments.length === 0}
      emptyText="No starting holes drawn yet: cart signs show each team's hole."
      back={{ to: `/admin/tournaments/${id}/starting-sheet`, label: 'Back to the Starting Sheet' }}
    >
      <style>{'@media print { @page { size: landscape; margin: 1cm; } }'}</style>
      {data?.assignments.length ? (
        <div className="grid gap-5 lg:grid-cols-2 print:block">
          {data.assignments.map((team) => (
            <CartSign
              key={team.teamId}
              team={team}
              tournamentName={data.tournament.name}
              sponsor={data.holeSponsors.find((s) => s.holeNumber === team.startingHole)}
              contests={contestHolesText(data.contestHoles)}
            />
          ))}
        </div>
      ) : null}
    </PrintablePage>
  );
}
