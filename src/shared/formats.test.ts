// R28–R30 worked by hand (a paper table), not from the code's output: each expected value carries its arithmetic.
import { describe, expect, it } from 'vitest';
import { compareCountback, countbackKey } from './countback';
import { courseHandicap, strokesReceived, teamHandicap, teamHoles, type FormatSettings, type HoleInfo } from './formats';
import { computeLeaderboardRows, type BoardRules, type LeaderboardScore, type LeaderboardTeam } from './leaderboard';

describe('course handicap (R29: index × slope / 113 + (rating − par), rounded half up)', () => {
  it.each([
    // 12.4 × 125 / 113 = 13.717; + (70.1 − 72) = 11.817 → 12
    [12.4, 125, 70.1, 72, 12],
    // 0.0 × 125 / 113 = 0; + (70.1 − 72) = −1.9 → −2
    [0, 125, 70.1, 72, -2],
    // 20.0 × 113 / 113 = 20; rating = par → 20
    [20, 113, null, 72, 20],
    // 5.3 × 113 / 113 = 5.3; + (72.5 − 72) = 5.8 → 6
    [5.3, 113, 72.5, 72, 6],
    // 12.5 exactly: half up → 13
    [12.5, 113, null, 72, 13],
    // 8.0 × 140 / 113 = 9.912 → 10
    [8, 140, null, 72, 10],
  ])('index %d, slope %d, rating %s, par %d → %d', (index, slope, rating, par, expected) => {
    expect(courseHandicap(index, { slope, rating, par })).toBe(expected);
  });
});

describe('team handicaps by the USGA allowances (R29)', () => {
  it('scramble of 4: 25/20/15/10 % from lowest to highest, summed, then rounded', () => {
    // sorted 5, 12, 20, 30: 1.25 + 2.4 + 3.0 + 3.0 = 9.65 → 10
    expect(teamHandicap('scramble', [20, 5, 12, 30]).team).toBe(10);
    // sorted 0, 0, 0, 5: 0.5 → 1 (half up)
    expect(teamHandicap('scramble', [0, 5, 0, 0]).team).toBe(1);
  });
  it('scramble of 3: 30/20/10 %, of 2: 35/15 %', () => {
    // sorted 4, 10, 18: 1.2 + 2.0 + 1.8 = 5.0 → 5
    expect(teamHandicap('scramble', [10, 4, 18]).team).toBe(5);
    // sorted 9, 15: 3.15 + 2.25 = 5.4 → 5
    expect(teamHandicap('scramble', [15, 9]).team).toBe(5);
  });
  it('best ball: each player 85 % of their course handicap, rounded', () => {
    // 12 → 10.2 → 10; 13 → 11.05 → 11; 10 → 8.5 → 9; 0 → 0
    expect(teamHandicap('best_ball', [12, 13, 10, 0])).toEqual({ team: null, players: [10, 11, 9, 0] });
  });
  it('stroke: 95 % of each, each rounded, summed', () => {
    // 12 → 11.4 → 11; 20 → 19; 3 → 2.85 → 3; 10 → 9.5 → 10; 11 + 19 + 3 + 10 = 43
    expect(teamHandicap('stroke', [12, 20, 3, 10]).team).toBe(43);
  });
});

describe('strokes received by stroke index', () => {
  it.each([
    // 10 strokes on 18 holes: one on stroke index 1..10
    [10, 10, 1],
    [10, 11, 0],
    // 20 strokes: one on every hole, a second on indexes 1 and 2
    [20, 2, 2],
    [20, 3, 1],
    // plus 2: two strokes given back, on the two easiest holes (indexes 17 and 18)
    [-2, 17, -1],
    [-2, 16, 0],
  ])('handicap %d on stroke index %d → %d', (handicap, si, expected) => {
    expect(strokesReceived(handicap, si, 18)).toBe(expected);
  });
});

describe('best ball hole scores', () => {
  // One par-4 hole of stroke index 1 on an 18-hole course; players p1..p4 score 5, 4, 6, 4; playing handicaps 10, 0, 20, 5
  // give 1, 0, 2, 1 strokes on index 1 → nets 4, 4, 4, 3.
  const holes: HoleInfo[] = Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
  const strokes = new Map([5, 4, 6, 4].map((s, i) => [`p${i + 1}`, new Map([[1, s]])]));
  const handicaps = new Map([10, 0, 20, 5].map((h, i) => [`p${i + 1}`, h]));
  const settings = (bestBalls: 1 | 2, netScoring: boolean): FormatSettings => ({ format: 'best_ball', bestBalls, netScoring });

  it('best 1: the lowest gross (4) and the lowest net (3), against par 4', () => {
    expect(teamHoles(settings(1, true), holes, strokes, null, handicaps)).toEqual([{ hole: 1, gross: 4, net: 3, par: 4 }]);
  });
  it('best 2: 4 + 4 = 8 gross, 3 + 4 = 7 net, against par 2 × 4 = 8', () => {
    expect(teamHoles(settings(2, true), holes, strokes, null, handicaps)).toEqual([{ hole: 1, gross: 8, net: 7, par: 8 }]);
  });
  it('a hole counts once N players have a score on it', () => {
    const one = new Map([
      ['p1', new Map([[1, 5]])],
      ['p2', new Map<number, number>()],
    ]);
    expect(teamHoles(settings(2, false), holes, one, null, new Map())).toEqual([]);
    expect(teamHoles(settings(1, false), holes, one, null, new Map())).toEqual([{ hole: 1, gross: 5, net: 5, par: 4 }]);
  });
});

// ── Boards with countback (R30), 18 holes all par 4 (par 72), stroke index = hole number, slope 113, rating = par ──────
const HOLES = Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
const SCRAMBLE: BoardRules = { format: 'scramble', bestBalls: 1, netScoring: false, slope: 113, rating: null };
const SCRAMBLE_NET: BoardRules = { ...SCRAMBLE, netScoring: true };

/** A foursome whose players all have Handicap Index `index` (course handicap = index at slope 113, rating = par). */
const foursome = (id: string, index = 0): LeaderboardTeam => ({
  id,
  name: `Team ${id.toUpperCase()}`,
  players: [1, 2, 3, 4].map((n) => ({ id: `${id}${n}`, firstName: 'P', lastName: `${id}${n}`, handicapIndex: index })),
});
/** Scramble card: 18 hole scores, par (4) everywhere except `changes` (hole → strokes), kept on the first player. */
const card = (team: LeaderboardTeam, changes: Record<number, number> = {}, holes = 18): LeaderboardScore[] =>
  Array.from({ length: holes }, (_, i) => ({
    teamId: team.id,
    playerId: team.players[0]!.id,
    holeNumber: i + 1,
    strokes: changes[i + 1] ?? 4,
  }));
const summary = (rows: ReturnType<typeof computeLeaderboardRows>) => rows.map((r) => [r.teamId, r.positionLabel, r.countback]);

describe('countback, gross', () => {
  it('the last 9 decide: A (35 on 10–18) beats B (36 on 10–18), both 71', () => {
    const [a, b] = [foursome('a'), foursome('b')];
    // A: front 36, back 35 (a birdie on 12) = 71. B: a birdie on 3 → front 35, back 36 = 71.
    const rows = computeLeaderboardRows(HOLES, [b, a], [...card(a, { 12: 3 }), ...card(b, { 3: 3 })], SCRAMBLE);
    expect(summary(rows)).toEqual([
      ['a', '1', 'won'],
      ['b', '2', 'lost'],
    ]);
  });

  it('equal last 9 → the last 6: A 23 on 13–18 beats B 25', () => {
    const [a, b] = [foursome('a'), foursome('b')];
    // A: 3=3, 10=5, 15=3 → front 35, back 36 (10–12: 13, 13–18: 23) = 71.
    // B: 3=3, 12=3, 17=5 → front 35, back 36 (10–12: 11, 13–18: 25) = 71. Last 9 equal; last 6: A 23 < B 25.
    const rows = computeLeaderboardRows(HOLES, [a, b], [...card(a, { 10: 5, 15: 3, 3: 3 }), ...card(b, { 12: 3, 17: 5, 3: 3 })], SCRAMBLE);
    expect(summary(rows)).toEqual([
      ['a', '1', 'won'],
      ['b', '2', 'lost'],
    ]);
  });

  it('a tie that lasts to the 18th shares the position; a third team on the same total loses on countback', () => {
    const [a, b, c] = [foursome('a'), foursome('b'), foursome('c')];
    // A: birdie 1, bogey 2 = 72; B: bogey 1, birdie 2 = 72. Holes 10–18 identical (36), 13–18 (24), 16–18 (12), 18th (4).
    // C: birdie 5, bogey 18 = 72, but 10–18 = 37 > 36: third, 'lost on countback'.
    const rows = computeLeaderboardRows(
      HOLES,
      [c, b, a],
      [...card(a, { 1: 3, 2: 5 }), ...card(b, { 1: 5, 2: 3 }), ...card(c, { 5: 3, 18: 5 })],
      SCRAMBLE,
    );
    expect(summary(rows)).toEqual([
      ['a', 'T1', null],
      ['b', 'T1', null],
      ['c', '3', 'lost'],
    ]);
  });

  it('counts back on hole numbers, not playing order: a team that started on 10 and finished on 9', () => {
    const [s, t] = [foursome('s'), foursome('t')];
    // S started on 10: its last nine played were holes 1–9 (33: birdies on 1, 2, 3), its holes 10–18 were 37 (bogey 18): 70.
    // T: holes 1–9 = 36, holes 10–18 = 34 (birdies 11 and 14): 70. Countback takes holes 10–18: T 34 beats S 37.
    const rows = computeLeaderboardRows(HOLES, [s, t], [...card(s, { 1: 3, 2: 3, 3: 3, 18: 5 }), ...card(t, { 11: 3, 14: 3 })], SCRAMBLE);
    expect(summary(rows)).toEqual([
      ['t', '1', 'won'],
      ['s', '2', 'lost'],
    ]);
  });

  it('is not used while a tied team is still playing: they share the position', () => {
    const [a, b] = [foursome('a'), foursome('b')];
    // A: 18 holes, birdie 12 → -1. B: 17 holes, birdie 3 → -1. Tied, B not finished: T1 both, no countback.
    const rows = computeLeaderboardRows(HOLES, [a, b], [...card(a, { 12: 3 }), ...card(b, { 3: 3 }, 17)], SCRAMBLE);
    expect(summary(rows)).toEqual([
      ['a', 'T1', null],
      ['b', 'T1', null],
    ]);
  });
});

describe('net scramble with countback', () => {
  // A: four players of index 8 → course handicaps 8 → team 25+20+15+10 = 70 % × 8 = 5.6 → 6.
  // B: four players of index 4 → team 70 % × 4 = 2.8 → 3.
  const [a, b] = [foursome('a', 8), foursome('b', 4)];
  // A: bogeys on 7, 8, 9 (front 39) and 18 (back 37) = 76 gross, 76 − 6 = 70 net.
  // B: bogey on 9 (front 37), back 36 = 73 gross, 73 − 3 = 70 net.
  const scores = [...card(a, { 7: 5, 8: 5, 9: 5, 18: 5 }), ...card(b, { 9: 5 })];

  it('shows gross and net, the team handicap, and ranks by net', () => {
    const rows = computeLeaderboardRows(HOLES, [b, a], scores, SCRAMBLE_NET);
    const byId = Object.fromEntries(rows.map((r) => [r.teamId, r]));
    // A: gross +4 (76 − 72), net −2 (70 − 72); B: gross +1, net −2.
    expect([byId.a!.total, byId.a!.toPar, byId.a!.netTotal, byId.a!.netToPar, byId.a!.handicap]).toEqual([76, 4, 70, -2, 6]);
    expect([byId.b!.total, byId.b!.toPar, byId.b!.netTotal, byId.b!.netToPar, byId.b!.handicap]).toEqual([73, 1, 70, -2, 3]);
  });

  it('deducts 1/2 of the handicap on the last 9: A 37 − 3 = 34 beats B 36 − 1.5 = 34.5, though B was better gross there', () => {
    // In whole numbers (× 18): A 18 × 37 − 6 × 9 = 612, B 18 × 36 − 3 × 9 = 621.
    const rows = computeLeaderboardRows(HOLES, [b, a], scores, SCRAMBLE_NET);
    expect(summary(rows)).toEqual([
      ['a', '1', 'won'],
      ['b', '2', 'lost'],
    ]);
    // Gross, the same cards rank B first outright (73 against 76): no countback.
    expect(summary(computeLeaderboardRows(HOLES, [a, b], scores, SCRAMBLE))).toEqual([
      ['b', '1', null],
      ['a', '2', null],
    ]);
  });

  it('the keys themselves, by hand', () => {
    const holes = new Map(HOLES.map((h) => [h.number, h.number === 18 ? 5 : 4]));
    // Back 9 = 37, last 6 = 25, last 3 = 13, 18th = 5; handicap 6: × 18 minus 6 × (9, 6, 3, 1).
    expect(countbackKey({ holes, handicap: 6 }, 18)).toEqual([37 * 18 - 54, 25 * 18 - 36, 13 * 18 - 18, 5 * 18 - 6]);
    expect(compareCountback([1, 2, 3], [1, 2, 4])).toBeLessThan(0);
    expect(compareCountback([1, 2, 3], [1, 2, 3])).toBe(0);
  });
});

describe('net best ball, strokes by stroke index', () => {
  it('ranks by the sum of the best net scores hole by hole', () => {
    // Two 2-player teams, best 1, net. Course handicaps: X both 18 → 85 % = 15.3 → 15 each; Y both 0.
    // On holes 1..18 every player makes 5 for X, 4 for Y. X receives a stroke on SI 1..15: net 4 on holes 1–15, 5 on 16–18.
    // X gross 90 (+18), net 15 × 4 + 3 × 5 = 75 (+3). Y gross 72 (E), net 72 (E). Y first.
    const x: LeaderboardTeam = {
      id: 'x',
      name: 'X',
      players: ['x1', 'x2'].map((id) => ({ id, firstName: 'P', lastName: id, handicapIndex: 18 })),
    };
    const y: LeaderboardTeam = {
      id: 'y',
      name: 'Y',
      players: ['y1', 'y2'].map((id) => ({ id, firstName: 'P', lastName: id, handicapIndex: 0 })),
    };
    const all = [x, y].flatMap((t) =>
      t.players.flatMap((p) => HOLES.map((h) => ({ teamId: t.id, playerId: p.id, holeNumber: h.number, strokes: t.id === 'x' ? 5 : 4 }))),
    );
    const rows = computeLeaderboardRows(HOLES, [x, y], all, {
      format: 'best_ball',
      bestBalls: 1,
      netScoring: true,
      slope: 113,
      rating: null,
    });
    expect(rows.map((r) => [r.teamId, r.total, r.toPar, r.netTotal, r.netToPar])).toEqual([
      ['y', 72, 0, 72, 0],
      ['x', 90, 18, 75, 3],
    ]);
  });
});
