// The shotgun draw (R20, R31) as pure functions: which holes take two groups, and a uniform draw of the teams
// onto the places (hole, group). The transaction around it is in starting-holes.ts.
import { randomInt } from 'node:crypto';
import type { HolePar, StartGroup } from '../../shared/tournament-day';

/** An integer in [0, max): node:crypto's randomInt, which rejects out-of-range draws instead of taking a modulo (no bias). */
export type RandomInt = (max: number) => number;

/** Fisher–Yates: every order of `items` equally likely, given a uniform `random`. */
export function shuffle<T>(items: readonly T[], random: RandomInt = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** R31: holes take a second group in this order of par; a par outside 3–5 (none on record) counts with the 4s. */
export const DOUBLING_ORDER = [5, 4, 3] as const;

/** How many teams the course can start: two on each hole but those the organiser keeps to one. */
export const shotgunCapacity = (holeCount: number, singleGroupHoles: readonly number[]) => 2 * holeCount - new Set(singleGroupHoles).size;

/**
 * Which holes take two groups for `teamCount` teams: none when each team can have its own hole; otherwise teamCount − holes
 * of them, par 5s first, then par 4s, then par 3s, never a hole kept to one group. Where only part of a par class is needed,
 * which of its holes is drawn at random (each subset equally likely), so the draw stays uniform among assignments that
 * follow the rule. Throws RangeError beyond the capacity.
 */
export function chooseDoubledHoles(
  teamCount: number,
  holes: readonly HolePar[],
  singleGroupHoles: readonly number[],
  random: RandomInt = randomInt,
): Set<number> {
  let needed = teamCount - holes.length;
  if (needed <= 0) return new Set();
  const single = new Set(singleGroupHoles);
  const open = holes.filter((h) => !single.has(h.number));
  if (needed > open.length) throw new RangeError('more teams than places');
  const doubled = new Set<number>();
  const classOf = (par: number) => ((DOUBLING_ORDER as readonly number[]).includes(par) ? par : 4);
  for (const par of DOUBLING_ORDER) {
    const candidates = open.filter((h) => classOf(h.par) === par).map((h) => h.number);
    for (const hole of shuffle(candidates, random).slice(0, needed)) doubled.add(hole);
    needed -= Math.min(needed, candidates.length);
    if (needed === 0) break;
  }
  return doubled;
}

export interface DrawnPlace {
  teamId: string;
  startingHole: number;
  startGroup: StartGroup;
}

/**
 * R20 and R31: with no more teams than holes, each team a different hole (every injective assignment equally likely);
 * beyond that, the doubled holes chosen as above and the teams shuffled onto every place (hole, A/B) of the doubled holes
 * and the single places of the others. Every assignment that follows the rule is equally likely.
 */
export function drawShotgun(
  teamIds: readonly string[],
  holes: readonly HolePar[],
  singleGroupHoles: readonly number[] = [],
  random: RandomInt = randomInt,
): DrawnPlace[] {
  if (teamIds.length <= holes.length) {
    const drawn = shuffle(
      holes.map((h) => h.number),
      random,
    );
    return teamIds.map((teamId, i) => ({ teamId, startingHole: drawn[i]!, startGroup: 'A' }));
  }
  const doubled = chooseDoubledHoles(teamIds.length, holes, singleGroupHoles, random);
  const places: { startingHole: number; startGroup: StartGroup }[] = holes.flatMap((h) =>
    doubled.has(h.number)
      ? [
          { startingHole: h.number, startGroup: 'A' as const },
          { startingHole: h.number, startGroup: 'B' as const },
        ]
      : [{ startingHole: h.number, startGroup: 'A' as const }],
  );
  const order = shuffle(places, random);
  return teamIds.map((teamId, i) => ({ teamId, ...order[i]! }));
}
