// The one NOTIFY channel that says "this tournament's leaderboard changed" to every app process (R4).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';

export const LEADERBOARD_CHANNEL = 'leaderboard';

/**
 * Call inside the transaction that changes scores or starting holes: PostgreSQL delivers the notification when it commits,
 * and never when it rolls back, so no process refreshes for a change that did not happen.
 */
export async function notifyLeaderboardChanged(tx: Db, tournamentId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${LEADERBOARD_CHANNEL}, ${tournamentId})`);
}

/**
 * R19, R61: the same channel says "this tournament's check-ins changed" with this prefix, so the check-in page's live count
 * rides the one LISTEN connection each process already holds (docs/decisions/116). Call inside the check-in's transaction.
 */
export const CHECK_INS_PREFIX = 'check-ins:';
export async function notifyCheckInsChanged(tx: Db, tournamentId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${LEADERBOARD_CHANNEL}, ${CHECK_INS_PREFIX + tournamentId})`);
}
