// Countback (R30): the one rule every board uses to order teams that finished on the same score.

export const COUNTBACK_RULE =
  'Ties among teams that have finished are decided by countback on hole numbers, whatever the starting hole: the last 9 holes (10–18), then the last 6 (13–18), the last 3 (16–18), then the 18th; for net, 1/2, 1/3, 1/6 and 1/18 of the team handicap are deducted. Teams still tied share the position.';

/** The stretches compared, as counts of last holes: 9, 6, 3, 1 on 18 holes (half, third, sixth, last hole on any course). */
export function countbackStretches(holeCount: number): number[] {
  return [Math.floor(holeCount / 2), Math.floor(holeCount / 3), Math.floor(holeCount / 6), 1].filter((n) => n >= 1);
}

export interface CountbackCard {
  /** Hole number → the strokes the board ranks on (gross, or net where the handicap was given hole by hole). */
  holes: ReadonlyMap<number, number>;
  /** Deducted in proportion to each stretch (stretch / holes): the team handicap for net scramble and stroke play, else 0. */
  handicap: number;
}

/**
 * The countback key of a finished card: for each stretch, its strokes minus handicap × stretch / holes, multiplied by the
 * number of holes so that every value stays a whole number (comparing 1/3 of a handicap in floating point could tie wrongly).
 */
export function countbackKey(card: CountbackCard, holeCount: number): number[] {
  return countbackStretches(holeCount).map((stretch) => {
    let strokes = 0;
    for (let hole = holeCount - stretch + 1; hole <= holeCount; hole++) strokes += card.holes.get(hole) ?? 0;
    return strokes * holeCount - card.handicap * stretch;
  });
}

/** Negative when `a` wins the countback, positive when `b` does, 0 when they are still tied after the last hole. */
export function compareCountback(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
