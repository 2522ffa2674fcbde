// Formats, handicaps and net (R28, R29) as pure functions: a team's hole scores in each format, course and team
// handicaps with the USGA allowances, and the strokes a handicap gives on each hole. The leaderboard and every board use these.
import { DEFAULT_PAR } from './tournament-day';

export const FORMATS = ['stroke', 'scramble', 'best_ball'] as const;
export type Format = (typeof FORMATS)[number];
export const FORMAT_LABELS: Record<Format, string> = { stroke: 'Stroke play', scramble: 'Scramble', best_ball: 'Best ball' };
export const BEST_BALLS = [1, 2] as const;
export type BestBalls = (typeof BEST_BALLS)[number];

export interface FormatSettings {
  format: Format;
  /** Best ball only: how many of the team's best scores count on each hole. */
  bestBalls: BestBalls;
  netScoring: boolean;
}

export const SLOPE = { min: 55, max: 155, standard: 113 } as const;

/** 'Scramble', 'Best ball (best 2)', 'Stroke play', with ' · Net' when the tournament scores net. */
export function formatLabel(settings: FormatSettings): string {
  const base = settings.format === 'best_ball' ? `Best ball (best ${settings.bestBalls})` : FORMAT_LABELS[settings.format];
  return settings.netScoring ? `${base} · Net` : base;
}

/**
 * Half up, as the USGA rounds handicaps: 12.5 → 13, -2.5 → -2. A tiny epsilon absorbs binary floating point (0.15 × 30
 * is 4.499999…), so values that are .5 on paper round up.
 */
export const roundHalfUp = (value: number) => Math.floor(value + 0.5 + 1e-9);

export interface CourseRating {
  /** 55–155; 113 is a course of standard difficulty. */
  slope: number;
  /** The course rating; null means the course's par (then it adds nothing). */
  rating: number | null;
  /** The par of the course's holes. */
  par: number;
}

/** R29: Course handicap = index × slope / 113 + (rating − par), rounded half up. */
export function courseHandicap(index: number, course: CourseRating): number {
  const rating = course.rating ?? course.par;
  return roundHalfUp((index * course.slope) / SLOPE.standard + (rating - course.par));
}

/** Scramble allowances by team size, in percent of the course handicaps from lowest to highest (USGA). */
export const SCRAMBLE_ALLOWANCES: Record<number, readonly number[]> = { 1: [100], 2: [35, 15], 3: [30, 20, 10], 4: [25, 20, 15, 10] };
export const BEST_BALL_ALLOWANCE = 85;
export const STROKE_ALLOWANCE = 95;

/** Percent of a whole number, rounded half up, in integers only (no floating point drift). */
const percentOf = (value: number, percent: number) => Math.floor((value * percent + 50) / 100);

export interface TeamHandicap {
  /** Scramble and stroke: strokes the team receives over the round. Best ball: null (each player has their own). */
  team: number | null;
  /** Best ball: each player's playing handicap (85 %), in the order given. Otherwise empty. */
  players: number[];
}

/**
 * R29's team handicap from the players' course handicaps. Scramble: 25/20/15/10 % from lowest to highest (3 players
 * 30/20/10, 2 players 35/15), summed, then rounded. Stroke: 95 % of each, each rounded, summed. Best ball: 85 % of each.
 */
export function teamHandicap(format: Format, courseHandicaps: readonly number[]): TeamHandicap {
  if (courseHandicaps.length === 0) return { team: format === 'best_ball' ? null : 0, players: [] };
  if (format === 'best_ball') return { team: null, players: courseHandicaps.map((ch) => percentOf(ch, BEST_BALL_ALLOWANCE)) };
  if (format === 'stroke') return { team: courseHandicaps.reduce((sum, ch) => sum + percentOf(ch, STROKE_ALLOWANCE), 0), players: [] };
  const sorted = [...courseHandicaps].sort((a, b) => a - b);
  const allowances = SCRAMBLE_ALLOWANCES[Math.min(sorted.length, 4)]!;
  // Four or more players: the four lowest count (a scramble team is at most a foursome).
  const weighted = allowances.reduce((sum, percent, i) => sum + sorted[i]! * percent, 0);
  return { team: Math.floor((weighted + 50) / 100), players: [] };
}

/** The allowance printed under a net board. */
export function allowanceText(format: Format): string {
  if (format === 'scramble')
    return 'Team handicap: 25 %, 20 %, 15 % and 10 % of the players’ course handicaps from lowest to highest (3 players 30/20/10 %, 2 players 35/15 %).';
  if (format === 'best_ball')
    return 'Handicaps: each player receives 85 % of their course handicap, as strokes on the holes by stroke index.';
  return 'Team handicap: 95 % of each player’s course handicap, summed.';
}

/**
 * Strokes a handicap gives on the hole of stroke index `si` among `holeCount` holes: one on each hole whose index is at most
 * the handicap, a second round of strokes beyond `holeCount`. A plus handicap (below 0) gives strokes back, from the easiest
 * hole (highest index) down.
 */
export function strokesReceived(handicap: number, si: number, holeCount: number): number {
  if (handicap >= 0) return Math.floor(handicap / holeCount) + (si <= handicap % holeCount ? 1 : 0);
  const back = -handicap;
  return 0 - (Math.floor(back / holeCount) + (si > holeCount - (back % holeCount) ? 1 : 0)) || 0;
}

/** One hole of a team's card as the board counts it. */
export interface TeamHole {
  hole: number;
  /** The team's strokes on the hole in its format. */
  gross: number;
  /** After handicap strokes (equal to gross without net scoring). */
  net: number;
  /** The par the team's strokes are measured against: par × the scores counted (stroke: every scorer; best ball: N). */
  par: number;
}

export interface HoleInfo {
  number: number;
  par: number;
  /** Stroke index 1..holes; null when the course has none on record (then the hole number stands in). */
  strokeIndex: number | null;
}

/**
 * A team's holes in its format, from its players' strokes (playerId → hole → strokes, one entry per player of the team,
 * empty for a player without scores). `handicap` is the team's (scramble,
 * stroke) and `playerHandicaps` each player's (best ball), both used only with net scoring.
 * - stroke: every player's strokes count; a hole is played when any player has a score on it.
 * - scramble: one team score per hole (kept on one player's row); the lowest is taken should there be more.
 * - best ball: the best N scores; a hole is played once N players have a score on it (fewer would favour the team).
 *   Net picks the best N net scores, which need not be the best gross ones.
 */
export function teamHoles(
  settings: FormatSettings,
  holes: readonly HoleInfo[],
  strokes: ReadonlyMap<string, ReadonlyMap<number, number>>,
  handicap: number | null,
  playerHandicaps: ReadonlyMap<string, number>,
): TeamHole[] {
  const holeCount = Math.max(holes.length, 1);
  const infoOf = new Map(holes.map((h) => [h.number, h]));
  const played = new Set<number>();
  for (const card of strokes.values()) for (const hole of card.keys()) played.add(hole);
  const out: TeamHole[] = [];
  for (const hole of [...played].sort((a, b) => a - b)) {
    const info = infoOf.get(hole);
    const par = info?.par ?? DEFAULT_PAR;
    const si = info?.strokeIndex ?? hole;
    const cells = [...strokes].flatMap(([playerId, card]) => (card.has(hole) ? [{ playerId, strokes: card.get(hole)! }] : []));
    const teamStrokes = settings.netScoring ? strokesReceived(handicap ?? 0, si, holeCount) : 0;
    if (settings.format === 'stroke') {
      const gross = cells.reduce((sum, c) => sum + c.strokes, 0);
      out.push({ hole, gross, net: gross - teamStrokes, par: par * cells.length });
    } else if (settings.format === 'scramble') {
      const gross = Math.min(...cells.map((c) => c.strokes));
      out.push({ hole, gross, net: gross - teamStrokes, par });
    } else {
      const n = settings.bestBalls;
      if (cells.length < Math.min(n, strokes.size)) continue;
      const count = Math.min(n, cells.length);
      const best = (values: number[]) =>
        values
          .sort((a, b) => a - b)
          .slice(0, count)
          .reduce((sum, v) => sum + v, 0);
      const gross = best(cells.map((c) => c.strokes));
      const net = settings.netScoring
        ? best(cells.map((c) => c.strokes - strokesReceived(playerHandicaps.get(c.playerId) ?? 0, si, holeCount)))
        : gross;
      out.push({ hole, gross, net, par: par * count });
    }
  }
  return out;
}
