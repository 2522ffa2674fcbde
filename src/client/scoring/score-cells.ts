// The score form's cells, as typed, and what they mean (R21): strokes are whole numbers from 1 to 15, an empty cell is no
// score. Kept apart from the components so the rules are read (and tested) in one place.
import type { FormatSettings } from '../../shared/formats';
import { MAX_STROKES, MIN_STROKES, type HolePar, type PlayerName, type ScoreValue } from '../../shared/tournament-day';

/** What is typed in each cell, by `playerId:holeNumber`. A missing key is an empty cell. */
export type Cells = Readonly<Record<string, string>>;

export const cellKey = (playerId: string, holeNumber: number) => `${playerId}:${holeNumber}`;

export function cellsFromScores(scores: ScoreValue[]): Cells {
  return Object.fromEntries(scores.map((s) => [cellKey(s.playerId, s.holeNumber), String(s.strokes)]));
}

/** The strokes a cell holds: a number, null when empty, or 'invalid' (0, 16, 2.5, letters…). */
export function readCell(text: string | undefined): number | null | 'invalid' {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  if (!/^\d{1,2}$/.test(trimmed)) return 'invalid';
  const strokes = Number(trimmed);
  return strokes >= MIN_STROKES && strokes <= MAX_STROKES ? strokes : 'invalid';
}

const strokesOf = (cells: Cells, playerId: string, holeNumber: number) => {
  const value = readCell(cells[cellKey(playerId, holeNumber)]);
  return typeof value === 'number' ? value : 0;
};

export const playerTotal = (cells: Cells, playerId: string, holes: HolePar[]) =>
  holes.reduce((sum, h) => sum + strokesOf(cells, playerId, h.number), 0);

/**
 * The team's strokes on a hole in its format (R28): the sum of its players' (stroke play; a scramble has one row), or the
 * best N once N players have scored (best ball; 0 before, as the board does not count the hole yet).
 */
export function holeTotal(cells: Cells, players: PlayerName[], holeNumber: number, rules?: FormatSettings): number {
  const strokes = players.map((p) => strokesOf(cells, p.id, holeNumber)).filter((n) => n > 0);
  if (rules?.format !== 'best_ball') return strokes.reduce((sum, n) => sum + n, 0);
  const counted = Math.min(rules.bestBalls, players.length);
  if (strokes.length < counted) return 0;
  return strokes
    .sort((a, b) => a - b)
    .slice(0, counted)
    .reduce((sum, n) => sum + n, 0);
}

export const teamTotal = (cells: Cells, players: PlayerName[], holes: HolePar[], rules?: FormatSettings) =>
  holes.reduce((sum, h) => sum + holeTotal(cells, players, h.number, rules), 0);

/**
 * R28: a scramble card has one row, 'Team', kept on the first golfer (docs/decisions/040); other formats a row per golfer.
 */
export function entryRows(players: PlayerName[], rules: FormatSettings): PlayerName[] {
  if (rules.format !== 'scramble' || players.length === 0) return players;
  return [{ id: players[0]!.id, firstName: 'Team', lastName: '' }];
}

/** Whether every player has strokes on the hole. */
export const holeComplete = (cells: Cells, players: PlayerName[], holeNumber: number) =>
  players.length > 0 && players.every((p) => typeof readCell(cells[cellKey(p.id, holeNumber)]) === 'number');

/** The cells to send (every valid score of the team's players on the course's holes), and those that cannot be sent. */
export function collectScores(cells: Cells, players: PlayerName[], holes: HolePar[]) {
  const scores: ScoreValue[] = [];
  const invalid: { playerId: string; holeNumber: number }[] = [];
  for (const player of players) {
    for (const hole of holes) {
      const value = readCell(cells[cellKey(player.id, hole.number)]);
      if (value === 'invalid') invalid.push({ playerId: player.id, holeNumber: hole.number });
      else if (value !== null) scores.push({ playerId: player.id, holeNumber: hole.number, strokes: value });
    }
  }
  return { scores, invalid };
}

/** A cell as what it means: its strokes, '' when empty, or the text itself marked unreadable ('!20'). */
function meaning(cells: Cells, key: string): string {
  const read = readCell(cells[key]);
  return read === 'invalid' ? `!${cells[key]}` : String(read ?? '');
}

/** The same scores, whatever the spacing or leading zeros typed: tells a changed form from a saved one. */
export function sameCells(a: Cells, b: Cells): boolean {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => meaning(a, key) === meaning(b, key));
}

/**
 * Whether a hole's cells as typed differ from the card this phone holds (`saved`): a change on that hole not saved yet,
 * an unreadable one (20, letters) included. The hole then says so, whatever it said before (docs/decisions/140).
 */
export const holeChanged = (saved: Cells, typed: Cells, players: PlayerName[], holeNumber: number) =>
  players.some((p) => meaning(saved, cellKey(p.id, holeNumber)) !== meaning(typed, cellKey(p.id, holeNumber)));

/** The +/− buttons: an empty (or unreadable) cell starts at the hole's par; otherwise one stroke more or less, within 1–15. */
export function stepStrokes(text: string | undefined, par: number, delta: 1 | -1): string {
  const value = readCell(text);
  if (typeof value !== 'number') return String(par);
  return String(Math.min(MAX_STROKES, Math.max(MIN_STROKES, value + delta)));
}

/**
 * After someone else saved the card: their card (`fresh`) with the user's own edits on top. An edit is a cell whose value
 * differs from the card the user started from (`base`), an emptied cell included; every other cell takes the fresh value.
 */
export function withOwnEdits(base: Cells, typed: Cells, fresh: Cells): Cells {
  const merged: Record<string, string> = { ...fresh };
  for (const key of new Set([...Object.keys(base), ...Object.keys(typed)])) {
    if (meaning(typed, key) !== meaning(base, key)) merged[key] = typed[key] ?? '';
  }
  return merged;
}

/** A cell the scorer changed: its strokes now and the strokes it was changed from (0: empty). */
export interface CellChange {
  playerId: string;
  holeNumber: number;
  base: number;
  strokes: number;
}

const strokesIn = (cells: Cells, key: string) => {
  const value = readCell(cells[key]);
  return typeof value === 'number' ? value : 0;
};

/** The valid cells of `typed` that differ from `base` (what one save sends, R32); unreadable cells are left out. */
export function changedCells(base: Cells, typed: Cells, players: PlayerName[], holes: HolePar[]): CellChange[] {
  const changes: CellChange[] = [];
  for (const player of players) {
    for (const hole of holes) {
      const key = cellKey(player.id, hole.number);
      if (readCell(typed[key]) === 'invalid') continue;
      const before = strokesIn(base, key);
      const now = strokesIn(typed, key);
      if (before !== now) changes.push({ playerId: player.id, holeNumber: hole.number, base: before, strokes: now });
    }
  }
  return changes;
}

/** The card with saves not yet synced laid over it, oldest first: what this phone holds. */
export function withChanges(cells: Cells, saves: readonly { changes: readonly CellChange[] }[]): Cells {
  const out: Record<string, string> = { ...cells };
  for (const save of saves) {
    for (const change of save.changes) {
      const key = cellKey(change.playerId, change.holeNumber);
      if (change.strokes > 0) out[key] = String(change.strokes);
      else delete out[key];
    }
  }
  return out;
}
