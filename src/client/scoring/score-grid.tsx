// Score entry on a wide screen: every player × every hole at once, with each player's total and the team's per hole.
// The player column stays in view while the holes scroll sideways. Enter moves down the hole, then on to the next hole:
// scorers copy a paper card a hole at a time.
import type { KeyboardEvent } from 'react';
import type { ScoreSheet } from '../../shared/tournament-day';
import { fullName } from '../lib/format';
import { cn } from '../ui/cn';
import { cellKey, holeTotal, playerTotal, readCell, teamTotal, type Cells } from './score-cells';

interface GridProps {
  sheet: ScoreSheet;
  cells: Cells;
  onChange: (key: string, text: string) => void;
}

const stickyCell = 'sticky left-0 z-10 border-r border-stone-200 px-3 text-left';
/** The totals stay in view too, at the right edge. */
const stickyTotal = 'sticky right-0 z-10 border-l border-stone-200 px-3 text-right';

function moveOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const inputs = [...(event.currentTarget.closest('table')?.querySelectorAll<HTMLInputElement>('input[data-col]') ?? [])];
  const here = event.currentTarget;
  const col = Number(here.dataset.col);
  const row = Number(here.dataset.row);
  const at = (r: number, c: number) => inputs.find((i) => Number(i.dataset.row) === r && Number(i.dataset.col) === c);
  (at(row + 1, col) ?? at(0, col + 1))?.focus();
}

export function ScoreGrid({ sheet, cells, onChange }: GridProps) {
  const { holes, players, team } = sheet;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          Scores of {team.name} by player and hole
        </caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={cn(stickyCell, 'min-w-36 bg-stone-50 py-2 font-semibold')}>
              Hole
            </th>
            {holes.map((hole) => (
              <th key={hole.number} scope="col" className={cn('px-1 py-2 text-center font-semibold', hole.number === team.startingHole && 'bg-brand-100')}>
                {hole.number}
                {hole.number === team.startingHole ? <span className="sr-only"> (starting hole)</span> : null}
              </th>
            ))}
            <th scope="col" className={cn(stickyTotal, 'min-w-12 bg-stone-50 py-2 font-semibold')}>
              Total
            </th>
          </tr>
          <tr className="text-stone-700">
            <th scope="row" className={cn(stickyCell, 'border-b bg-stone-50 pb-2 font-medium')}>
              Par
            </th>
            {holes.map((hole) => (
              <td key={hole.number} className="border-b border-stone-200 px-1 pb-2 text-center tabular-nums">
                {hole.par}
              </td>
            ))}
            <td className={cn(stickyTotal, 'border-b bg-stone-50 pb-2 tabular-nums')}>{holes.reduce((sum, h) => sum + h.par, 0)}</td>
          </tr>
        </thead>
        <tbody>
          {players.map((player, row) => {
            const name = fullName(player);
            return (
              <tr key={player.id}>
                <th scope="row" className={cn(stickyCell, 'border-b bg-white py-2 font-medium')}>
                  {name}
                </th>
                {holes.map((hole, col) => {
                  const key = cellKey(player.id, hole.number);
                  const invalid = readCell(cells[key]) === 'invalid';
                  return (
                    <td key={hole.number} className="border-b border-stone-100 p-1 text-center">
                      <input
                        aria-label={`${name}, hole ${hole.number}`}
                        aria-invalid={invalid || undefined}
                        data-row={row}
                        data-col={col}
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={2}
                        value={cells[key] ?? ''}
                        onChange={(e) => onChange(key, e.target.value)}
                        onKeyDown={moveOnEnter}
                        className={cn(
                          'h-10 w-10 rounded-md border text-center text-base tabular-nums',
                          invalid ? 'border-2 border-red-600 bg-red-50' : 'border-stone-300',
                        )}
                      />
                    </td>
                  );
                })}
                <td className={cn(stickyTotal, 'border-b bg-white font-semibold tabular-nums')}>{playerTotal(cells, player.id, holes)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="bg-stone-50 font-semibold">
          <tr>
            <th scope="row" className={cn(stickyCell, 'bg-stone-50 py-2')}>
              Team
            </th>
            {holes.map((hole) => (
              <td key={hole.number} className="px-1 py-2 text-center tabular-nums">
                {holeTotal(cells, players, hole.number) || ''}
              </td>
            ))}
            <td className={cn(stickyTotal, 'bg-stone-50 py-2 tabular-nums')}>{teamTotal(cells, players, holes)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
