// The board's side games (R44), under the rows on the leaderboard, TV mode and the score report: each contest hole with its
// winner and distance (a hole in one called out), and the skins won (ties carry over) with the pot still open. Names only.
import { CONTEST_LABELS, formatDistance } from '../../shared/contests';
import type { Leaderboard } from './queries';
import { cn } from '../ui/cn';

type SideGames = Leaderboard['sideGames'];

export function SideGamesBoard({ sideGames, tv = false }: { sideGames: SideGames; tv?: boolean }) {
  const { skins, contests } = sideGames;
  if (!skins && contests.length === 0) return null;
  return (
    <section aria-label="Side games" className={cn('grid gap-3 md:grid-cols-2', tv ? 'text-xl' : 'text-sm')}>
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
          <ol aria-label="Skins by hole" className="mt-2 flex flex-wrap gap-1">
            {skins.holes.map((h) => (
              <li
                key={h.hole}
                title={h.status === 'won' ? `${h.winnerName}: ${h.skins}` : h.status === 'tied' ? 'Tied: carried over' : 'Not decided yet'}
                className={cn(
                  'flex w-9 flex-col items-center rounded border text-xs leading-tight',
                  h.status === 'won'
                    ? 'border-green-700 bg-green-50'
                    : h.status === 'tied'
                      ? 'border-amber-400 bg-amber-50'
                      : 'border-stone-200',
                )}
              >
                <span className="font-semibold">{h.hole}</span>
                <span className="tabular-nums" aria-label={`hole ${h.hole}: ${h.status}, ${h.skins} at stake`}>
                  {h.status === 'won' ? h.skins : h.status === 'tied' ? '→' : '·'}
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-1 text-xs text-stone-600">
            Lowest team score alone wins the hole; a tie carries its skins to the next hole.
            {skins.open ? ` ${skins.open} ${skins.open === 1 ? 'skin' : 'skins'} still open.` : ''}
          </p>
        </div>
      ) : null}
    </section>
  );
}
