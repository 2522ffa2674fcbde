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
