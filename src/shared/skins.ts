// Skins (PRODUCT.md R44) as one pure function beside the leaderboard's: the teams on the board, hole by hole, the lowest
// score alone wins the hole's skin and every skin carried to it; a tie carries them all to the next hole.
import { type HoleInfo } from './formats';
import { cardsByTeam, teamCard, type BoardRules, type LeaderboardScore, type LeaderboardTeam } from './leaderboard';

export const SKINS_MODES = ['off', 'gross', 'net'] as const;
export type SkinsMode = (typeof SKINS_MODES)[number];
export const SKINS_MODE_LABELS: Record<SkinsMode, string> = { off: 'No skins', gross: 'Skins (gross)', net: 'Skins (net)' };

export interface SkinsEntrant {
  id: string;
  name: string;
  /** The entrant's score on each hole it has played. */
  scores: ReadonlyMap<number, number>;
}

export interface SkinsHole {
  hole: number;
  /** Skins at stake on the hole: its own and those carried to it. */
  skins: number;
  /** won: one entrant had the lowest score; tied: carried to the next hole; pending: not every entrant has played it yet. */
  status: 'won' | 'tied' | 'pending';
  winnerId: string | null;
  winnerName: string | null;
  /** The winning (or tying) score; null while pending. */
  score: number | null;
}

export interface SkinsResult {
  holes: SkinsHole[];
  /** Entrants that won skins, most first (then by name). */
  winners: { id: string; name: string; skins: number; holes: number[] }[];
  /** Skins still unwon after the last decided hole (carried, or not yet played). */
  open: number;
}

/**
 * Holes in the order given (1 to 18). A hole is decided once every entrant has a score on it; holes are decided in order,
 * so the first hole some entrant has not played and every hole after it are pending (a skin carried into it waits there).
 * Skins carried past the last hole are not won by anyone.
 */
export function computeSkins(holes: readonly number[], entrants: readonly SkinsEntrant[]): SkinsResult {
  const out: SkinsHole[] = [];
  const won = new Map<string, { id: string; name: string; skins: number; holes: number[] }>();
  let carried = 0;
  let pending = entrants.length === 0;
  for (const hole of holes) {
    const skins = carried + 1;
    if (!pending && entrants.some((e) => !e.scores.has(hole))) pending = true;
    if (pending) {
      out.push({ hole, skins, status: 'pending', winnerId: null, winnerName: null, score: null });
      carried = skins;
      continue;
    }
    const low = Math.min(...entrants.map((e) => e.scores.get(hole)!));
    const best = entrants.filter((e) => e.scores.get(hole) === low);
    if (best.length > 1) {
      out.push({ hole, skins, status: 'tied', winnerId: null, winnerName: null, score: low });
      carried = skins;
      continue;
    }
    const winner = best[0]!;
    out.push({ hole, skins, status: 'won', winnerId: winner.id, winnerName: winner.name, score: low });
    const total = won.get(winner.id) ?? { id: winner.id, name: winner.name, skins: 0, holes: [] };
    total.skins += skins;
    total.holes.push(hole);
    won.set(winner.id, total);
    carried = 0;
  }
  const winners = [...won.values()].sort((a, b) => b.skins - a.skins || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { holes: out, winners, open: carried };
}

/** The board's skins: each team's score per hole in the tournament's format, gross or net (handicap strokes as R29 gives). */
export function boardSkins(
  mode: Exclude<SkinsMode, 'off'>,
  holes: readonly HoleInfo[],
  teams: readonly LeaderboardTeam[],
  scores: readonly LeaderboardScore[],
  rules: BoardRules,
): SkinsResult {
  const cards = cardsByTeam(scores);
  const net = mode === 'net';
  const entrants = teams.flatMap((team) => {
    const card = cards.get(team.id);
    if (!card) return [];
    const { played } = teamCard({ ...rules, netScoring: net }, holes, team, card);
    return [{ id: team.id, name: team.name, scores: new Map(played.map((h) => [h.hole, net ? h.net : h.gross])) }];
  });
  return computeSkins(
    holes.map((h) => h.number),
    entrants,
  );
}
