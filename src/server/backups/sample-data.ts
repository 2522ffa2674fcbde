// Data for the backup tests and bench: the demo (two tournaments, a course, levels, 36 teams with players, payments and
// scores) plus rows in the tables the demo leaves empty, with the awkward types (uuid[], jsonb, quotes, non-ASCII).
import { randomUUID } from 'node:crypto';
import { createUserAccount } from '../account/service';
import type { Db } from '../db/connect';
import { checkoutSessions, scoreSaves, session, teams, verification } from '../db/schema';
import { seedDemo } from '../demo/demo-data';

export async function seedSampleData(db: Db) {
  const demo = await seedDemo(db, { today: '2026-11-26' });
  const leader = await createUserAccount(db, {
    firstName: 'Zoë',
    lastName: 'O\'Brien "Quote"',
    email: `leader-${randomUUID().slice(0, 8)}@example.org`,
    password: 'correct horse battery',
  });
  const someTeams = await db.select({ id: teams.id }).from(teams).limit(2);
  await db.insert(checkoutSessions).values({
    id: `cs_${randomUUID()}`,
    userId: leader.id,
    teamIds: someTeams.map((t) => t.id),
    amountCents: 12_345,
  });
  await db.insert(scoreSaves).values({
    idempotencyKey: randomUUID(),
    teamId: someTeams[0]!.id,
    userId: leader.id,
    conflicts: [{ hole: 3, note: 'naïve — “quoted” \\ back\nslash' }],
  });
  // What no backup may carry (decision 092): a signed-in browser's session and a password reset's one-time token.
  await db.insert(session).values({
    id: randomUUID(),
    token: `session-token-${randomUUID()}`,
    userId: leader.id,
    expiresAt: new Date('2099-01-01T00:00:00Z'),
  });
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: `reset-password:reset-token-${randomUUID()}`,
    value: leader.id,
    expiresAt: new Date('2099-01-01T00:00:00Z'),
  });
  return { demo, leader };
}
