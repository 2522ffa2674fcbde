// The routes' side of mail-to-others.ts: who the caller is (the service side knows no HTTP).
import { getViewer, type AppContext } from '../http/context';
import { MailLimitReached, reserveMailToOthers, type MailSender } from './mail-to-others';
import { isStaff } from '../../shared/roles';

/**
 * A route's `reserveMailToOthers` for the caller: a signed-in person counts as their account (staff not at all), a
 * visitor only per recipient address (a visitor has no account; the Checkout's own limit is per client address). Over a
 * limit: 429 with Retry-After, and the request writes nothing.
 */
export async function reserveForRequest(c: AppContext, recipients: readonly string[], once?: string) {
  const viewer = await getViewer(c);
  const sender: MailSender = viewer
    ? { key: `user:${viewer.userId}`, ownEmail: viewer.email, staff: isStaff(viewer.role) }
    : { key: 'visitor', visitor: true };
  const { database, config, mailer } = c.var.deps;
  // Without SMTP nothing leaves the server (R7: the log only): nothing to count.
  if (!mailer.configured) return async () => {};
  return reserveMailToOthers(database.db, sender, recipients, config.mailToOthers, once).catch((error: unknown) => {
    if (error instanceof MailLimitReached) c.set('wroteNothing', true);
    throw error;
  });
}
