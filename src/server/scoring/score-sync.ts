// Cell-by-cell score saves from a phone's outbox (R32), each applied once whatever how often it arrives, and the
// history of every score change (`score_events`) that staff read in the score report.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { players, playerScores, scoreEvents, scoreSaves, teams, user } from '../db/schema';
import { AppError } from '../http/errors';
import type { Actor } from '../teams/service';
import { scoreChangesSchema, type ScoreConflict } from '../../shared/score-sync';
import type { ScoreChangesResult, ScoreHistory } from './openapi-schemas';
import { notifyLeaderboardChanged } from '../leaderboard/leaderboard-channel';
import { checkCells, getScoreSheet, teamFor } from './scores';
import { cardOf, recordScoreEvents, type CellChange } from './score-events';

/**
 * Applies the changed cells of one save, under the team's row lock (the lock whole-card saves take). A cell is written only
 * while it still holds the value the scorer changed it from (`base`); a cell already at the new value is left alone; any
 * other cell is a conflict, answered with both values and left as it is. A key seen before answers the conflicts it had
 * then, and changes nothing. A save naming a golfer not on the team or a hole not on the course changes nothing (400).
 */
export async function applyScoreChanges(
  db: Db,
  actor: Actor,
  teamId: string,
  rawInput: unknown,
): Promise<{ tournamentId: string; changed: boolean; result: ScoreChangesResult }> {
  const input = scoreChangesSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const team = await teamFor(tx, actor, teamId, true);
    const [earlier] = await tx.select().from(scoreSaves).where(eq(scoreSaves.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.teamId !== teamId) throw new AppError('CONFLICT', 'This save was already used for another team');
      const sheet = await getScoreSheet(tx, actor, teamId, true);
      return {
        tournamentId: team.tournamentId,
        changed: false,
        result: { sheet, conflicts: earlier.conflicts as ScoreConflict[], replayed: true },
      };
    }

    // The same rules as a whole-card save.
    await checkCells(tx, team, input.changes, 'changes');

    const current = cardOf(
      await tx
        .select({ playerId: playerScores.playerId, holeNumber: playerScores.holeNumber, strokes: playerScores.strokes })
        .from(playerScores)
        .where(and(eq(playerScores.tournamentId, team.tournamentId), eq(playerScores.teamId, teamId))),
    );
    const conflicts: ScoreConflict[] = [];
    const applied: CellChange[] = [];
    for (const change of input.changes) {
      const now = current.get(`${change.playerId}:${change.holeNumber}`) ?? 0;
      if (now === change.strokes) continue;
      if (now !== change.base) {
        conflicts.push({ playerId: change.playerId, holeNumber: change.holeNumber, base: change.base, mine: change.strokes, theirs: now });
        continue;
      }
      applied.push({
        playerId: change.playerId,
        holeNumber: change.holeNumber,
        oldStrokes: now || null,
        newStrokes: change.strokes || null,
      });
    }

    const cleared = applied.filter((c) => c.newStrokes === null);
    for (const cell of cleared) {
      await tx
        .delete(playerScores)
        .where(
          and(
            eq(playerScores.tournamentId, team.tournamentId),
            eq(playerScores.playerId, cell.playerId),
            eq(playerScores.holeNumber, cell.holeNumber),
          ),
        );
    }
    const written = applied.filter((c) => c.newStrokes !== null);
    if (written.length > 0) {
      await tx
        .insert(playerScores)
        .values(
          written.map((c) => ({
            tournamentId: team.tournamentId,
            teamId,
            playerId: c.playerId,
            holeNumber: c.holeNumber,
            strokes: c.newStrokes!,
          })),
        )
        .onConflictDoUpdate({
          target: [playerScores.tournamentId, playerScores.playerId, playerScores.holeNumber],
          set: { strokes: sql`excluded.strokes` },
        });
    }
    await recordScoreEvents(tx, team.tournamentId, teamId, actor.userId, applied);
    // The key is taken in this transaction: a second request with it that did not wait on the team's lock (another team's
    // id) finds the row, or fails on the primary key and changes nothing.
    const taken = await tx
      .insert(scoreSaves)
      .values({ idempotencyKey: input.idempotencyKey, teamId, userId: actor.userId, conflicts })
      .onConflictDoNothing()
      .returning({ key: scoreSaves.idempotencyKey });
    if (taken.length === 0) throw new AppError('CONFLICT', 'This save was already used for another team');
    if (applied.length > 0) await notifyLeaderboardChanged(tx, team.tournamentId);
    const sheet = await getScoreSheet(tx, actor, teamId, true);
    return { tournamentId: team.tournamentId, changed: applied.length > 0, result: { sheet, conflicts, replayed: false } };
  });
}

/** Every change to the team's card, oldest first, with the golfer's and the scorer's names (staff: the score report). */
export async function getScoreHistory(db: Db, teamId: string): Promise<ScoreHistory> {
  const [team] = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  const rows = await db
    .select({
      at: scoreEvents.createdAt,
      playerId: scoreEvents.playerId,
      firstName: players.firstName,
      lastName: players.lastName,
      holeNumber: scoreEvents.holeNumber,
      oldStrokes: scoreEvents.oldStrokes,
      newStrokes: scoreEvents.newStrokes,
      by: user.name,
    })
    .from(scoreEvents)
    .leftJoin(players, eq(players.id, scoreEvents.playerId))
    .leftJoin(user, eq(user.id, scoreEvents.userId))
    .where(eq(scoreEvents.teamId, teamId))
    .orderBy(asc(scoreEvents.createdAt), asc(scoreEvents.holeNumber), asc(scoreEvents.id));
  return {
    team,
    events: rows.map(({ firstName, lastName, at, ...row }) => ({
      ...row,
      at: at.toISOString(),
      playerName: firstName == null ? null : `${firstName} ${lastName ?? ''}`.trim(),
    })),
  };
}
