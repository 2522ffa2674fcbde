// The figures R47 says an upgrade keeps: per tournament its teams, golfers, money totals and scores, read through the API as
// an admin sees them. The same function reads them from the previous release's server (scripts/upgrade-fixture.ts, over
// HTTP) and from the current code in the upgrade test (in-process), so the two are compared like for like.
// When a later release changes one of these answers, adapt the reading here and regenerate the fixture from that release.

/** Calls the API as the signed-in admin: GET `path`, answers the JSON body (throws on any status but 200). */
export type AdminGet = (path: string) => Promise<unknown>;

export interface TournamentFigures {
  name: string;
  teams: number;
  golfers: number;
  money: { totalTeams: number; paid: number; pendingHold: number; expectedCents: number; receivedCents: number; outstandingCents: number };
  /** Each team on the leaderboard (active tournaments with a draw): strokes so far and holes played, by team name. */
  scores: Record<string, { total: number; thru: number }>;
}

export async function readUpgradeFigures(get: AdminGet): Promise<TournamentFigures[]> {
  const { tournaments } = (await get('/api/admin/tournaments')) as { tournaments: { id: string; name: string; active: boolean }[] };
  const out: TournamentFigures[] = [];
  for (const t of [...tournaments].sort((a, b) => a.name.localeCompare(b.name))) {
    const q = `tournamentId=${t.id}`;
    const dashboard = (await get(`/api/admin/dashboard?${q}`)) as { stats: TournamentFigures['money'] };
    const teams = (await get(`/api/admin/teams?${q}`)) as { total: number };
    const golfers = (await get(`/api/admin/golfers?${q}`)) as { total: number };
    const board = (t.active ? await get(`/api/leaderboard/${t.id}`) : { rows: [] }) as {
      rows: { teamName: string; total: number; thru: number }[];
    };
    const s = dashboard.stats;
    out.push({
      name: t.name,
      teams: teams.total,
      golfers: golfers.total,
      money: {
        totalTeams: s.totalTeams,
        paid: s.paid,
        pendingHold: s.pendingHold,
        expectedCents: s.expectedCents,
        receivedCents: s.receivedCents,
        outstandingCents: s.outstandingCents,
      },
      scores: Object.fromEntries(board.rows.map((r) => [r.teamName, { total: r.total, thru: r.thru }])),
    });
  }
  return out;
}
