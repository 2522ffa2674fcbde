// A golfer's personal answer link (R42): 32 random bytes (256 bits) in the e-mail, only their SHA-256 in the database,
// so a copy of the database opens no form.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { golferLinks } from '../db/schema';

type Writer = Pick<Db, 'insert' | 'delete'>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token and the row that stores its hash for the golfer. */
export function newLink(playerId: string) {
  const token = randomBytes(32).toString('base64url');
  return { token, row: { tokenHash: hashToken(token), playerId } };
}

/** Gives each golfer a new link (`replace`: the golfer's older links stop working, e.g. when their e-mail changed). */
export async function issueLinks(tx: Writer, playerIds: readonly string[], options: { replace?: boolean } = {}) {
  if (playerIds.length === 0) return new Map<string, string>();
  if (options.replace) for (const id of playerIds) await tx.delete(golferLinks).where(eq(golferLinks.playerId, id));
  const links = playerIds.map(newLink);
  await tx.insert(golferLinks).values(links.map((l) => l.row));
  return new Map(links.map((l) => [l.row.playerId, l.token]));
}

/** The address of the golfer's answer page. */
export const answerUrl = (appUrl: string, token: string) => `${appUrl}/golfer/${token}`;
