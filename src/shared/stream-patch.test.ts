// A live board as its change (docs/decisions/128): what the patch carries, that applying it gives the new board exactly,
// and when there is no patch or it does not apply.
import { describe, expect, it } from 'vitest';
import { applyBoardPatch, makeBoardPatch, type BoardPatch, type PatchableBoard } from './stream-patch';

interface Row {
  teamId: string;
  position: number;
  total: number;
}
interface Board extends PatchableBoard {
  rows: Row[];
  sideGames: { contests: string[] };
}

const row = (teamId: string, position: number, total: number): Row => ({ teamId, position, total });
const board = (updatedAt: string, rows: Row[], contests: string[] = []): Board => ({
  tournament: { id: 't1' },
  rows,
  sideGames: { contests },
  updatedAt,
});
const FIELD = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => row(id, i + 1, 70 + i));
const before = board('2026-05-01T15:00:00.000Z', FIELD);

function patchOf(from: Board, to: Board): BoardPatch<Row> {
  const json = makeBoardPatch(from, to, JSON.stringify(to).length);
  if (!json) throw new Error('no patch');
  return JSON.parse(json) as BoardPatch<Row>;
}

describe('a board patch', () => {
  it('carries only what changed in each row, matched by team; an unchanged row by its place in the board it changes', () => {
    // Team e improves to 71 and passes b, c and d, whose positions move down one.
    const after = board('2026-05-01T15:01:00.000Z', [
      FIELD[0]!,
      row('e', 2, 71),
      row('b', 3, 71),
      row('c', 4, 72),
      row('d', 5, 73),
      FIELD[5]!,
    ]);
    const patch = patchOf(before, after);
    expect(patch).toEqual({
      tournamentId: 't1',
      from: '2026-05-01T15:00:00.000Z',
      updatedAt: '2026-05-01T15:01:00.000Z',
      rows: [0, [4, { position: 2, total: 71 }], [1, { position: 3 }], [2, { position: 4 }], [3, { position: 5 }], 5],
      changed: {},
    });
    expect(applyBoardPatch(before, patch)).toEqual(after);
  });

  it('carries a field beside the rows that changed, whole, and applying it gives the new board', () => {
    const after = board('2026-05-01T15:01:00.000Z', [...FIELD].reverse(), ['Closest to the pin: b']);
    const patch = patchOf(before, after);
    expect(patch.rows).toEqual([5, 4, 3, 2, 1, 0]);
    expect(patch.changed).toEqual({ sideGames: { contests: ['Closest to the pin: b'] } });
    expect(JSON.stringify(applyBoardPatch(before, patch))).toBe(JSON.stringify(after));
  });

  it('carries a row whole when its team is new to the board, or when the row lost a field', () => {
    const { total: _, ...withoutTotal } = FIELD[1]!;
    const after = board('2026-05-01T15:01:00.000Z', [FIELD[0]!, withoutTotal as Row, ...FIELD.slice(2), row('g', 7, 80)]);
    const patch = patchOf(before, after);
    expect(patch.rows).toEqual([0, withoutTotal, 2, 3, 4, 5, row('g', 7, 80)]);
    expect(applyBoardPatch(before, patch)).toEqual(after);
  });

  it('is not made when the board lost a field, or when it would not be smaller than the board', () => {
    const after = board('2026-05-01T15:01:00.000Z', FIELD);
    const { sideGames: _, ...withoutSideGames } = after;
    expect(makeBoardPatch(before, withoutSideGames, JSON.stringify(withoutSideGames).length)).toBeNull();
    // Every team new: every row whole, and the patch's own fields besides.
    const allNew = board(
      '2026-05-01T15:01:00.000Z',
      FIELD.map((r) => ({ ...r, teamId: `${r.teamId}2` })),
    );
    expect(makeBoardPatch(before, allNew, JSON.stringify(allNew).length)).toBeNull();
  });

  it('does not apply to another version of the board, another tournament, or with a row it does not have', () => {
    const after = board('2026-05-01T15:01:00.000Z', [FIELD[1]!, FIELD[0]!, ...FIELD.slice(2)]);
    const patch = patchOf(before, after);
    expect(applyBoardPatch({ ...before, updatedAt: '2026-05-01T14:59:00.000Z' }, patch)).toBeNull();
    expect(applyBoardPatch({ ...before, tournament: { id: 't2' } }, patch)).toBeNull();
    expect(applyBoardPatch({ ...before, rows: FIELD.slice(0, 3) }, patch)).toBeNull();
    expect(applyBoardPatch(before, { ...patch, rows: [[6, { position: 1 }]] })).toBeNull();
  });
});
