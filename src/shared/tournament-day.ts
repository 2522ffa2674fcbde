// Tournament day (issue 5): the domain types of the starting-hole draw, the score sheets and the leaderboard, shared by the
// server and the client. The answers' shapes are declared once, as the routes' zod schemas (src/server/scoring/
// openapi-schemas.ts, docs/decisions/060); the client reads them from there. Routes (access per R8, R9, R20–R22):
//   POST /api/admin/tournaments/:id/assign-teams      admin   → StartingSheet (replaces any earlier draw, R20)
//   GET  /api/admin/tournaments/:id/starting-sheet    staff   → StartingSheet
//   GET  /api/admin/tournaments/:id/scorecards        staff   → Scorecards (printable: one card per team)
//   GET  /api/score-entry/tournaments                 signed-in → ScoreEntryChoices (staff: every team; leader: own teams)
//   GET  /api/teams/:teamId/scores                    owner or staff → ScoreSheet
//   PUT  /api/teams/:teamId/scores  body saveScoresSchema owner or staff → ScoreSheet (replaces the team's scores, R21;
//                                                          409 when they changed since `version`)
//   GET  /api/admin/starting-holes                    admin   → DrawStatus (per tournament: teams without a hole, with scores)
//   GET  /api/leaderboard                             public  → PublicLeaderboards (every active tournament)
//   GET  /api/leaderboard/:tournamentId               public  → Leaderboard (404 when the tournament is not active)
//   GET  /api/leaderboard/events                      public  → text/event-stream, one per page for every board: event `active`
//                                                     (the active tournaments' ids), event `leaderboard` (a Leaderboard, on change)
//   GET  /api/admin/score-report/:tournamentId        staff   → Leaderboard (any tournament, active or not)

export const MIN_STROKES = 1;
export const MAX_STROKES = 15;
/** R22: a hole without a par counts as par 4. */
export const DEFAULT_PAR = 4;

export interface HolePar {
  number: number;
  par: number;
  /** R29: the hole's stroke index where the course has one on record. */
  strokeIndex?: number | null;
}

/** R31: 'A', or 'B' for the second group on a hole with two. */
export type StartGroup = 'A' | 'B';

/** '7A', '7B' (R31): a starting hole always shows with its group. */
export const startingHoleLabel = (hole: number, group: StartGroup | null | undefined) => `${hole}${group ?? 'A'}`;

export interface PlayerName {
  id: string;
  firstName: string;
  lastName: string;
}

export interface ScoreValue {
  playerId: string;
  holeNumber: number;
  strokes: number;
}

/** A player as the public board shows them: a name and a total (R11: names only; no id, which the page never needs). */
export interface LeaderboardPlayer {
  name: string;
  /** Strokes over the holes the player has a score on; null before their first (the board shows '—', not a total of 0). */
  total: number | null;
}

export interface LeaderboardRow {
  /** 1-based rank; ties share it. */
  position: number;
  /** The label shown: '1', 'T2', … */
  positionLabel: string;
  teamId: string;
  teamName: string;
  /** R31: where the team starts, '7A' / '7B'; null before the draw. */
  start: string | null;
  /** Strokes minus the par of the holes played (sum over players); shown as E, +n, -n. */
  toPar: number;
  /** Holes played by the team (a hole counts when any of its players has a score on it). */
  thru: number;
  total: number;
  /** With net scoring (R29): to par and total after handicap strokes, and the team handicap (null for best ball's per-player). */
  netToPar: number | null;
  netTotal: number | null;
  handicap: number | null;
  /** R30: placed above ('won') or below ('lost') teams on the same score by countback; null otherwise. */
  countback: CountbackResult;
  players: LeaderboardPlayer[];
}

export type CountbackResult = 'won' | 'lost' | null;

/** E, +n or -n (spec §9). */
export function formatToPar(toPar: number): string {
  if (toPar === 0) return 'E';
  return toPar > 0 ? `+${toPar}` : String(toPar);
}
