// Side games (R44): the organiser's settings, contest winners entered by staff on the day, and the board's side-games part
// (skins from src/shared/skins.ts, the contests with their winners). A saved winner refreshes every open board (NOTIFY).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { contestResults, players, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { holdsPlace } from '../holds/holds-place';
import { notifyLeaderboardChanged } from '../leaderboard/leaderboard-channel';
import { loadTournamentCourse } from '../scoring/tournament-course';
import { playerOrder } from '../teams/player-order';
import { playerDisplayName, type BoardRules, type LeaderboardScore, type LeaderboardTeam } from '../../shared/leaderboard';
import type { HoleInfo } from '../../shared/formats';
import { boardSkins } from '../../shared/skins';
import { CONTEST_LABELS, CONTESTS, type Contest } from '../../shared/contests';
import type { ContestResult, SideGameSettings } from '../../shared/side-games';

const notAContestHole = (contest: Contest, hole: number) =>
  new AppError('VALIDATION', `Hole ${hole} has no ${CONTEST_LABELS[contest].toLowerCase()} contest`, {
    hole: `Hole ${hole} has no ${CONTEST_LABELS[contest].toLowerCase()} contest`,
  });

/** Saves the organiser's choices; holes must be on the tournament's course. */
export async function saveSideGameSettings(db: Db, tournamentId: string, settings: SideGameSettings): Promise<SideGameSettings> {
  const { holes } = await loadTournamentCourse(db, tournamentId);
  const holeCount = holes.length;
  for (const field of ['closestToPinHoles', 'longestDriveHoles'] as const) {
    const outside = settings[field].find((hole) => hole > holeCount);
    if (outside !== undefined) {
      const message = holeCount ? `The course has ${holeCount} holes: hole ${outside} is not one of them` : 'Assign a golf course first';
      throw new AppError('VALIDATION', message, { [field]: message });
    }
  }
  await db.transaction(async (tx) => {
    await tx.update(tournaments).set(settings).where(eq(tournaments.id, tournamentId));
    // A hole taken off a contest takes its winner with it.
    await tx.execute(sql`delete from contest_results where tournament_id = ${tournamentId}
      and ((contest = 'closest_to_pin' and not (hole_number = any(${`{${settings.closestToPinHoles.join(',')}}`}::int[])))
        or (contest = 'longest_drive' and not (hole_number = any(${`{${settings.longestDriveHoles.join(',')}}`}::int[]))))`);
    await notifyLeaderboardChanged(tx, tournamentId);
  });
  return settings;
}

/** What the staff page needs: the settings, the teams with their golfers to choose from, and the winners so far. */
export async function sideGamesForStaff(db: Db, tournamentId: string) {
  const { tournament, holes, sideGames } = await loadTournamentCourse(db, tournamentId);
  const [roster, results] = await Promise.all([
    db
      .select({ teamId: teams.id, teamName: teams.name, playerId: players.id, firstName: players.firstName, lastName: players.lastName })
      .from(teams)
      .innerJoin(players, eq(players.teamId, teams.id))
      .where(and(eq(teams.tournamentId, tournamentId), holdsPlace))
      .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id), ...playerOrder()),
    db
      .select({
        contest: contestResults.contest,
        hole: contestResults.holeNumber,
        teamId: contestResults.teamId,
        playerId: contestResults.playerId,
        distance: contestResults.distance,
        holeInOne: contestResults.holeInOne,
      })
      .from(contestResults)
      .where(eq(contestResults.tournamentId, tournamentId))
      .orderBy(asc(contestResults.holeNumber), asc(contestResults.contest)),
  ]);
  const byTeam = new Map<string, { id: string; name: string; players: { id: string; name: string }[] }>();
  for (const row of roster) {
    let team = byTeam.get(row.teamId);
    if (!team) byTeam.set(row.teamId, (team = { id: row.teamId, name: row.teamName, players: [] }));
    team.players.push({ id: row.playerId, name: playerDisplayName(row) });
  }
  return {
    tournament: { id: tournament.id, name: tournament.name },
    holeCount: holes.length,
    settings: sideGames,
    teams: [...byTeam.values()],
    results: results.map((r) => ({ ...r, contest: r.contest as Contest })),
  };
}

/** Records (or replaces) the winner of one contest hole; the team must play in the tournament, the golfer in the team. */
export async function saveContestResult(db: Db, tournamentId: string, input: ContestResult, userId: string) {
  const { sideGames } = await loadTournamentCourse(db, tournamentId);
  const contest = input.contest;
  const holes = contest === 'closest_to_pin' ? sideGames.closestToPinHoles : sideGames.longestDriveHoles;
  if (!holes.includes(input.hole)) throw notAContestHole(contest, input.hole);
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, input.teamId), eq(teams.tournamentId, tournamentId), holdsPlace));
  if (!team) throw new AppError('VALIDATION', 'Choose a team of this tournament', { teamId: 'Choose a team of this tournament' });
  if (input.playerId) {
    const [player] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.id, input.playerId), eq(players.teamId, input.teamId)));
    if (!player) throw new AppError('VALIDATION', 'Choose a golfer of the team', { playerId: 'Choose a golfer of the team' });
  }
  const values = {
    teamId: input.teamId,
    playerId: input.playerId ?? null,
    distance: input.holeInOne ? 0 : input.distance,
    holeInOne: input.holeInOne ?? false,
    enteredBy: userId,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(contestResults)
      .values({ tournamentId, holeNumber: input.hole, contest, ...values })
      .onConflictDoUpdate({ target: [contestResults.tournamentId, contestResults.holeNumber, contestResults.contest], set: values });
    await notifyLeaderboardChanged(tx, tournamentId);
  });
  const { enteredBy: _by, ...shown } = values;
  return { contest, hole: input.hole, ...shown };
}

export interface BoardSideGamesInput {
  tournamentId: string;
  settings: SideGameSettings;
  holes: readonly HoleInfo[];
  teams: readonly LeaderboardTeam[];
  scores: readonly LeaderboardScore[];
  rules: BoardRules;
}

/** The board's side-games part: skins (when played) and every contest hole with its winner, or none yet. */
export async function boardSideGames(db: Db, input: BoardSideGamesInput) {
  const { settings } = input;
  const contestHoles = CONTESTS.flatMap((contest) =>
    (contest === 'closest_to_pin' ? settings.closestToPinHoles : settings.longestDriveHoles).map((hole) => ({ contest, hole })),
  ).sort((a, b) => a.hole - b.hole || a.contest.localeCompare(b.contest));
  const results = contestHoles.length
    ? await db
        .select({
          contest: contestResults.contest,
          hole: contestResults.holeNumber,
          teamName: teams.name,
          firstName: players.firstName,
          lastName: players.lastName,
          distance: contestResults.distance,
          holeInOne: contestResults.holeInOne,
        })
        .from(contestResults)
        .innerJoin(teams, eq(teams.id, contestResults.teamId))
        .leftJoin(players, eq(players.id, contestResults.playerId))
        .where(eq(contestResults.tournamentId, input.tournamentId))
    : [];
  const skins =
    settings.skins === 'off'
      ? null
      : { mode: settings.skins, ...boardSkins(settings.skins, input.holes, input.teams, input.scores, input.rules) };
  return {
    skins: skins && {
      mode: skins.mode,
      open: skins.open,
      holes: skins.holes.map(({ winnerId: _id, ...hole }) => hole),
      winners: skins.winners.map(({ id: _id, ...winner }) => winner),
    },
    contests: contestHoles.map(({ contest, hole }) => {
      const won = results.find((r) => r.contest === contest && r.hole === hole);
      return {
        contest,
        hole,
        winner: won
          ? {
              teamName: won.teamName,
              playerName: won.firstName == null ? null : playerDisplayName({ firstName: won.firstName, lastName: won.lastName ?? '' }),
              distance: won.distance,
              holeInOne: won.holeInOne,
            }
          : null,
      };
    }),
  };
}
