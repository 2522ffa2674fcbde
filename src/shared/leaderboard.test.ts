// The leaderboard's rules (R22, spec §9): to par, Thru, the missing-par rule, partial rounds, ranking, ties.
import { describe, expect, it } from 'vitest';
import { computeLeaderboardRows, type LeaderboardScore, type LeaderboardTeam } from './leaderboard';
import { formatToPar, type HolePar } from './tournament-day';

// Holes 1-3 with pars 4, 3, 5; any other hole has no par on record.
const HOLES: HolePar[] = [
  { number: 1, par: 4 },
  { number: 2, par: 3 },
  { number: 3, par: 5 },
];

function team(id: string, name = `Team ${id}`, size = 2): LeaderboardTeam {
  return {
    id,
    name,
    players: Array.from({ length: size }, (_, i) => ({ id: `${id}-p${i + 1}`, firstName: `First${i + 1}`, lastName: id.toUpperCase() })),
  };
}

/** `cells` as [player index, hole, strokes] for team `t`. */
const scores = (t: LeaderboardTeam, cells: [number, number, number][]): LeaderboardScore[] =>
  cells.map(([p, holeNumber, strokes]) => ({ teamId: t.id, playerId: t.players[p]!.id, holeNumber, strokes }));

/** A team at `toPar` after hole 1 only: one player, strokes = 4 + toPar. */
const afterOneHole = (t: LeaderboardTeam, toPar: number) => scores(t, [[0, 1, 4 + toPar]]);

describe('to par', () => {
  it('is strokes minus the par of each hole played, summed over every player', () => {
    const a = team('a');
    const [row] = computeLeaderboardRows(
      HOLES,
      [a],
      scores(a, [
        [0, 1, 5],
        [0, 2, 3],
        [0, 3, 4],
        [1, 1, 6],
      ]),
    );
    // Player 1: +1, 0, -1; player 2: +2.
    expect(row!.toPar).toBe(2);
    expect(row!.total).toBe(18);
  });

  it('shows E, +n and -n', () => {
    expect([0, 3, -2].map(formatToPar)).toEqual(['E', '+3', '-2']);
  });

  it('counts a hole without a par as par 4', () => {
    const a = team('a');
    const [row] = computeLeaderboardRows(
      HOLES,
      [a],
      scores(a, [
        [0, 7, 6],
        [1, 8, 3],
      ]),
    );
    expect(row!.toPar).toBe(2 - 1);
    // With no pars at all, every hole is a par 4.
    expect(computeLeaderboardRows([], [a], scores(a, [[0, 2, 3]]))[0]!.toPar).toBe(-1);
  });
});

describe('Thru', () => {
  it('counts the holes on which any player of the team has a score', () => {
    const a = team('a');
    const [row] = computeLeaderboardRows(
      HOLES,
      [a],
      scores(a, [
        [0, 1, 4],
        [1, 1, 4],
        [0, 2, 3],
        [1, 3, 5],
      ]),
    );
    expect(row!.thru).toBe(3);
  });
});

describe('partial rounds', () => {
  it('rank by to par, so a team part-way round compares fairly with one that has finished', () => {
    const finished = team('f', 'Finished');
    const started = team('s', 'Started');
    const rows = computeLeaderboardRows(
      HOLES,
      [started, finished],
      [
        // Three holes at one under (total 11) against one hole at one over (total 5).
        ...scores(finished, [
          [0, 1, 3],
          [0, 2, 3],
          [0, 3, 5],
        ]),
        ...afterOneHole(started, 1),
      ],
    );
    expect(rows.map((r) => [r.teamName, r.toPar, r.thru, r.total])).toEqual([
      ['Finished', -1, 3, 11],
      ['Started', 1, 1, 5],
    ]);
  });

  it('once every team has finished, ranks as the lowest total does (spec §9)', () => {
    const teams = ['a', 'b', 'c', 'd', 'e'].map((id) => team(id, `Team ${id}`, 4));
    // Every player on every hole, varied strokes; each team a different number of extra strokes on hole 1.
    const extra = [4, 0, 2, 6, 1];
    const all = teams.flatMap((t, ti) =>
      t.players.flatMap((p, pi) =>
        HOLES.map((h) => ({
          teamId: t.id,
          playerId: p.id,
          holeNumber: h.number,
          strokes: 2 + ((pi * 5 + h.number * 3) % 4) + (pi === 0 && h.number === 1 ? extra[ti]! : 0),
        })),
      ),
    );
    const rows = computeLeaderboardRows(HOLES, teams, all);
    expect(rows.every((r) => r.thru === HOLES.length)).toBe(true);
    expect(rows.map((r) => r.teamId)).toEqual(['b', 'e', 'c', 'a', 'd']);
    const totals = rows.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    expect(new Set(totals).size).toBe(totals.length);
  });
});

describe('ranking and ties', () => {
  it('lists only teams with at least one score', () => {
    const [a, b] = [team('a'), team('b')];
    expect(computeLeaderboardRows(HOLES, [a, b], afterOneHole(b, 0)).map((r) => r.teamId)).toEqual(['b']);
    expect(computeLeaderboardRows(HOLES, [a, b], [])).toEqual([]);
  });

  it('gives tied teams the same position, labelled T2, and skips the places they take', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => team(id));
    const rows = computeLeaderboardRows(
      HOLES,
      [a!, b!, c!, d!],
      [...afterOneHole(a!, 3), ...afterOneHole(b!, -1), ...afterOneHole(c!, 1), ...afterOneHole(d!, 1)],
    );
    expect(rows.map((r) => [r.teamId, r.position, r.positionLabel])).toEqual([
      ['b', 1, '1'],
      ['c', 2, 'T2'],
      ['d', 2, 'T2'],
      ['a', 4, '4'],
    ]);
  });

  it('ties at the top are T1; a lone leader is 1', () => {
    const [a, b] = [team('a'), team('b')];
    expect(computeLeaderboardRows(HOLES, [a, b], [...afterOneHole(a, 0), ...afterOneHole(b, 0)]).map((r) => r.positionLabel)).toEqual([
      'T1',
      'T1',
    ]);
  });

  it('within a tie lists the team further round first, then by name', () => {
    const [x, y, z] = [team('x', 'Zulu'), team('y', 'Alpha'), team('z', 'Mike')];
    const rows = computeLeaderboardRows(
      HOLES,
      [x, y, z],
      [
        ...scores(x, [
          [0, 1, 4],
          [0, 2, 3],
        ]),
        ...afterOneHole(y, 0),
        ...afterOneHole(z, 0),
      ],
    );
    expect(rows.map((r) => [r.teamName, r.positionLabel, r.thru])).toEqual([
      ['Zulu', 'T1', 2],
      ['Alpha', 'T1', 1],
      ['Mike', 'T1', 1],
    ]);
  });
});

describe('players', () => {
  it('lists every player of the team with their strokes, by name only (R11), 0 for a player yet to score', () => {
    const a: LeaderboardTeam = {
      id: 'a',
      name: 'Aces',
      players: [
        { id: 'p1', firstName: 'Ann', lastName: 'Lee' },
        { id: 'p2', firstName: 'Bo', lastName: 'Kim' },
        { id: 'p3', firstName: 'Cy', lastName: 'Ray' },
      ],
    };
    const [row] = computeLeaderboardRows(
      HOLES,
      [a],
      [
        { teamId: 'a', playerId: 'p2', holeNumber: 1, strokes: 5 },
        { teamId: 'a', playerId: 'p2', holeNumber: 2, strokes: 2 },
        { teamId: 'a', playerId: 'p1', holeNumber: 1, strokes: 4 },
      ],
    );
    expect(row!.players).toEqual([
      { name: 'Ann Lee', total: 4 },
      { name: 'Bo Kim', total: 7 },
      { name: 'Cy Ray', total: null },
    ]);
    expect(Object.keys(row!).sort()).toEqual([
      'countback',
      'handicap',
      'netToPar',
      'netTotal',
      'players',
      'position',
      'positionLabel',
      'start',
      'teamId',
      'teamName',
      'thru',
      'toPar',
      'total',
    ]);
  });
});
