// One tournament's leaderboard rows (R22): position (ties share it: T2), team, to par, holes played, total and each
// player's total. Names only: the board is public (R11). A table on a wide screen or a TV, a list of cards on a phone.
import { formatToPar, type Leaderboard, type LeaderboardRow } from '../../shared/tournament-day';
import { useMediaQuery } from '../lib/use-media-query';
import { cn } from '../ui/cn';

const toParClass = (toPar: number) => (toPar < 0 ? 'text-red-700' : 'text-stone-900');

function PlayerTotals({ row, className }: { row: LeaderboardRow; className?: string }) {
  return (
    <ul aria-label={`${row.teamName} players`} className={cn('flex flex-wrap gap-x-4', className)}>
      {row.players.map((player) => (
        <li key={player.playerId} className="whitespace-nowrap">
          {player.name} <span className="font-semibold tabular-nums">{player.total}</span>
        </li>
      ))}
    </ul>
  );
}

function BoardTable({ board, tv }: { board: Leaderboard; tv: boolean }) {
  const th = cn('whitespace-nowrap border-b-2 border-stone-300 px-3 py-2 font-semibold text-stone-700', tv && 'py-1.5 text-lg xl:text-2xl');
  const td = cn('border-b border-stone-200 px-3 align-middle', tv ? 'py-1.5' : 'py-2');
  return (
    <div className={cn('overflow-x-auto rounded-lg border border-stone-200 bg-white', tv && 'overflow-hidden border-0 bg-transparent')}>
      {/* On a TV the columns are fixed, so every row has the same height whatever its names and the pages hold the same number. */}
      <table className={cn('w-full text-left', tv ? 'table-fixed text-2xl xl:text-3xl' : 'text-sm')}>
        <caption className="sr-only">{board.tournament.name} leaderboard</caption>
        {tv ? (
          <colgroup>
            <col className="w-[7%]" />
            <col className="w-[33%]" />
            <col className="w-[10%]" />
            <col className="w-[7%]" />
            <col className="w-[8%]" />
            <col className="w-[35%]" />
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
            <th scope="col" className={cn(th, 'text-right')}>
              To par
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Thru
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Total
            </th>
            <th scope="col" className={th}>
              Players
            </th>
          </tr>
        </thead>
        <tbody>
          {board.rows.map((row) => (
            <tr key={row.teamId} data-team-id={row.teamId}>
              <td className={cn(td, 'font-bold tabular-nums')}>{row.positionLabel}</td>
              <th scope="row" className={cn(td, 'font-semibold')}>
                {tv ? <span className="line-clamp-2">{row.teamName}</span> : row.teamName}
              </th>
              <td className={cn(td, 'text-right font-bold tabular-nums', toParClass(row.toPar))}>{formatToPar(row.toPar)}</td>
              <td className={cn(td, 'text-right tabular-nums')}>{row.thru}</td>
              <td className={cn(td, 'text-right tabular-nums')}>{row.total}</td>
              <td className={cn(td, tv ? 'text-base xl:text-xl' : 'text-xs text-stone-700')}>
                <PlayerTotals row={row} className={cn(tv && 'grid grid-cols-2 gap-x-4 [&>li]:truncate')} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BoardCards({ board }: { board: Leaderboard }) {
  return (
    <ol aria-label={`${board.tournament.name} leaderboard`} className="flex flex-col gap-2">
      {board.rows.map((row) => (
        <li key={row.teamId} data-team-id={row.teamId} className="flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-3">
          <p className="w-10 shrink-0 text-lg font-bold tabular-nums">
            <span className="sr-only">Position </span>
            {row.positionLabel}
          </p>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{row.teamName}</p>
            <PlayerTotals row={row} className="mt-1 text-xs text-stone-700" />
          </div>
          <div className="shrink-0 text-right">
            <p className={cn('text-2xl font-bold tabular-nums', toParClass(row.toPar))}>
              <span className="sr-only">To par </span>
              {formatToPar(row.toPar)}
            </p>
            <p className="text-xs text-stone-700">
              Thru {row.thru} · Total <span className="tabular-nums">{row.total}</span>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A table on a wide screen (large type for a TV), cards on a phone (in TV mode too: six columns do not fit 390 px). */
export function LeaderboardBoard({ board, tv = false, emptyText }: { board: Leaderboard; tv?: boolean; emptyText: string }) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (board.rows.length === 0) return <p className={cn('rounded-lg bg-white py-8 text-center text-stone-600', tv && 'bg-transparent text-2xl')}>{emptyText}</p>;
  return wide ? <BoardTable board={board} tv={tv} /> : <BoardCards board={board} />;
}
