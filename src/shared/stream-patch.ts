// A live board sent as its change (docs/decisions/128): after a score is saved, a stream that already has the board gets
// what changed, not the whole board again. A 36-team board is about 13 KB; a save changes the saving team's scores and
// the places of the teams it passes, a few hundred bytes, and the proxy encrypts and the server writes only that to every
// viewer. The server makes the patch once per change for every stream; the page applies it to the board it shows.

/** The event a patch goes out as on the live boards' stream (beside `leaderboard`, a whole board). */
export const LEADERBOARD_PATCH_EVENT = 'leaderboard-patch';

/** What a patch can change: a board with rows (one per team) and a time of computing (the leaderboard). */
export interface PatchableBoard {
  tournament: { id: string };
  updatedAt: string;
  rows: readonly object[];
}

/**
 * One row of the new board: the index of an unchanged row in the board the patch changes; that index and the fields of
 * it that changed (a team passed keeps all but its position); or a row whole (a team new to the board).
 */
export type RowPatch<Row = object> = number | [number, Record<string, unknown>] | Row;

/**
 * The `leaderboard-patch` event's data. `from`: the `updatedAt` of the board it changes (a page showing another version
 * cannot apply it). `rows`: the new board's rows in order. `changed`: the board's other fields that differ, whole.
 */
export interface BoardPatch<Row = object> {
  tournamentId: string;
  from: string;
  updatedAt: string;
  rows: RowPatch<Row>[];
  changed: Record<string, unknown>;
}

/** A row's team: the key a changed row is matched by in the board before. */
const ROW_KEY = 'teamId';
const TOP_LEVEL_SKIPPED = new Set(['rows', 'updatedAt']);

/**
 * The fields of `after` whose JSON differs from `before`'s (`skipped` left out), or null when `before` has a field
 * `after` has not (a patch spreads fields over the old object: it cannot remove one).
 */
function changedFields(before: object, after: object, skipped?: Set<string>): Record<string, unknown> | null {
  const old = before as Record<string, unknown>;
  if (Object.keys(old).some((key) => !(key in after))) return null;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!skipped?.has(key) && JSON.stringify(value) !== JSON.stringify(old[key])) changed[key] = value;
  }
  return changed;
}

/**
 * A row's JSON, kept with the row: a board's rows are stringified as the new rows of one patch and again as the old rows
 * of the next (boards are never changed once computed).
 */
const rowJsonCache = new WeakMap<object, string>();
function rowJson(row: object): string {
  let json = rowJsonCache.get(row);
  if (json === undefined) rowJsonCache.set(row, (json = JSON.stringify(row)));
  return json;
}

/** A new row as the shortest of: an unchanged row's index, a row's index with its changed fields, the row whole. */
function rowPatch(row: object, unchanged: Map<string, number>, byKey: Map<unknown, number>, rowsBefore: readonly object[]): RowPatch {
  const json = rowJson(row);
  const same = unchanged.get(json);
  if (same !== undefined) return same;
  const at = byKey.get((row as Record<string, unknown>)[ROW_KEY]);
  if (at === undefined) return row;
  const fields = changedFields(rowsBefore[at]!, row);
  return fields && JSON.stringify([at, fields]).length < json.length ? [at, fields] : row;
}

/**
 * `to` as a change to `from` (the same tournament's board), as JSON; null when a patch cannot say it (a field gone) or
 * would not be smaller than the board itself (`toJsonLength`).
 */
export function makeBoardPatch(from: PatchableBoard, to: PatchableBoard, toJsonLength: number): string | null {
  const changed = changedFields(from, to, TOP_LEVEL_SKIPPED);
  if (!changed) return null;
  const unchanged = new Map(from.rows.map((row, i) => [rowJson(row), i]));
  const byKey = new Map(from.rows.map((row, i) => [(row as Record<string, unknown>)[ROW_KEY], i]));
  const rows = to.rows.map((row) => rowPatch(row, unchanged, byKey, from.rows));
  const patch: BoardPatch = { tournamentId: to.tournament.id, from: from.updatedAt, updatedAt: to.updatedAt, rows, changed };
  const json = JSON.stringify(patch);
  return json.length < toJsonLength ? json : null;
}

/** `board` with `patch` applied, or null when the patch changes another version of it. */
export function applyBoardPatch<B extends PatchableBoard>(board: B, patch: BoardPatch): B | null {
  if (board.tournament.id !== patch.tournamentId || board.updatedAt !== patch.from) return null;
  const rows: object[] = [];
  for (const entry of patch.rows) {
    if (typeof entry !== 'number' && !Array.isArray(entry)) {
      rows.push(entry);
      continue;
    }
    const [at, fields] = typeof entry === 'number' ? [entry] : entry;
    if (!(at in board.rows)) return null;
    rows.push(fields ? { ...board.rows[at], ...fields } : board.rows[at]!);
  }
  return { ...board, ...patch.changed, rows, updatedAt: patch.updatedAt };
}
