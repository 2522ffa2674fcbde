// The tournament-day answers (src/shared/tournament-day.ts) as zod schemas, for the OpenAPI document and typed handlers.
import { z } from '@hono/zod-openapi';
import { format, startGroup, tournamentDates } from '../http/answer-fields';

const holePar = z.object({ number: z.number(), par: z.number(), strokeIndex: z.number().nullable().optional() });
/** R28, R29: the format, best balls counted (best ball), and whether the board ranks by net. */
const rules = z.object({ format, bestBalls: z.number(), netScoring: z.boolean() }).openapi('FormatRules');
const playerName = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const startingSheetSchema = z
  .object({
    tournament: tournamentDates,
    course: z.object({ id: z.string(), name: z.string(), holeCount: z.number() }).nullable(),
    assignments: z.array(
      z.object({ teamId: z.string(), teamName: z.string(), company: z.string(), startingHole: z.number(), startGroup, players: z.array(playerName) }),
    ),
    teamsWithoutHole: z.number(),
  })
  .openapi('StartingSheet');

export const drawStatusSchema = z
  .object({
    tournaments: z.array(
      z.object({ tournamentId: z.string(), teams: z.number(), teamsWithoutHole: z.number(), teamsWithScores: z.number(), holes: z.number(), singleGroupHoles: z.number() }),
    ),
  })
  .openapi('DrawStatus');

export const scorecardsSchema = z
  .object({
    tournament: tournamentDates,
    course: z.object({ id: z.string(), name: z.string(), holes: z.array(holePar) }).nullable(),
    rules,
    teams: z.array(
      z.object({ teamId: z.string(), teamName: z.string(), startingHole: z.number().nullable(), startGroup: startGroup.nullable(), players: z.array(playerName) }),
    ),
  })
  .openapi('Scorecards');

export const scoreEntryChoicesSchema = z
  .object({
    tournaments: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        teams: z.array(z.object({ teamId: z.string(), teamName: z.string(), startingHole: z.number().nullable(), startGroup: startGroup.nullable() })),
      }),
    ),
  })
  .openapi('ScoreEntryChoices');

export const scoreSheetSchema = z
  .object({
    tournament: z.object({ id: z.string(), name: z.string() }),
    rules,
    team: z.object({ id: z.string(), name: z.string(), startingHole: z.number().nullable(), startGroup: startGroup.nullable() }),
    holes: z.array(holePar),
    players: z.array(playerName),
    scores: z.array(z.object({ playerId: z.string(), holeNumber: z.number(), strokes: z.number() })),
    version: z.string(),
  })
  .openapi('ScoreSheet');

export const leaderboardSchema = z
  .object({
    tournament: tournamentDates,
    holeCount: z.number(),
    rules,
    rows: z.array(
      z.object({
        position: z.number(),
        positionLabel: z.string(),
        countback: z.enum(['won', 'lost']).nullable(),
        teamId: z.string(),
        teamName: z.string(),
        toPar: z.number(),
        thru: z.number(),
        total: z.number(),
        netToPar: z.number().nullable(),
        netTotal: z.number().nullable(),
        handicap: z.number().nullable(),
        players: z.array(z.object({ playerId: z.string(), name: z.string(), total: z.number() })),
      }),
    ),
    updatedAt: z.string(),
  })
  .openapi('Leaderboard');
