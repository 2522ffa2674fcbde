// The session-signing secret: AUTH_SECRET, or one generated on first start and kept in the database for every process.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { appSettings } from '../db/schema';

export async function loadAuthSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'auth_secret'));
  return row!.value;
}
