// The leaderboard's rules (PRODUCT.md R22, SPEC.md §9) as one pure function: holes with their pars, teams and their scores in,
// ranked rows out. The server computes boards with it; tests pin every rule here.
import { DEFAULT_PAR, type HolePar, type LeaderboardRow, type PlayerName } from './tournament-day';

export interface LeaderboardTeam {
  id: string;
  name: string;
  /** In the order the board lists them. */
  players: PlayerName[];
}

export interface LeaderboardScore {
  teamId: string;
  playerId: string;
  holeNumber: number;
  strokes: number;
}

export const playerDisplayName = (player: Pick<PlayerName, 'firstName' | 'lastName'>) => `${player.firstName} ${player.lastName}`.trim();

/**
 * Teams with at least one score, ranked by strokes relative to the par of the holes each has played (to par), lowest first.
 * A hole not in `holes` counts as par 4. Teams on the same to par share the position ('T2'); among them, the one further
 * round (Thru), then the name, is listed first. Once every team has finished, ranking by to par is ranking by total.
 */
export function computeLeaderboardRows(holes: readonly HolePar[], teams: readonly LeaderboardTeam[], scores: readonly LeaderboardScore[]): LeaderboardRow[] {
  const parOf = new Map(holes.map((hole) => [hole.number, hole.par]));
  const tally = new Map<string, { toPar: number; total: number; holes: Set<number>; players: Map<string, number> }>();
  for (const score of scores) {
    let team = tally.get(score.teamId);
    if (!team) tally.set(score.teamId, (team = { toPar: 0, total: 0, holes: new Set(), players: new Map() }));
    team.toPar += score.strokes - (parOf.get(score.holeNumber) ?? DEFAULT_PAR);
    team.total += score.strokes;
    team.holes.add(score.holeNumber);
    team.players.set(score.playerId, (team.players.get(score.playerId) ?? 0) + score.strokes);
  }

  const unranked = teams.flatMap((team) => {
    const t = tally.get(team.id);
    if (!t) return [];
    return [
      {
        teamId: team.id,
        teamName: team.name,
        toPar: t.toPar,
        thru: t.holes.size,
        total: t.total,
        players: team.players.map((p) => ({ playerId: p.id, name: playerDisplayName(p), total: t.players.get(p.id) ?? 0 })),
      },
    ];
  });
  unranked.sort((a, b) => a.toPar - b.toPar || b.thru - a.thru || a.teamName.localeCompare(b.teamName) || a.teamId.localeCompare(b.teamId));

  const tied = new Map<number, number>();
  for (const row of unranked) tied.set(row.toPar, (tied.get(row.toPar) ?? 0) + 1);
  let position = 0;
  return unranked.map((row, i) => {
    if (i === 0 || row.toPar !== unranked[i - 1]!.toPar) position = i + 1;
    const positionLabel = tied.get(row.toPar)! > 1 ? `T${position}` : String(position);
    return { position, positionLabel, ...row };
  });
}
