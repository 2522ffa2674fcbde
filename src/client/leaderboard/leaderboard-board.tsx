// One tournament's leaderboard rows (R22, R28–R30): position (ties share it: T2; 'won/lost on countback' where countback
// placed a team), team (with its start, 'Start 1A', once drawn: R31), to par, holes played, total and each player's total;
// with net scoring Net and Gross side by side and the team handicap. Under the board: the countback rule and, for net, the
// allowance used. Names only: the board is public (R11). A table on a wide screen or a TV, a list of cards on a phone.
import { memo } from 'react';
import { COUNTBACK_RULE } from '../../shared/countback';
import { allowanceText } from '../../shared/formats';
import { formatToPar, type LeaderboardRow } from '../../shared/tournament-day';
import type { Leaderboard } from './queries';
import { useMediaQuery } from '../lib/use-media-query';
import { cn } from '../ui/cn';
import { SideGamesSlot } from './side-games-slot';

const toParClass = (toPar: number) => (toPar < 0 ? 'text-red-700' : 'text-stone-900');
/** The score the board ranks on: net with net scoring, else gross. */
const ranked = (row: LeaderboardRow) => row.netToPar ?? row.toPar;
const COUNTBACK_NOTE = { won: 'won on countback', lost: 'lost on countback' } as const;

function CountbackNote({ row, className }: { row: LeaderboardRow; className?: string }) {
  if (!row.countback) return null;
  return (
    <span className={cn('block text-xs font-medium whitespace-nowrap text-stone-600', className)}>{COUNTBACK_NOTE[row.countback]}</span>
  );
}

/** R31: where the team started ('Start 1A'), once the draw is made. */
function StartNote({ row, className }: { row: LeaderboardRow; className?: string }) {
  if (!row.start) return null;
  return <span className={cn('text-xs font-normal whitespace-nowrap text-stone-600', className)}>Start {row.start}</span>;
}

function PlayerTotals({ row, withTotals, className }: { row: LeaderboardRow; withTotals: boolean; className?: string }) {
  return (
    <ul aria-label={`${row.teamName} players`} className={cn('flex flex-wrap gap-x-4', className)}>
      {row.players.map((player, i) => (
        // The board lists a team's players in a fixed order (R11: names only, no ids in the page): the place is the key.
        <li key={i} className="whitespace-nowrap">
          {player.name} {withTotals ? <span className="font-semibold tabular-nums">{player.total}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function BoardTable({ board, tv }: { board: Leaderboard; tv: boolean }) {
  const net = board.rules.netScoring;
  // A scramble's strokes are the team's: per-player totals would say nothing.
  const withTotals = board.rules.format !== 'scramble';
  const th = cn('whitespace-nowrap border-b-2 border-stone-300 px-3 py-2 font-semibold text-stone-700', tv && 'py-1.5 text-lg xl:text-2xl');
  const td = cn('border-b border-stone-200 px-3 align-middle', tv ? 'py-1.5' : 'py-2');
  const widths = net ? [7, 26, 9, 9, 6, 7, 6, 30] : [7, 33, 10, 7, 8, 35];
  return (
    <div className={cn('overflow-x-auto rounded-lg border border-stone-200 bg-white', tv && 'overflow-hidden border-0 bg-transparent')}>
      {/* On a TV the columns are fixed, so every row has the same height whatever its names and the pages hold the same number. */}
      <table className={cn('w-full text-left', tv ? 'table-fixed text-2xl xl:text-3xl' : 'text-sm')}>
        <caption className="sr-only">{board.tournament.name} leaderboard</caption>
        {tv ? (
          <colgroup>
            {widths.map((w, i) => (
              <col key={i} style={{ width: `${w}%` }} />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr>
            <th scope="col" className={cn(th, !tv && 'w-12')}>
              Pos
            </th>
            <th scope="col" className={th}>
              Team
            </th>
            {net ? (
              <>
                <th scope="col" className={cn(th, 'text-right')}>
                  Net
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  Gross
                </th>
              </>
            ) : (
              <th scope="col" className={cn(th, 'text-right')}>
                To par
              </th>
            )}
            <th scope="col" className={cn(th, 'text-right')}>
              Thru
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Total
            </th>
            {net ? (
              <th scope="col" className={cn(th, 'text-right')}>
                <abbr title="Team handicap">Hcp</abbr>
              </th>
            ) : null}
            <th scope="col" className={th}>
              Players
            </th>
          </tr>
        </thead>
        <tbody>
          {board.rows.map((row) => (
            <tr key={row.teamId} data-team={row.teamName}>
              <td className={cn(td, 'font-bold tabular-nums')}>
                {row.positionLabel}
                <CountbackNote row={row} className={cn(tv && 'text-sm xl:text-base')} />
              </td>
              <th scope="row" className={cn(td, 'font-semibold')}>
                {tv ? (
                  <span className="line-clamp-2">{row.teamName}</span>
                ) : (
                  <>
                    {row.teamName}
                    <StartNote row={row} className="block" />
                  </>
                )}
              </th>
              <td className={cn(td, 'text-right font-bold tabular-nums', toParClass(ranked(row)))}>{formatToPar(ranked(row))}</td>
              {net ? <td className={cn(td, 'text-right tabular-nums', toParClass(row.toPar))}>{formatToPar(row.toPar)}</td> : null}
              <td className={cn(td, 'text-right tabular-nums')}>{row.thru}</td>
              <td className={cn(td, 'text-right tabular-nums')}>{row.total}</td>
              {net ? <td className={cn(td, 'text-right tabular-nums')}>{row.handicap ?? '—'}</td> : null}
              <td className={cn(td, tv ? 'text-base xl:text-xl' : 'text-xs text-stone-700')}>
                <PlayerTotals row={row} withTotals={withTotals} className={cn(tv && 'grid grid-cols-2 gap-x-4 [&>li]:truncate')} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BoardCards({ board }: { board: Leaderboard }) {
  const net = board.rules.netScoring;
  return (
    <ol aria-label={`${board.tournament.name} leaderboard`} className="flex flex-col gap-2">
      {board.rows.map((row) => (
        <li key={row.teamId} data-team={row.teamName} className="flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-3">
          <p className="w-10 shrink-0 text-lg font-bold tabular-nums">
            <span className="sr-only">Position </span>
            {row.positionLabel}
          </p>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{row.teamName}</p>
            <StartNote row={row} className="block" />
            <CountbackNote row={row} />
            <PlayerTotals row={row} withTotals={board.rules.format !== 'scramble'} className="mt-1 text-xs text-stone-700" />
          </div>
          <div className="shrink-0 text-right">
            <p className={cn('text-2xl font-bold tabular-nums', toParClass(ranked(row)))}>
              <span className="sr-only">{net ? 'Net ' : 'To par '}</span>
              {net ? <span className="mr-1 text-xs font-semibold text-stone-600">Net</span> : null}
              {formatToPar(ranked(row))}
            </p>
            {net ? (
              <p className="text-xs text-stone-700">
                Gross {formatToPar(row.toPar)}
                {row.handicap != null ? ` · Hcp ${row.handicap}` : ''}
              </p>
            ) : null}
            <p className="text-xs text-stone-700">
              Thru {row.thru} · Total <span className="tabular-nums">{row.total}</span>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** What is printed under every board (R29, R30): the allowance used for net, and the countback rule. */
export function BoardNotes({ board }: { board: Leaderboard }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-stone-600">
      {board.rules.netScoring ? <p>Net = gross − handicap. {allowanceText(board.rules.format)}</p> : null}
      <p>{COUNTBACK_RULE}</p>
    </div>
  );
}

/**
 * A table on a wide screen (large type for a TV), cards on a phone (in TV mode too: six columns do not fit 390 px). Drawn
 * again only when its board changes: the page's live state ('Live', 'Reconnecting') changing redraws the heading, not
 * every row (the first message of the event stream came just after hydration and redrew the whole board).
 */
export const LeaderboardBoard = memo(function LeaderboardBoard({
  board,
  tv = false,
  emptyText,
}: {
  board: Leaderboard;
  tv?: boolean;
  emptyText: string;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (board.rows.length === 0)
    return (
      <div className="flex flex-col gap-2">
        <p className={cn('rounded-lg bg-white py-8 text-center text-stone-600', tv && 'bg-transparent text-2xl')}>{emptyText}</p>
        {tv ? null : <SideGamesSlot sideGames={board.sideGames} />}
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      {wide ? <BoardTable board={board} tv={tv} /> : <BoardCards board={board} />}
      {/* A TV pages through rows measured to fit the screen: the notes stay on the page and the score report. */}
      {/* TV mode shows the side games as a page of their own (tv-boards.tsx). */}
      {tv ? null : <BoardNotes board={board} />}
      {tv ? null : <SideGamesSlot sideGames={board.sideGames} />}
    </div>
  );
});
