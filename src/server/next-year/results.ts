// R59: a finished tournament's results, as its public page shows them and the thank-you e-mail quotes them: the final
// board, the side games' winners, raised against the goal (the one 'raised', payments/raised.ts, R38) and the sponsors.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { loadLeaderboard } from '../leaderboard/leaderboard';
import { raisedForOne } from '../payments/raised';
import { sponsorsOf } from '../events/service';
import { holeSponsors } from '../items/service';
import { CONTEST_LABELS, formatDistance } from '../../shared/contests';
import { formatToPar } from '../../shared/tournament-day';
import { isFinished, RESULTS_MESSAGES } from '../../shared/results';

export interface ResultsContext {
  now: Date;
  timeZone: string;
}

/** How many places the thank-you e-mail quotes (the page shows the whole board). */
export const TOP_PLACES = 3;

/**
 * The results of a finished tournament. 404 for an unknown one and for one not over yet (a page of results before the day
 * would be an empty board).
 */
export async function tournamentResults(db: Db, tournamentId: string, context: ResultsContext) {
  const [tournament] = await db
    .select({ id: tournaments.id, name: tournaments.name, startDate: tournaments.startDate, endDate: tournaments.endDate })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!tournament) throw new AppError('NOT_FOUND', RESULTS_MESSAGES.notFound);
  if (!isFinished(tournament.startDate, tournament.endDate, context.now, context.timeZone))
    throw new AppError('NOT_FOUND', RESULTS_MESSAGES.notYet);
  const [{ board }, raised, teamSponsors, holes] = await Promise.all([
    loadLeaderboard(db, tournamentId, context.now),
    raisedForOne(db, tournamentId),
    sponsorsOf(db, tournamentId),
    holeSponsors(db, tournamentId),
  ]);
  const net = board.rules.netScoring;
  const rows = board.rows.map((row) => ({
    place: row.positionLabel,
    position: row.position,
    team: row.teamName,
    score: `${formatToPar(net && row.netToPar != null ? row.netToPar : row.toPar)} (${net && row.netTotal != null ? row.netTotal : row.total}${net ? ' net' : ''})`,
    players: row.players.map((p) => p.name),
  }));
  const { skins, contests } = board.sideGames;
  const sideGames = [
    ...(skins?.winners ?? []).map(
      (w) =>
        `Skins: ${w.name}, ${w.skins} ${w.skins === 1 ? 'skin' : 'skins'} (hole${w.holes.length === 1 ? '' : 's'} ${w.holes.join(', ')})`,
    ),
    ...contests.flatMap(({ contest, hole, winner }) =>
      winner
        ? [
            `${CONTEST_LABELS[contest]}, hole ${hole}: ${winner.playerName ? `${winner.playerName} (${winner.teamName})` : winner.teamName}, ${formatDistance(contest, winner.distance, winner.holeInOne)}`,
          ]
        : [],
    ),
  ];
  const sponsors = [...new Set([...teamSponsors, ...holes.map((h) => h.sponsorName.trim()).filter(Boolean)])].sort((a, b) =>
    a.localeCompare(b),
  );
  return {
    tournament,
    board: rows,
    sideGames,
    raisedCents: raised?.raisedCents ?? 0,
    goalCents: raised?.goalCents ?? null,
    sponsors,
  };
}

/** What the public results page and its API answer: the results with the organisation's name and the currency. */
export async function publicResults(db: Db, tournamentId: string, context: ResultsContext & { organisation: string; currency: string }) {
  const results = await tournamentResults(db, tournamentId, context);
  return { ...results, organisation: context.organisation, currency: context.currency };
}
