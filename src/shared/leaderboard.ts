// The leaderboard's rules (R22, R28–R30, spec §9) as one pure function: holes with their pars, teams and their
// scores, the tournament's format in; ranked rows out. The server computes every board with it; tests pin every rule here.
import { compareCountback, countbackKey } from './countback';
import { courseHandicap, teamHandicap, teamHoles, type FormatSettings, type HoleInfo } from './formats';
import { type CountbackResult, type HolePar, type LeaderboardRow, type PlayerName } from './tournament-day';

export interface LeaderboardTeam {
  id: string;
  name: string;
  /** R31: its starting hole and group ('7A'), null or absent before the draw. */
  start?: string | null;
  /** In the order the board lists them; a Handicap Index where the player has one (none counts as 0). */
  players: (PlayerName & { handicapIndex?: number | null })[];
}

export interface LeaderboardScore {
  teamId: string;
  playerId: string;
  holeNumber: number;
  strokes: number;
}

export interface BoardRules extends FormatSettings {
  /** The course's slope (default 113) and rating (null: the course's par). */
  slope: number;
  rating: number | null;
}

/** The spec's board: every player's strokes count, gross. */
export const STROKE_GROSS: BoardRules = { format: 'stroke', bestBalls: 1, netScoring: false, slope: 113, rating: null };

export const playerDisplayName = (player: Pick<PlayerName, 'firstName' | 'lastName'>) => `${player.firstName} ${player.lastName}`.trim();

/** Each player's strokes by hole, by player, of one team: what `scores` packs. */
export type TeamStrokes = Map<string, Map<number, number>>;

export function cardsByTeam(scores: readonly LeaderboardScore[]): Map<string, TeamStrokes> {
  const cards = new Map<string, TeamStrokes>();
  for (const score of scores) {
    let team = cards.get(score.teamId);
    if (!team) cards.set(score.teamId, (team = new Map()));
    let card = team.get(score.playerId);
    if (!card) team.set(score.playerId, (card = new Map()));
    card.set(score.holeNumber, score.strokes);
  }
  return cards;
}

/** One team's holes in its format (gross and, when `rules` score net, net) and its handicap: what the board and skins use. */
export function teamCard(rules: BoardRules, holes: readonly HoleInfo[], team: LeaderboardTeam, card: TeamStrokes) {
  const coursePar = holes.reduce((sum, h) => sum + h.par, 0);
  const strokes = new Map(team.players.map((p) => [p.id, card.get(p.id) ?? new Map<number, number>()]));
  const courseHandicaps = team.players.map((p) =>
    courseHandicap(p.handicapIndex ?? 0, { slope: rules.slope, rating: rules.rating, par: coursePar }),
  );
  const handicap = teamHandicap(rules.format, courseHandicaps);
  const playerHandicaps = new Map(team.players.map((p, i) => [p.id, handicap.players[i] ?? 0]));
  return { handicap, played: teamHoles(rules, holes, strokes, handicap.team, playerHandicaps) };
}

/**
 * Teams with at least one score, ranked by their score relative to the par of the holes each has played (to par; net to
 * par when the tournament scores net), lowest first. A hole not in `holes` counts as par 4. Teams on the same score share
 * the position ('T2'), listed further round (Thru) first, then by name; but when every team of such a tie has finished the
 * round, countback (R30) orders them and only those still tied after the last hole share it. Once every team has finished,
 * ranking by to par is ranking by total.
 */
export function computeLeaderboardRows(
  holes: readonly (HolePar & { strokeIndex?: number | null })[],
  teams: readonly LeaderboardTeam[],
  scores: readonly LeaderboardScore[],
  rules: BoardRules = STROKE_GROSS,
): LeaderboardRow[] {
  const info: HoleInfo[] = holes.map((h) => ({ number: h.number, par: h.par, strokeIndex: h.strokeIndex ?? null }));
  const holeCount = holes.length;
  const cards = cardsByTeam(scores);

  const unranked = teams.flatMap((team) => {
    const card = cards.get(team.id);
    if (!card) return [];
    const { handicap, played } = teamCard(rules, info, team, card);
    const sum = (pick: (h: (typeof played)[number]) => number) => played.reduce((total, h) => total + pick(h), 0);
    const total = sum((h) => h.gross);
    const toPar = sum((h) => h.gross - h.par);
    const netToPar = rules.netScoring ? sum((h) => h.net - h.par) : null;
    // Best ball gives strokes hole by hole, so its net holes are counted back as they are; the others deduct a share of the
    // team handicap per stretch (R30).
    const perHoleNet = rules.netScoring && rules.format === 'best_ball';
    const countback = countbackKey(
      {
        holes: new Map(played.map((h) => [h.hole, perHoleNet ? h.net : h.gross])),
        handicap: rules.netScoring && !perHoleNet ? (handicap.team ?? 0) : 0,
      },
      holeCount,
    );
    return [
      {
        teamId: team.id,
        teamName: team.name,
        start: team.start ?? null,
        toPar,
        thru: played.length,
        total,
        netToPar,
        netTotal: rules.netScoring ? sum((h) => h.net) : null,
        handicap: rules.netScoring ? handicap.team : null,
        players: team.players.map((p) => {
          const strokes = [...(card.get(p.id)?.values() ?? [])];
          return { name: playerDisplayName(p), total: strokes.length > 0 ? strokes.reduce((a, b) => a + b, 0) : null };
        }),
        score: netToPar ?? toPar,
        finished: holeCount > 0 && played.length >= holeCount,
        countbackKey: countback,
      },
    ];
  });
  type Unranked = (typeof unranked)[number];
  unranked.sort((a, b) => a.score - b.score || b.thru - a.thru || a.teamName.localeCompare(b.teamName) || a.teamId.localeCompare(b.teamId));

  // Group equal scores; a group whose teams have all finished is ordered by countback into sub-groups still tied.
  const rows: LeaderboardRow[] = [];
  for (let start = 0; start < unranked.length;) {
    let end = start;
    while (end < unranked.length && unranked[end]!.score === unranked[start]!.score) end++;
    const group = unranked.slice(start, end);
    const decided = group.length > 1 && group.every((row) => row.finished);
    const tiers: Unranked[][] = [];
    if (decided) {
      group.sort(
        (a, b) =>
          compareCountback(a.countbackKey, b.countbackKey) || a.teamName.localeCompare(b.teamName) || a.teamId.localeCompare(b.teamId),
      );
      for (const row of group) {
        const last = tiers.at(-1);
        if (last && compareCountback(last[0]!.countbackKey, row.countbackKey) === 0) last.push(row);
        else tiers.push([row]);
      }
    } else tiers.push(group);
    let position = start + 1;
    tiers.forEach((tier, t) => {
      const countback: CountbackResult = tiers.length === 1 ? null : t === 0 ? (tier.length === 1 ? 'won' : null) : 'lost';
      for (const { score: _score, finished: _finished, countbackKey: _key, ...row } of tier) {
        rows.push({ position, positionLabel: tier.length > 1 ? `T${position}` : String(position), countback, ...row });
      }
      position += tier.length;
    });
    start = end;
  }
  return rows;
}
