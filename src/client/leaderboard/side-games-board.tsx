// The board's side games (R44), under the rows on the leaderboard, TV mode and the score report: each contest hole with its
// winner and distance (a hole in one called out), and the skins won (ties carry over) with the pot still open. Names only.
import { CONTEST_LABELS, formatDistance } from '../../shared/contests';
import { hasSideGames, type Leaderboard } from './queries';
import { cn } from '../ui/cn';
import { OFF_SCREEN } from '../ui/off-screen';
import { ColumnHeads } from '../ui/column-heads';

type SideGames = Leaderboard['sideGames'];

export function SideGamesBoard({ sideGames, tv = false }: { sideGames: SideGames; tv?: boolean }) {
  const { skins, contests } = sideGames;
  if (!hasSideGames(sideGames)) return null;
  // Holes some team has played (decided, or a leader so far); the rest say nothing yet.
  const shownHoles = skins?.holes.filter((h) => h.status !== 'pending' || h.score !== null) ?? [];
  return (
    // On a phone they are below the whole board: laid out only when scrolled near (ui/off-screen.ts), which
    // takes a fifth off the first layout of /leaderboard (docs/decisions/126). A TV's pages are measured from them.
    <section aria-label="Side games" className={cn('grid gap-3 md:grid-cols-2', tv ? 'text-xl' : ['text-sm', OFF_SCREEN])}>
      {contests.length ? (
        <div className="rounded-lg border border-stone-200 bg-white p-3">
          <h2 className={cn('font-semibold', tv ? 'text-2xl' : 'text-base')}>Contests</h2>
          <ul className="mt-1 divide-y divide-stone-100">
            {contests.map((c) => (
              <li key={`${c.contest}-${c.hole}`} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                <span>
                  {CONTEST_LABELS[c.contest]} · Hole {c.hole}
                </span>
                {c.winner ? (
                  <span className="text-right">
                    <span className="font-semibold">{c.winner.playerName ?? c.winner.teamName}</span>
                    {c.winner.playerName ? <span className="text-stone-600"> ({c.winner.teamName})</span> : null}{' '}
                    <span className={cn('tabular-nums', c.winner.holeInOne && 'font-bold text-red-700')}>
                      {formatDistance(c.contest, c.winner.distance, c.winner.holeInOne)}
                    </span>
                  </span>
                ) : (
                  <span className="text-stone-600">No winner yet</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {skins ? (
        <div className="rounded-lg border border-stone-200 bg-white p-3">
          <h2 className={cn('font-semibold', tv ? 'text-2xl' : 'text-base')}>Skins ({skins.mode})</h2>
          {skins.winners.length ? (
            <ul className="mt-1">
              {skins.winners.map((w) => (
                <li key={w.name} className="flex justify-between gap-3 py-0.5">
                  <span className="font-semibold">{w.name}</span>
                  <span className="tabular-nums">
                    {w.skins} {w.skins === 1 ? 'skin' : 'skins'} (hole{w.holes.length > 1 ? 's' : ''} {w.holes.join(', ')})
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-stone-600">No skin won yet.</p>
          )}
          {shownHoles.length ? (
            <table className="mt-2 w-full text-left">
              <caption className="sr-only">Skins by hole</caption>
              <thead className="text-xs text-stone-600">
                <ColumnHeads cellClassName="py-0.5 font-medium" columns={['Hole', 'Skins', 'Result']} />
              </thead>
              <tbody>
                {shownHoles.map((h) => (
                  <tr key={h.hole} className="border-t border-stone-100">
                    <td className="py-0.5 tabular-nums">{h.hole}</td>
                    <td className="py-0.5 tabular-nums">{h.skins}</td>
                    <td className={cn('py-0.5', h.status === 'won' && 'font-semibold', h.status === 'pending' && 'text-stone-600')}>
                      {h.status === 'won'
                        ? h.winnerName
                        : h.status === 'tied'
                          ? 'Tied: carried over'
                          : h.winnerName
                            ? `${h.winnerName} leads`
                            : 'Tied so far'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <p className="mt-1 text-xs text-stone-600">
            Lowest team score alone wins the hole once every team has played it; a tie carries its skins to the next hole.
            {skins.open ? ` ${skins.open} ${skins.open === 1 ? 'skin' : 'skins'} still open.` : ''}
          </p>
        </div>
      ) : null}
    </section>
  );
}
