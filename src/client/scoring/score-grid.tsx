// Score entry on a wide screen: every player × every hole at once, with each player's total and the team's per hole.
// The player column stays in view while the holes scroll sideways. Enter moves down the hole, then on to the next hole:
// scorers copy a paper card a hole at a time. 18 holes do not fit beside the admin menu at 1280 px: the grid opens
// scrolled to the team's starting hole (a shotgun start begins most teams mid-card).
// A 9-hole card is narrower than the page: the grid's frame hugs it instead of leaving an empty band on its right.
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { ScoreSheet } from './queries';
import { fullName } from '../lib/format';
import { cn } from '../ui/cn';
import { HoleSyncMark, type HoleSync } from './sync-status';
import { cellKey, holeTotal, playerTotal, readCell, teamTotal, type Cells } from './score-cells';

interface GridProps {
  sheet: ScoreSheet;
  cells: Cells;
  onChange: (key: string, text: string) => void;
  /** Whether each hole's scores are synced or still on this phone (R32). */
  holeStatus?: (hole: number) => HoleSync;
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

interface GridRowProps {
  /** The header row: its cells head columns rather than the row. */
  heading?: boolean;
  label: ReactNode;
  labelClassName: string;
  total: ReactNode;
  totalClassName: string;
  className?: string;
  /** A cell per hole. */
  children: ReactNode;
}

/** One row of the grid: its name in the sticky first column, a cell per hole, its total at the sticky right edge. */
function GridRow({ heading, label, labelClassName, total, totalClassName, className, children }: GridRowProps) {
  const Total = heading ? 'th' : 'td';
  return (
    <tr className={className}>
      <th scope={heading ? 'col' : 'row'} className={cn(stickyCell, labelClassName)}>
        {label}
      </th>
      {children}
      <Total scope={heading ? 'col' : undefined} className={cn(stickyTotal, totalClassName)}>
        {total}
      </Total>
    </tr>
  );
}

/** Scrolls the holes so the starting hole's column is in view, just right of the names, when it is not in view already. */
function useOpenOnStartingHole(startingHole: number | null) {
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = scroller.current;
    const start = box?.querySelector<HTMLElement>('th[data-starting-hole]');
    const [name, total] = [box?.querySelector<HTMLElement>('thead th'), box?.querySelector<HTMLElement>('thead tr > :last-child')];
    if (!box || !start || !name || !total) return;
    const edges = box.getBoundingClientRect();
    const column = start.getBoundingClientRect();
    if (column.left >= edges.left + name.offsetWidth && column.right <= edges.right - total.offsetWidth) return;
    box.scrollLeft += column.left - (edges.left + name.offsetWidth);
  }, [startingHole]);
  return scroller;
}

export function ScoreGrid({ sheet, cells, onChange, holeStatus }: GridProps) {
  const { holes, players, team, rules } = sheet;
  const scroller = useOpenOnStartingHole(team.startingHole);
  const teamLabel = rules.format === 'best_ball' ? `Team (best ${rules.bestBalls})` : 'Team';
  return (
    <div ref={scroller} className="relative w-fit max-w-full overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Scores of {team.name} by player and hole</caption>
        <thead className="bg-stone-50">
          <GridRow
            heading
            label="Hole"
            labelClassName="min-w-36 bg-stone-50 py-2 font-semibold"
            total="Total"
            totalClassName="min-w-12 bg-stone-50 py-2 font-semibold"
          >
            {holes.map((hole) => (
              <th
                key={hole.number}
                scope="col"
                data-starting-hole={hole.number === team.startingHole || undefined}
                className={cn('px-1 py-2 text-center font-semibold', hole.number === team.startingHole && 'bg-brand-100')}
              >
                {hole.number}
                {hole.number === team.startingHole ? <span className="sr-only"> (starting hole)</span> : null}
              </th>
            ))}
          </GridRow>
          <GridRow
            className="text-stone-700"
            label="Par"
            labelClassName="border-b bg-stone-50 pb-2 font-medium"
            total={holes.reduce((sum, h) => sum + h.par, 0)}
            totalClassName="border-b bg-stone-50 pb-2 tabular-nums"
          >
            {holes.map((hole) => (
              <td key={hole.number} className="border-b border-stone-200 px-1 pb-2 text-center tabular-nums">
                {hole.par}
              </td>
            ))}
          </GridRow>
          {holeStatus ? (
            <GridRow
              className="text-stone-700"
              label="Saved"
              labelClassName="border-b bg-stone-50 py-1 text-xs font-medium"
              total=""
              totalClassName="border-b bg-stone-50"
            >
              {holes.map((hole) => (
                <td key={hole.number} data-hole={hole.number} className="border-b border-stone-200 px-1 py-1 text-center">
                  <HoleSyncMark status={holeStatus(hole.number)} compact />
                </td>
              ))}
            </GridRow>
          ) : null}
        </thead>
        <tbody>
          {players.map((player, row) => {
            const name = fullName(player);
            return (
              <GridRow
                key={player.id}
                label={name}
                labelClassName="border-b bg-white py-2 font-medium"
                total={playerTotal(cells, player.id, holes)}
                totalClassName="border-b bg-white font-semibold tabular-nums"
              >
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
              </GridRow>
            );
          })}
        </tbody>
        {rules.format === 'scramble' ? null : (
          <tfoot className="bg-stone-50 font-semibold">
            <GridRow
              label={teamLabel}
              labelClassName="bg-stone-50 py-2"
              total={teamTotal(cells, players, holes, rules)}
              totalClassName="bg-stone-50 py-2 tabular-nums"
            >
              {holes.map((hole) => (
                <td key={hole.number} className="px-1 py-2 text-center tabular-nums">
                  {holeTotal(cells, players, hole.number, rules) || ''}
                </td>
              ))}
            </GridRow>
          </tfoot>
        )}
      </table>
    </div>
  );
}
