// Score entry on a phone, out on the course: one hole at a time, large − and + beside each player (44 px and more), the
// hole's number and par, previous and next (wrapping round, as a shotgun start plays 7…18 then 1…6), and a hole picker.
// It opens on the team's starting hole.
import { ChevronLeft, ChevronRight, Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { MAX_STROKES, MIN_STROKES, startingHoleLabel } from '../../shared/tournament-day';
import type { ScoreSheet } from './queries';
import { fullName } from '../lib/format';
import { cn } from '../ui/cn';
import { SelectField } from '../ui/select-field';
import { HoleSyncMark, type HoleSync } from './sync-status';
import { cellKey, holeComplete, holeTotal, playerTotal, readCell, stepStrokes, teamTotal, type Cells } from './score-cells';

interface Props {
  sheet: ScoreSheet;
  cells: Cells;
  onChange: (key: string, text: string) => void;
  /** Whether the hole's scores are synced or still on this phone (R32). */
  holeStatus?: (hole: number) => HoleSync;
}

const roundButton =
  'flex h-12 w-12 shrink-0 items-center justify-center rounded-full border-2 border-brand-800 bg-white text-brand-900 active:bg-brand-100 disabled:border-stone-300 disabled:text-stone-400';

export function HoleByHole({ sheet, cells, onChange, holeStatus }: Props) {
  const { holes, players, team, rules } = sheet;
  const scramble = rules.format === 'scramble';
  const first = Math.max(
    0,
    holes.findIndex((h) => h.number === team.startingHole),
  );
  const [index, setIndex] = useState(first);
  const hole = holes[index]!;
  const go = (delta: number) => setIndex((i) => (i + delta + holes.length) % holes.length);

  return (
    <section aria-label="Scores, one hole at a time" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2 rounded-lg bg-brand-900 p-2 text-white">
        <button
          type="button"
          aria-label="Previous hole"
          onClick={() => go(-1)}
          className="flex h-12 w-12 items-center justify-center rounded-md hover:bg-brand-800"
        >
          <ChevronLeft aria-hidden className="size-6" />
        </button>
        <div className="text-center" aria-live="polite">
          <h3 className="text-3xl font-bold">Hole {hole.number}</h3>
          <p className="text-brand-100">
            Par {hole.par}
            {hole.number === team.startingHole ? ` · Starting hole (${startingHoleLabel(hole.number, team.startGroup)})` : ''}
          </p>
          {holeStatus ? <HoleSyncMark status={holeStatus(hole.number)} /> : null}
        </div>
        <button
          type="button"
          aria-label="Next hole"
          onClick={() => go(1)}
          className="flex h-12 w-12 items-center justify-center rounded-md hover:bg-brand-800"
        >
          <ChevronRight aria-hidden className="size-6" />
        </button>
      </div>

      <SelectField label="Go to hole" value={String(index)} onChange={(e) => setIndex(Number(e.target.value))}>
        {holes.map((h, i) => (
          <option key={h.number} value={i}>
            Hole {h.number} · par {h.par}
            {holeComplete(cells, players, h.number) ? ' · scored' : ''}
          </option>
        ))}
      </SelectField>

      <ul className="flex flex-col gap-2">
        {players.map((player) => {
          const name = fullName(player);
          const key = cellKey(player.id, hole.number);
          const value = readCell(cells[key]);
          const inputId = `strokes-${key}`;
          return (
            <li
              key={player.id}
              className={cn('flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white p-3', scramble && 'py-6')}
            >
              <div className="min-w-0">
                <label htmlFor={inputId} className={cn('block font-semibold break-words', scramble && 'text-xl')}>
                  {name}
                </label>
                <p className="text-sm text-stone-600">Total {playerTotal(cells, player.id, holes)}</p>
              </div>
              <div className="flex items-center gap-1.5">
                <button
                  type="button"
                  aria-label={`One stroke fewer for ${name}`}
                  disabled={value === MIN_STROKES}
                  onClick={() => onChange(key, stepStrokes(cells[key], hole.par, -1))}
                  className={roundButton}
                >
                  <Minus aria-hidden className="size-6" />
                </button>
                <input
                  id={inputId}
                  aria-label={`${name}, hole ${hole.number}`}
                  aria-invalid={value === 'invalid' || undefined}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={2}
                  value={cells[key] ?? ''}
                  onChange={(e) => onChange(key, e.target.value)}
                  className={cn(
                    'h-12 w-12 rounded-md border text-center text-2xl font-bold tabular-nums',
                    value === 'invalid' ? 'border-2 border-red-600 bg-red-50' : 'border-stone-300',
                  )}
                />
                <button
                  type="button"
                  aria-label={`One stroke more for ${name}`}
                  disabled={value === MAX_STROKES}
                  onClick={() => onChange(key, stepStrokes(cells[key], hole.par, 1))}
                  className={roundButton}
                >
                  <Plus aria-hidden className="size-6" />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-stone-700">
        An empty box is no score; − or + starts at par.
        {scramble ? ' One team score per hole.' : null} Team on hole {hole.number}
        {rules.format === 'best_ball' ? ` (best ${rules.bestBalls})` : ''}:{' '}
        <span className="font-semibold">{holeTotal(cells, players, hole.number, rules) || '—'}</span> · Team total:{' '}
        <span className="font-semibold">{teamTotal(cells, players, holes, rules)}</span>
      </p>
    </section>
  );
}
