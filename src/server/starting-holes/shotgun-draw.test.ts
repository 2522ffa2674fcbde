// R31: two groups per hole. The rule (every hole one or two teams, par 5s then 4s then 3s doubled first, excluded holes
// single) and its uniformity: a chi-square bound per team that the real draw stays under and a fixed draw fails.
import { describe, expect, it } from 'vitest';
import type { HolePar } from '../../shared/tournament-day';
import { chooseDoubledHoles, drawShotgun, shotgunCapacity, type DrawnPlace, type RandomInt } from './shotgun-draw';

// A par-72 course: par 3s on 3, 7, 12, 16; par 5s on 2, 9, 13, 18; par 4s on the other ten.
const PAR3 = [3, 7, 12, 16];
const PAR5 = [2, 9, 13, 18];
const PAR4 = Array.from({ length: 18 }, (_, i) => i + 1).filter((h) => !PAR3.includes(h) && !PAR5.includes(h));
const HOLES: HolePar[] = Array.from({ length: 18 }, (_, i) => ({
  number: i + 1,
  par: PAR3.includes(i + 1) ? 3 : PAR5.includes(i + 1) ? 5 : 4,
}));
const ids = (n: number) => Array.from({ length: n }, (_, i) => `team-${i}`);

/** Teams per hole of one draw. */
function perHole(drawn: DrawnPlace[]) {
  const count = new Map<number, string[]>();
  for (const d of drawn) count.set(d.startingHole, [...(count.get(d.startingHole) ?? []), d.startGroup]);
  return count;
}

/** Laurent–Massart: P(X ≥ k + 2√(kx) + 2x) ≤ e^-x for X ~ χ²(k); e^-x = 1e-9 shared among the rows. */
function chiSquareBound(degrees: number, rows: number, falseAlarm = 1e-9) {
  const x = Math.log(rows / falseAlarm);
  return degrees + 2 * Math.sqrt(degrees * x) + 2 * x;
}

/** Each team's Pearson X² of its slot counts against `expected` probabilities over `draws` draws. */
function rowChiSquares(teams: number, draws: number, slotOf: (d: DrawnPlace) => number, expected: number[], draw: () => DrawnPlace[]) {
  const counts = Array.from({ length: teams }, () => new Array<number>(expected.length).fill(0));
  for (let n = 0; n < draws; n++) draw().forEach((d, team) => counts[team]![slotOf(d)]!++);
  return counts.map((row) =>
    row.reduce((sum, observed, slot) => sum + (observed - draws * expected[slot]!) ** 2 / (draws * expected[slot]!), 0),
  );
}

describe('which holes take two groups (R31)', () => {
  it('36 teams on 18 holes: every hole has two teams, groups A and B', () => {
    const drawn = drawShotgun(ids(36), HOLES);
    expect(drawn.map((d) => d.teamId)).toEqual(ids(36));
    const holes = perHole(drawn);
    expect(holes.size).toBe(18);
    for (const groups of holes.values()) expect(groups.sort()).toEqual(['A', 'B']);
  });

  it('22 teams: the four par 5s are doubled (18 + 4), every other hole has one team, group A', () => {
    for (let n = 0; n < 50; n++) {
      const holes = perHole(drawShotgun(ids(22), HOLES));
      expect(
        [...holes]
          .filter(([, g]) => g.length === 2)
          .map(([h]) => h)
          .sort((a, b) => a - b),
      ).toEqual(PAR5);
      expect([...holes].filter(([, g]) => g.length === 1).every(([, g]) => g[0] === 'A')).toBe(true);
      expect(holes.size).toBe(18);
    }
  });

  it('30 teams: the par 5s, then 8 of the 10 par 4s; no par 3 is doubled', () => {
    const doubled = chooseDoubledHoles(30, HOLES, []);
    expect(doubled.size).toBe(12);
    expect(PAR5.every((h) => doubled.has(h))).toBe(true);
    expect(PAR4.filter((h) => doubled.has(h))).toHaveLength(8);
    expect(PAR3.some((h) => doubled.has(h))).toBe(false);
  });

  it('33 teams: par 5s, all par 4s, then 1 of the par 3s', () => {
    const doubled = chooseDoubledHoles(33, HOLES, []);
    expect([...PAR5, ...PAR4].every((h) => doubled.has(h))).toBe(true);
    expect(PAR3.filter((h) => doubled.has(h))).toHaveLength(1);
  });

  it('holes the organiser keeps to one group are never doubled: par 5 on 9 excluded, 22 teams → 2, 13, 18 and a par 4', () => {
    for (let n = 0; n < 50; n++) {
      const holes = perHole(drawShotgun(ids(22), HOLES, [9]));
      expect(holes.get(9)).toHaveLength(1);
      const doubled = [...holes].filter(([, g]) => g.length === 2).map(([h]) => h);
      expect(doubled.filter((h) => PAR5.includes(h)).sort((a, b) => a - b)).toEqual([2, 13, 18]);
      expect(doubled.filter((h) => PAR4.includes(h))).toHaveLength(1);
    }
  });

  it('capacity is two per hole less the single holes; beyond it the draw refuses', () => {
    expect(shotgunCapacity(18, [])).toBe(36);
    expect(shotgunCapacity(18, [1, 9, 9])).toBe(34);
    expect(() => drawShotgun(ids(37), HOLES)).toThrow(RangeError);
    expect(() => drawShotgun(ids(35), HOLES, [1, 2])).toThrow(RangeError);
  });

  it('with no more teams than holes, one team per hole as before', () => {
    const drawn = drawShotgun(ids(18), HOLES);
    expect(new Set(drawn.map((d) => d.startingHole)).size).toBe(18);
    expect(drawn.every((d) => d.startGroup === 'A')).toBe(true);
  });
});

describe('the two-group draw is uniform among the assignments that follow the rule', () => {
  it("36 teams: each team's place (hole, group) is uniform over the 36 places; a fixed draw fails the same bound", () => {
    const slot = (d: DrawnPlace) => (d.startingHole - 1) * 2 + (d.startGroup === 'B' ? 1 : 0);
    const uniform = new Array(36).fill(1 / 36);
    const bound = chiSquareBound(35, 36);
    const fair = rowChiSquares(36, 40_000, slot, uniform, () => drawShotgun(ids(36), HOLES));
    expect(Math.max(...fair)).toBeLessThan(bound);
    const fixed: RandomInt = () => 0;
    const rigged = rowChiSquares(36, 2_000, slot, uniform, () => drawShotgun(ids(36), HOLES, [], fixed));
    expect(Math.min(...rigged)).toBeGreaterThan(bound);
  });

  it("30 teams: each team's hole follows the rule's odds (par 5 2/30, par 4 1.8/30, par 3 1/30)", () => {
    // A par 5 is always doubled: 2 places of 30. A par 4 is doubled in 8 of 10 draws: (0.8 × 2 + 0.2 × 1) / 30 = 1.8/30.
    // A par 3 always has one place: 1/30. Total: 4 × 2 + 10 × 1.8 + 4 × 1 = 30 places.
    const expected = HOLES.map((h) => (h.par === 5 ? 2 : h.par === 4 ? 1.8 : 1) / 30);
    expect(expected.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    const bound = chiSquareBound(17, 30);
    const fair = rowChiSquares(
      30,
      40_000,
      (d) => d.startingHole - 1,
      expected,
      () => drawShotgun(ids(30), HOLES),
    );
    expect(Math.max(...fair)).toBeLessThan(bound);
    // A draw whose every other choice is fixed (the first par 4s, the first places) fails the same bound.
    let flip = 0;
    const firstChoices: RandomInt = (max) => (flip++ % 2 === 0 ? 0 : Math.floor(Math.random() * max));
    const biased = rowChiSquares(
      30,
      4_000,
      (d) => d.startingHole - 1,
      expected,
      () => drawShotgun(ids(30), HOLES, [], firstChoices),
    );
    expect(Math.max(...biased)).toBeGreaterThan(bound);
  });
});
