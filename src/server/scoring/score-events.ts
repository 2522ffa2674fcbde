// The history of every score change (`score_events`, read by staff in the score report): the cells that differ between two
// cards, written in the saving transaction. Both ways of saving use it, the whole card (scores.ts) and the phone's cell-by-cell
// saves (score-sync.ts), so it lives below both (docs/conventions.md rule 11).
import type { Db } from '../db/connect';
import { scoreEvents } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface CellChange {
  playerId: string;
  holeNumber: number;
  oldStrokes: number | null;
  newStrokes: number | null;
}

/** Writes one `score_events` row per changed cell, in the caller's transaction. */
export async function recordScoreEvents(tx: Tx | Db, tournamentId: string, teamId: string, userId: string, changes: readonly CellChange[]) {
  if (changes.length === 0) return;
  await tx.insert(scoreEvents).values(changes.map((change) => ({ tournamentId, teamId, userId, ...change })));
}

/** The cells that differ between two cards (strokes by `playerId:hole`), as events. */
export function diffCards(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): CellChange[] {
  const changes: CellChange[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const oldStrokes = before.get(key) ?? null;
    const newStrokes = after.get(key) ?? null;
    if (oldStrokes === newStrokes) continue;
    const [playerId, hole] = key.split(':');
    changes.push({ playerId: playerId!, holeNumber: Number(hole), oldStrokes, newStrokes });
  }
  return changes;
}

export const cardOf = (scores: readonly { playerId: string | null; holeNumber: number; strokes: number }[]) =>
  new Map(scores.map((s) => [`${s.playerId}:${s.holeNumber}`, s.strokes]));
