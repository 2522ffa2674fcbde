// Score entry's rules and messages (spec §5, §8, §9; R21), used by the score grid and by PUT /api/teams/:teamId/scores.
import { z } from './zod';
import { PLAYERS_PER_TEAM } from './team-schemas';
import { MAX_STROKES, MIN_STROKES, type ScoreValue } from './tournament-day';

export const SCORE_MESSAGES = {
  strokes: `Strokes must be a whole number from ${MIN_STROKES} to ${MAX_STROKES}`,
  noScores: 'No scores to save',
  duplicate: 'Each golfer has one score per hole',
  player: 'Golfer not found',
  hole: 'Hole not found',
  changed: 'Someone else saved scores for this team since you opened it. Check the scores and save again.',
  scrambleRow: 'A scramble card has one score per hole, on the Team row',
} as const;

/**
 * R28: a scramble card has one row, 'Team', stored as the scores of the team's first golfer in player order (the sheet's
 * first player), so scores stay per player per hole (docs/decisions/040).
 */
export const scrambleRowPlayer = <P extends { id: string }>(players: readonly P[]): string | null => players[0]?.id ?? null;

/**
 * One cell of the grid. 0 is an empty cell: accepted and not saved (spec §5: only values above 0 are saved), so a form
 * may send every cell it shows.
 */
export const scoreValueSchema = z.object({
  playerId: z.guid({ error: SCORE_MESSAGES.player }),
  holeNumber: z.int({ error: SCORE_MESSAGES.hole }).min(1, SCORE_MESSAGES.hole).max(36, SCORE_MESSAGES.hole),
  strokes: z.int({ error: SCORE_MESSAGES.strokes }).min(0, SCORE_MESSAGES.strokes).max(MAX_STROKES, SCORE_MESSAGES.strokes),
});

/** The cells that are saved: strokes above 0. */
export const scoresToSave = (scores: readonly ScoreValue[]) => scores.filter((score) => score.strokes >= MIN_STROKES);

/**
 * A whole card's save (PUT /api/teams/:teamId/scores). Cells with strokes 1–15 are saved; every other cell of the team is
 * cleared (R21: saving replaces the team's scores); a cell may be sent with strokes 0 (empty: not saved). 400 'No scores to
 * save' when no cell is above 0 (nothing changes), 400 per cell for strokes outside 0–15, a hole not on the course or a
 * golfer not on the team (`fields` like `scores.3.strokes`). `version` is that of the sheet the scores were entered on: the
 * app always sends it; without it the save replaces the card unconditionally (scripts, benchmarks).
 */
export const saveScoresSchema = z
  .object({
    scores: z.array(scoreValueSchema, { error: SCORE_MESSAGES.noScores }).max(PLAYERS_PER_TEAM * 36, 'Too many scores'),
    version: z.string().max(100).optional(),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.scores.forEach((score, i) => {
      const key = `${score.playerId}:${score.holeNumber}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: SCORE_MESSAGES.duplicate, path: ['scores', i, 'holeNumber'] });
      seen.add(key);
    });
    if (scoresToSave(input.scores).length === 0) ctx.addIssue({ code: 'custom', message: SCORE_MESSAGES.noScores, path: ['scores'] });
  });
