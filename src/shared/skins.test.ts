import { describe, expect, it } from 'vitest';
import { boardSkins, computeSkins, type SkinsEntrant } from './skins';
import { STROKE_GROSS } from './leaderboard';

const entrant = (id: string, scores: number[]): SkinsEntrant => ({
  id,
  name: id,
  scores: new Map(scores.map((strokes, i) => [i + 1, strokes])),
});
const holes = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('computeSkins', () => {
  // golfstakes.com, "Side Games: Skins" (http://golfstakes.com/General/SideGameDetail.aspx?sidegame=1): "All players tie holes
  // 1 - 3. On hole four, player A has the lowest score, he or she would win the skins pot that is now worth 4 points."
  it('gives the pot of three tied holes and the fourth to the outright winner of hole 4 (golfstakes.com)', () => {
    const result = computeSkins(holes(4), [entrant('A', [4, 4, 3, 3]), entrant('B', [4, 4, 3, 4]), entrant('C', [4, 4, 3, 5])]);
    expect(result.holes.map((h) => [h.status, h.skins])).toEqual([
      ['tied', 1],
      ['tied', 2],
      ['tied', 3],
      ['won', 4],
    ]);
    expect(result.winners).toEqual([{ id: 'A', name: 'A', skins: 4, holes: [4] }]);
    expect(result.open).toBe(0);
  });

  // foregolftournament.com, "Skins Golf Tournament" (http://www.foregolftournament.com/skins-golf-tournament.asp): "Jim wins
  // the first hole out right ... he would receive $1. However on the next 4 holes both Jim and Bob tie, the fifth hole would
  // be worth $5, four dollars were carried over" — the hole after the four ties carries 4 + 1.
  it('pays one skin for an outright win, then carries four ties into a hole worth five (foregolftournament.com)', () => {
    const result = computeSkins(holes(6), [entrant('Jim', [4, 5, 4, 3, 4, 5]), entrant('Bob', [5, 5, 4, 3, 4, 4])]);
    expect(result.holes.map((h) => h.skins)).toEqual([1, 1, 2, 3, 4, 5]);
    expect(result.holes[0]).toMatchObject({ status: 'won', winnerId: 'Jim', score: 4 });
    expect(result.holes[5]).toMatchObject({ status: 'won', winnerId: 'Bob', skins: 5, score: 4 });
    expect(result.winners).toEqual([
      { id: 'Bob', name: 'Bob', skins: 5, holes: [6] },
      { id: 'Jim', name: 'Jim', skins: 1, holes: [1] },
    ]);
  });

  // backninebets.com, "Skins rules" (https://www.backninebets.com/test-course/skins/rules): "Holes 2 and 3 both tied, so
  // hole 4 is worth 3 skins. Tom makes a birdie, everyone else makes par. Tom wins all 3 skins outright."
  it('ties only count between the lowest scores: a tie for second place does not carry (backninebets.com)', () => {
    const result = computeSkins(holes(4), [
      entrant('Tom', [5, 4, 4, 3]),
      entrant('Ann', [4, 4, 4, 4]),
      entrant('Sue', [6, 5, 4, 4]),
      entrant('Raj', [6, 5, 5, 4]),
    ]);
    expect(result.holes.map((h) => [h.status, h.skins, h.winnerId])).toEqual([
      ['won', 1, 'Ann'],
      ['tied', 1, null],
      ['tied', 2, null],
      ['won', 3, 'Tom'],
    ]);
  });

  it('leaves skins tied on the last hole unwon; a hole some team has not played is pending, holding what was carried to it', () => {
    const tiedAtEnd = computeSkins(holes(3), [entrant('A', [3, 4, 4]), entrant('B', [4, 4, 4])]);
    expect(tiedAtEnd.open).toBe(2);
    expect(tiedAtEnd.winners).toEqual([{ id: 'A', name: 'A', skins: 1, holes: [1] }]);

    // A shotgun start: B started on hole 3 and has not played hole 2 yet; holes 3 and 4 are decided meanwhile.
    const a = entrant('A', [4, 4, 3, 4, 5]);
    const bScores = new Map([
      [1, 4],
      [3, 3],
      [4, 3],
    ]);
    const b: SkinsEntrant = { id: 'B', name: 'B', scores: bScores };
    const midRound = computeSkins(holes(5), [a, b]);
    expect(midRound.holes.map((h) => [h.hole, h.status, h.skins, h.winnerName])).toEqual([
      [1, 'tied', 1, null],
      [2, 'pending', 2, 'A'], // the tie of hole 1 waits here; A leads provisionally
      [3, 'tied', 1, null],
      [4, 'won', 2, 'B'],
      [5, 'pending', 1, 'A'],
    ]);
    expect(midRound.winners).toEqual([{ id: 'B', name: 'B', skins: 2, holes: [4] }]);
    expect(midRound.open).toBe(3);
    // Once B plays hole 2 (a tie), its two skins go on to hole 3, whose tie brings them to hole 4: the standard game.
    bScores.set(2, 4);
    bScores.set(5, 6);
    const done = computeSkins(holes(5), [a, b]);
    expect(done.holes.map((h) => [h.status, h.skins])).toEqual([
      ['tied', 1],
      ['tied', 2],
      ['tied', 3],
      ['won', 4],
      ['won', 1],
    ]);
    expect(done.winners).toEqual([
      { id: 'B', name: 'B', skins: 4, holes: [4] },
      { id: 'A', name: 'A', skins: 1, holes: [5] },
    ]);
  });

  it('has no winners without entrants', () => {
    expect(computeSkins(holes(2), [])).toMatchObject({ winners: [], open: 2 });
  });
});

describe('boardSkins', () => {
  const team = (id: string, handicapIndex: number) => ({
    id,
    name: id,
    players: [{ id: `${id}-p`, firstName: id, lastName: '', handicapIndex }],
  });
  const score = (teamId: string, holeNumber: number, strokes: number) => ({ teamId, playerId: `${teamId}-p`, holeNumber, strokes });
  const course = [
    { number: 1, par: 4, strokeIndex: 1 },
    { number: 2, par: 4, strokeIndex: 2 },
  ];
  const teams = [team('Low', 0), team('High', 2)];
  const scores = [score('Low', 1, 4), score('High', 1, 5), score('Low', 2, 4), score('High', 2, 4)];

  it('counts gross strokes in gross skins: handicaps change nothing', () => {
    const result = boardSkins('gross', course, teams, scores, STROKE_GROSS);
    expect(result.holes.map((h) => [h.status, h.winnerId])).toEqual([
      ['won', 'Low'],
      ['tied', null],
    ]);
    expect(result.open).toBe(1);
  });

  it('gives handicap strokes in net skins: a 5 with a stroke ties a 4, a 4 with a stroke wins', () => {
    // Stroke play allowance 95 % of course handicap 2 = 2 strokes, on the holes of stroke index 1 and 2.
    const result = boardSkins('net', course, teams, scores, STROKE_GROSS);
    expect(result.holes.map((h) => [h.status, h.skins, h.winnerId])).toEqual([
      ['tied', 1, null],
      ['won', 2, 'High'],
    ]);
  });
});
