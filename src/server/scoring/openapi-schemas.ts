// The tournament-day answers, declared once as zod schemas: the OpenAPI document, the handlers' compile-time check, the
// server's types below and the client's (through ApiAnswer, docs/decisions/060) all come from them.
import { z } from '@hono/zod-openapi';
import { format, startGroup, tournamentDates } from '../http/answer-fields';
import { BEST_BALLS } from '../../shared/formats';
import { CONTESTS } from '../../shared/contests';

/** R44: the contest holes (cart signs and the starting sheet mark them). */
const contestHoles = z.array(z.object({ contest: z.enum(CONTESTS), hole: z.number() }));
/** R44: the board's side games: skins when played, and each contest hole with its winner (null: none entered yet). */
const sideGamesSchema = z
  .object({
    skins: z
      .object({
        mode: z.enum(['gross', 'net']),
        open: z.number(),
        holes: z.array(
          z.object({
            hole: z.number(),
            skins: z.number(),
            status: z.enum(['won', 'tied', 'pending']),
            winnerName: z.string().nullable(),
            score: z.number().nullable(),
          }),
        ),
        winners: z.array(z.object({ name: z.string(), skins: z.number(), holes: z.array(z.number()) })),
      })
      .nullable(),
    contests: z.array(
      z.object({
        contest: z.enum(CONTESTS),
        hole: z.number(),
        winner: z
          .object({ teamName: z.string(), playerName: z.string().nullable(), distance: z.number(), holeInOne: z.boolean() })
          .nullable(),
      }),
    ),
  })
  .openapi('SideGames');

const holePar = z.object({ number: z.number(), par: z.number(), strokeIndex: z.number().nullable().optional() });
/** R28, R29: the format, best balls counted (best ball), and whether the board ranks by net. */
const rules = z.object({ format, bestBalls: z.literal(BEST_BALLS), netScoring: z.boolean() }).openapi('FormatRules');
const playerName = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const startingSheetSchema = z
  .object({
    tournament: tournamentDates,
    course: z.object({ id: z.string(), name: z.string(), holeCount: z.number() }).nullable(),
    assignments: z.array(
      z.object({
        teamId: z.string(),
        teamName: z.string(),
        company: z.string(),
        startingHole: z.number(),
        startGroup,
        players: z.array(playerName),
      }),
    ),
    teamsWithoutHole: z.number(),
    /** R36: each sponsored hole's sponsor (name and logo), for the sheet and the cart signs of that hole. */
    holeSponsors: z.array(z.object({ holeNumber: z.number(), sponsorName: z.string(), logoUrl: z.string().nullable() })),
    contestHoles,
  })
  .openapi('StartingSheet');

export const drawStatusSchema = z
  .object({
    tournaments: z.array(
      z.object({
        tournamentId: z.string(),
        teams: z.number(),
        teamsWithoutHole: z.number(),
        teamsWithScores: z.number(),
        holes: z.number(),
        singleGroupHoles: z.number(),
      }),
    ),
  })
  .openapi('DrawStatus');

export const scorecardsSchema = z
  .object({
    tournament: tournamentDates,
    course: z.object({ id: z.string(), name: z.string(), holes: z.array(holePar) }).nullable(),
    rules,
    teams: z.array(
      z.object({
        teamId: z.string(),
        teamName: z.string(),
        startingHole: z.number().nullable(),
        startGroup: startGroup.nullable(),
        players: z.array(playerName),
      }),
    ),
  })
  .openapi('Scorecards');

export const scoreEntryChoicesSchema = z
  .object({
    tournaments: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        teams: z.array(
          z.object({ teamId: z.string(), teamName: z.string(), startingHole: z.number().nullable(), startGroup: startGroup.nullable() }),
        ),
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

/** The event stream's `active` event: the boards to show, in order (its `leaderboard` events each carry one leaderboardSchema). */
export const activeTournamentsEventSchema = z.object({ tournamentIds: z.array(z.uuid()) }).openapi('ActiveTournamentsEvent');
export type ActiveTournamentsEvent = z.infer<typeof activeTournamentsEventSchema>;

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
        start: z.string().nullable(),
        toPar: z.number(),
        thru: z.number(),
        total: z.number(),
        netToPar: z.number().nullable(),
        netTotal: z.number().nullable(),
        handicap: z.number().nullable(),
        players: z.array(z.object({ name: z.string(), total: z.number().nullable() })),
      }),
    ),
    sideGames: sideGamesSchema,
    updatedAt: z.string(),
  })
  .openapi('Leaderboard');

/** A cell that was not applied: someone else changed it from `base` to `theirs` before `mine` arrived. */
const conflictSchema = z.object({ playerId: z.string(), holeNumber: z.number(), base: z.number(), mine: z.number(), theirs: z.number() });
/** `conflicts`: cells left as they were, for the scorer to choose; `replayed`: this key had been applied before. */
export const changesResultSchema = z
  .object({ sheet: scoreSheetSchema, conflicts: z.array(conflictSchema), replayed: z.boolean() })
  .openapi('ScoreChangesResult');
/** A team's score history, oldest first (staff, R32). Strokes null: an empty cell. */
export const historySchema = z
  .object({
    team: z.object({ id: z.string(), name: z.string() }),
    events: z.array(
      z.object({
        at: z.string(),
        playerId: z.string().nullable(),
        playerName: z.string().nullable(),
        holeNumber: z.number(),
        oldStrokes: z.number().nullable(),
        newStrokes: z.number().nullable(),
        by: z.string().nullable(),
      }),
    ),
  })
  .openapi('ScoreHistory');

export type StartingSheet = z.infer<typeof startingSheetSchema>;
export type DrawStatus = z.infer<typeof drawStatusSchema>;
export type Scorecards = z.infer<typeof scorecardsSchema>;
export type ScoreEntryChoices = z.infer<typeof scoreEntryChoicesSchema>;
export type ScoreSheet = z.infer<typeof scoreSheetSchema>;
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export type ScoreChangesResult = z.infer<typeof changesResultSchema>;
export type ScoreHistory = z.infer<typeof historySchema>;
