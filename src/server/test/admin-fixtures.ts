// Helpers for the admin Teams, Payments and Dashboard tests and their access-matrix fixtures.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments } from '../db/schema';

/** The id of a team's (first) payment record. */
export async function paymentIdOf(db: Db, teamId: string): Promise<string> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.teamId, teamId))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  if (!row) throw new Error(`team ${teamId} has no payment record`);
  return row.id;
}
