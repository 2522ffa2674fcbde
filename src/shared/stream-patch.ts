// A live board sent as its change (docs/decisions/128): after a score is saved, a stream that already has the board gets
// the rows that changed and the places of the rest, not the whole board again. A 36-team board is about 13 KB; a save
// changes the saving team's row and those it passes, so a phone on the course reads a few hundred bytes to a few KB per
// save, and the proxy encrypts and the server writes that much to every viewer. The server makes the patch once per change
// for every stream; the page applies it to the board it shows.

/** The event a patch goes out as on the live boards' stream (beside `leaderboard`, a whole board). */
export const LEADERBOARD_PATCH_EVENT = 'leaderboard-patch';

/** What a patch can change: a board with rows and a time of computing (the leaderboard). */
export interface PatchableBoard {
  tournament: { id: string };
  updatedAt: string;
  rows: readonly unknown[];
}

/**
 * The `leaderboard-patch` event's data. `from`: the `updatedAt` of the board it changes (a page showing another version
 * cannot apply it). `rows`: the new board's rows in order, each the index of an unchanged row in that board or the row
 * itself. `changed`: the board's other fields that differ, whole.
 */
export interface BoardPatch<Row = unknown> {
  tournamentId: string;
  from: string;
  updatedAt: string;
  rows: (number | Row)[];
  changed: Record<string, unknown>;
}

const TOP_LEVEL_SKIPPED = new Set(['rows', 'updatedAt']);

/**
 * `to` as a change to `from` (the same tournament's board), or null when a patch cannot say it (a field gone) or would
 * not be smaller than the board itself.
 */
export function makeBoardPatch(from: PatchableBoard, to: PatchableBoard, toJsonLength: number): string | null {
  const before = from as unknown as Record<string, unknown>;
  const after = to as unknown as Record<string, unknown>;
  if (Object.keys(before).some((key) => !(key in after))) return null;
  const indexOf = new Map(from.rows.map((row, i) => [JSON.stringify(row), i]));
  const rows = to.rows.map((row) => indexOf.get(JSON.stringify(row)) ?? row);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!TOP_LEVEL_SKIPPED.has(key) && JSON.stringify(value) !== JSON.stringify(before[key])) changed[key] = value;
  }
  const patch: BoardPatch = { tournamentId: to.tournament.id, from: from.updatedAt, updatedAt: to.updatedAt, rows, changed };
  const json = JSON.stringify(patch);
  return json.length < toJsonLength ? json : null;
}

/** `board` with `patch` applied, or null when the patch changes another version of it. */
export function applyBoardPatch<B extends PatchableBoard>(board: B, patch: BoardPatch): B | null {
  if (board.tournament.id !== patch.tournamentId || board.updatedAt !== patch.from) return null;
  const rows: unknown[] = [];
  for (const row of patch.rows) {
    if (typeof row !== 'number') rows.push(row);
    else if (row in board.rows) rows.push(board.rows[row]);
    else return null;
  }
  return { ...board, ...patch.changed, rows, updatedAt: patch.updatedAt };
}
