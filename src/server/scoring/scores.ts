// Score entry (R9, R21; spec §5, §8): which teams a user may score, a team's score sheet, and saving it —
// the team's scores replaced in one transaction. A leader reads and scores only their own teams; staff any team.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { playerOrder } from '../teams/player-order';
import { players, playerScores, teamAssignments, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import type { Actor } from '../teams/service';
import { saveScoresSchema, SCORE_MESSAGES, scoresToSave, scrambleRowPlayer } from '../../shared/score-schemas';
import type { ScoreValue, StartGroup } from '../../shared/tournament-day';
import type { ScoreEntryChoices, ScoreSheet } from './openapi-schemas';
import { notifyLeaderboardChanged } from '../leaderboard/leaderboard-channel';
import { loadTournamentCourse } from './tournament-course';
import { ASSIGN_MESSAGES } from '../starting-holes/starting-holes';
import { cardOf, diffCards, recordScoreEvents } from './score-events';

const teamNotFound = () => new AppError('NOT_FOUND', 'Team not found');
const notYours = () => new AppError('FORBIDDEN', "You don't have permission to access this team");

/**
 * Staff: every team of every active tournament. A leader: their own teams in active tournaments. A scorer volunteer (R60):
 * also every team of the tournaments in `scorerFor`, their live grants.
 */
export async function listScoreEntryChoices(db: Db, actor: Actor, scorerFor: readonly string[] = []): Promise<ScoreEntryChoices> {
  const ownOrScored =
    scorerFor.length > 0 ? or(eq(teams.userId, actor.userId), inArray(teams.tournamentId, [...scorerFor])) : eq(teams.userId, actor.userId);
  const rows = await db
    .select({
      tournamentId: tournaments.id,
      tournamentName: tournaments.name,
      teamId: teams.id,
      teamName: teams.name,
      startingHole: teamAssignments.startingHole,
      startGroup: sql<StartGroup | null>`${teamAssignments.startGroup}`,
    })
    .from(tournaments)
    .leftJoin(teams, actor.staff ? eq(teams.tournamentId, tournaments.id) : and(eq(teams.tournamentId, tournaments.id), ownOrScored))
    .leftJoin(teamAssignments, eq(teamAssignments.teamId, teams.id))
    .where(eq(tournaments.active, true))
    .orderBy(asc(tournaments.startDate), asc(tournaments.name), asc(tournaments.id), asc(sql`lower(${teams.name})`), asc(teams.id));
  const choices: ScoreEntryChoices['tournaments'] = [];
  for (const row of rows) {
    let tournament = choices.at(-1);
    if (tournament?.id !== row.tournamentId) choices.push((tournament = { id: row.tournamentId, name: row.tournamentName, teams: [] }));
    if (row.teamId)
      tournament.teams.push({ teamId: row.teamId, teamName: row.teamName!, startingHole: row.startingHole, startGroup: row.startGroup });
  }
  // A leader sees only the tournaments they have a team in; a scorer also the tournaments they score, even with no team yet.
  return { tournaments: actor.staff ? choices : choices.filter((t) => t.teams.length > 0 || scorerFor.includes(t.id)) };
}

/**
 * A card's version: a digest of its scores, whatever their order. A save that brings back the version it was entered on is
 * refused when the card changed since (someone else saved meanwhile), so it cannot wipe scores its scorer never saw. A card
 * changed and changed back has its old version again: nothing the scorer saw is lost then either.
 */
export function scoresVersion(scores: readonly ScoreValue[]): string {
  const lines = scores.map((s) => `${s.playerId}:${s.holeNumber}:${s.strokes}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('base64url').slice(0, 22);
}

/** The team as score entry needs it; refuses anyone but its leader and staff (R9). */
export async function teamFor(db: Db, actor: Actor, teamId: string, lock = false) {
  const query = db
    .select({ id: teams.id, name: teams.name, userId: teams.userId, tournamentId: teams.tournamentId })
    .from(teams)
    .where(eq(teams.id, teamId));
  const [team] = lock ? await query.for('update') : await query;
  if (!team) throw teamNotFound();
  if (!actor.staff && team.userId !== actor.userId) throw notYours();
  return team;
}

/** 404 for no such team, 403 for another leader's (R9): answered before the save's body is looked at. */
export async function checkMayScore(db: Db, actor: Actor, teamId: string): Promise<void> {
  await teamFor(db, actor, teamId);
}

/**
 * The sheet, read with the pool's connections side by side; `inTransaction` reads one query at a time, as a transaction's
 * one connection must (pg refuses overlapping queries on a client from version 9).
 */
export async function getScoreSheet(db: Db, actor: Actor, teamId: string, inTransaction = false): Promise<ScoreSheet> {
  const team = await teamFor(db, actor, teamId);
  const reads = [
    () => loadTournamentCourse(db, team.tournamentId),
    () =>
      db
        .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
        .from(players)
        .where(eq(players.teamId, teamId))
        .orderBy(...playerOrder()),
    () =>
      db
        .select({ playerId: playerScores.playerId, holeNumber: playerScores.holeNumber, strokes: playerScores.strokes })
        .from(playerScores)
        .where(and(eq(playerScores.tournamentId, team.tournamentId), eq(playerScores.teamId, teamId)))
        .orderBy(asc(playerScores.holeNumber), asc(playerScores.playerId)),
    () =>
      db
        .select({ startingHole: teamAssignments.startingHole, startGroup: sql<StartGroup>`${teamAssignments.startGroup}` })
        .from(teamAssignments)
        .where(eq(teamAssignments.teamId, teamId)),
  ] as const;
  const [{ tournament, holes, rules }, roster, scores, [assignment]] = inTransaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()]);
  return {
    tournament: { id: tournament.id, name: tournament.name },
    rules,
    team: { id: team.id, name: team.name, startingHole: assignment?.startingHole ?? null, startGroup: assignment?.startGroup ?? null },
    holes,
    players: roster,
    scores,
    version: scoresVersion(scores),
  };
}

/**
 * The rules every save's cells keep, whole card or cell by cell (checked under the team's lock): each names a golfer of the
 * team and a hole of the tournament's course, and a scramble's strokes go on its one 'Team' row, kept on the team's first
 * golfer (docs/decisions/040). Refuses the whole save (400), naming each wrong cell as `<list>.<index>.<field>`.
 */
export async function checkCells(
  tx: Db,
  team: { id: string; tournamentId: string },
  cells: readonly { playerId: string; holeNumber: number; strokes: number }[],
  list: 'scores' | 'changes',
): Promise<void> {
  const { course, holes, rules } = await loadTournamentCourse(tx, team.tournamentId);
  if (!course) throw new AppError('CONFLICT', ASSIGN_MESSAGES.noCourse);
  const roster = await tx
    .select({ id: players.id })
    .from(players)
    .where(eq(players.teamId, team.id))
    .orderBy(...playerOrder());
  const golfers = new Set(roster.map((p) => p.id));
  const teamRow = rules.format === 'scramble' ? scrambleRowPlayer(roster) : null;
  const fields: Record<string, string> = {};
  cells.forEach((cell, i) => {
    if (!golfers.has(cell.playerId)) fields[`${list}.${i}.playerId`] ??= SCORE_MESSAGES.player;
    else if (teamRow && cell.playerId !== teamRow && cell.strokes > 0) fields[`${list}.${i}.playerId`] ??= SCORE_MESSAGES.scrambleRow;
    else if (cell.holeNumber > holes.length) fields[`${list}.${i}.holeNumber`] ??= SCORE_MESSAGES.hole;
  });
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION', first, fields);
}

/**
 * Replaces the team's scores for its tournament with the cells above 0 (R21), in one transaction under the team's row
 * lock (two scorers saving at once: the last save wins whole, never a mix). With a `version`, the save is refused (409)
 * when the card is no longer the one it was entered on: the version is compared under the lock, so of two saves made on
 * the same card exactly one goes through. Every cell must name a golfer of the team and a hole of the course; otherwise
 * nothing changes. Answers the tournament, whose board changed, and the card as saved (read under the lock).
 */
export async function saveScores(
  db: Db,
  actor: Actor,
  teamId: string,
  rawInput: unknown,
): Promise<{ tournamentId: string; sheet: ScoreSheet }> {
  const input = saveScoresSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const team = await teamFor(tx, actor, teamId, true);
    // Read after the lock is granted: under READ COMMITTED this sees a save that committed while we waited for it.
    const current = await tx
      .select({ playerId: playerScores.playerId, holeNumber: playerScores.holeNumber, strokes: playerScores.strokes })
      .from(playerScores)
      .where(and(eq(playerScores.tournamentId, team.tournamentId), eq(playerScores.teamId, teamId)));
    if (input.version !== undefined) {
      if (scoresVersion(current) !== input.version)
        throw new AppError('CONFLICT', SCORE_MESSAGES.changed, { version: SCORE_MESSAGES.changed });
    }
    await checkCells(tx, team, input.scores, 'scores');

    await tx.delete(playerScores).where(and(eq(playerScores.tournamentId, team.tournamentId), eq(playerScores.teamId, teamId)));
    const saved = scoresToSave(input.scores);
    await tx.insert(playerScores).values(saved.map((score) => ({ tournamentId: team.tournamentId, teamId, ...score })));
    // R32: every cell this save changed goes into the card's history.
    await recordScoreEvents(tx, team.tournamentId, teamId, actor.userId, diffCards(cardOf(current), cardOf(saved)));
    await notifyLeaderboardChanged(tx, team.tournamentId);
    return { tournamentId: team.tournamentId, sheet: await getScoreSheet(tx, actor, teamId, true) };
  });
}
