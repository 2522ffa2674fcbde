// Skins (R44) as one pure function beside the leaderboard's: the teams on the board, hole by hole, the lowest
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
  /** The winner; on a pending hole, the provisional leader (alone on the lowest score so far), or null. */
  winnerId: string | null;
  winnerName: string | null;
  /** The lowest score on the hole (so far, while pending); null when nobody has played it. */
  score: number | null;
}

export interface SkinsResult {
  holes: SkinsHole[];
  /** Entrants that won skins, most first (then by name). */
  winners: { id: string; name: string; skins: number; holes: number[] }[];
  /** Skins not won yet: at stake on pending holes, and carried past the last hole. */
  open: number;
}

/**
 * Holes in the order given (1 to 18). A hole is decided once every entrant has a score on it: won by a lowest score alone,
 * with every skin carried to it, or tied, carrying them all to the next hole. A hole not yet played by all is pending and
 * holds what was carried to it (a shotgun start plays the holes in every order): its winner and value come when it is
 * decided. Meanwhile a pending hole names its provisional leader (the lowest score so far, alone), never counted as won.
 * Once every hole is decided this is the standard game; skins carried past the last hole are not won by anyone.
 */
export function computeSkins(holes: readonly number[], entrants: readonly SkinsEntrant[]): SkinsResult {
  const out: SkinsHole[] = [];
  const won = new Map<string, { id: string; name: string; skins: number; holes: number[] }>();
  let carried = 0;
  let open = 0;
  for (const hole of holes) {
    const skins = carried + 1;
    const played = entrants.filter((e) => e.scores.has(hole));
    const low = played.length ? Math.min(...played.map((e) => e.scores.get(hole)!)) : null;
    const best = played.filter((e) => e.scores.get(hole) === low);
    const alone = best.length === 1 ? best[0]! : null;
    carried = 0;
    if (played.length === 0 || played.length < entrants.length) {
      out.push({ hole, skins, status: 'pending', winnerId: alone?.id ?? null, winnerName: alone?.name ?? null, score: low });
      open += skins;
    } else if (!alone) {
      out.push({ hole, skins, status: 'tied', winnerId: null, winnerName: null, score: low });
      carried = skins;
    } else {
      out.push({ hole, skins, status: 'won', winnerId: alone.id, winnerName: alone.name, score: low });
      const total = won.get(alone.id) ?? { id: alone.id, name: alone.name, skins: 0, holes: [] };
      total.skins += skins;
      total.holes.push(hole);
      won.set(alone.id, total);
    }
  }
  const winners = [...won.values()].sort((a, b) => b.skins - a.skins || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { holes: out, winners, open: open + carried };
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
