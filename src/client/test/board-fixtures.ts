// A board and its rows for the leaderboard's tests: one player a team, a best-ball board of one tournament.
import type { Leaderboard } from '../leaderboard/queries';

export type BoardRow = Leaderboard['rows'][number];

/** Team `teamId`'s row at `position`, `toPar` after nine holes. */
export const boardRow = (teamId: string, position: number, toPar: number, extra: Partial<BoardRow> = {}): BoardRow => ({
  position,
  positionLabel: String(position),
  countback: null,
  teamId,
  teamName: `Team ${teamId}`,
  start: null,
  toPar,
  thru: 9,
  total: 36 + toPar,
  netToPar: null,
  netTotal: null,
  handicap: null,
  players: [{ name: `Player ${teamId}`, total: 36 + toPar }],
  ...extra,
});

/** Tournament t1's board with `rows`, computed at `updatedAt`. */
export const boardOf = (rows: BoardRow[], name = 'Spring Open', updatedAt = '2026-05-01T10:00:00.000Z'): Leaderboard =>
  ({
    tournament: { id: 't1', name, startDate: '2026-05-01', endDate: '2026-05-01' },
    holeCount: 18,
    rules: { format: 'best_ball', bestBalls: 2, netScoring: false },
    rows,
    sideGames: { skins: null, contests: [] },
    updatedAt,
  }) as unknown as Leaderboard;
