// Cell-by-cell score saves (R32): what a phone's outbox sends, and what the server answers. A save names only the
// cells its scorer changed, each with the value it was changed from (its base); the server applies a cell only while it
// still holds that base, so a cell someone else changed meanwhile comes back as a conflict with both values, and is kept.
// The idempotency key makes a save sent twice (its answer lost on the way back) change the card once.
import { z } from './zod';
import { PLAYERS_PER_TEAM } from './team-schemas';
import { SCORE_MESSAGES } from './score-schemas';
import { MAX_STROKES } from './tournament-day';

const strokes = z.int({ error: SCORE_MESSAGES.strokes }).min(0, SCORE_MESSAGES.strokes).max(MAX_STROKES, SCORE_MESSAGES.strokes);

/** One cell: 0 is an empty cell (`strokes: 0` clears it; `base: 0` means it was empty when the scorer changed it). */
export const scoreChangeSchema = z.object({
  playerId: z.guid({ error: SCORE_MESSAGES.player }),
  holeNumber: z.int({ error: SCORE_MESSAGES.hole }).min(1, SCORE_MESSAGES.hole).max(36, SCORE_MESSAGES.hole),
  base: strokes,
  strokes,
});
export type ScoreChange = z.infer<typeof scoreChangeSchema>;

export const SYNC_MESSAGES = {
  key: 'Every save needs its own key',
  noChanges: 'No scores to save',
} as const;

export const scoreChangesSchema = z
  .object({
    idempotencyKey: z.guid({ error: SYNC_MESSAGES.key }),
    changes: z
      .array(scoreChangeSchema, { error: SYNC_MESSAGES.noChanges })
      .min(1, SYNC_MESSAGES.noChanges)
      .max(PLAYERS_PER_TEAM * 36, 'Too many scores'),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.changes.forEach((change, i) => {
      const key = `${change.playerId}:${change.holeNumber}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: SCORE_MESSAGES.duplicate, path: ['changes', i, 'holeNumber'] });
      seen.add(key);
    });
  });

/** A cell that was not applied: someone else changed it from `base` to `theirs` before `mine` arrived. */
export interface ScoreConflict {
  playerId: string;
  holeNumber: number;
  base: number;
  mine: number;
  theirs: number;
}

// The answers (the card with its conflicts, a team's history) are declared as the routes' schemas:
// src/server/scoring/openapi-schemas.ts (docs/decisions/060).
