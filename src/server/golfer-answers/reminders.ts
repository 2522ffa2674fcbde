// Sends the one reminder to golfers who have not answered, 7 days before the editing lock (R42): at start-up and hourly.
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { startPeriodicTask, type PeriodicTask } from '../periodic-task';
import { sendInvitations } from './invitations';
import { remindGolfers, type Reminder } from './service';

export const REMINDER_INTERVAL_MS = 3_600_000;

export function startGolferReminders(
  deps: { db: Db; config: Config; mailer: Mailer; logger: Logger; now: () => Date },
  options: { intervalMs?: number } = {},
): PeriodicTask<Reminder[]> {
  const pass = async () => {
    const reminders = await remindGolfers(deps.db, deps.now(), deps.config.timeZone);
    const count = reminders.reduce((n, r) => n + r.invitations.length, 0);
    if (count) deps.logger.info('golfer reminders sent', { golfers: count });
    for (const r of reminders) await sendInvitations(deps, r.invitations, r.tournament, true);
    return reminders;
  };
  return startPeriodicTask(pass, options.intervalMs ?? REMINDER_INTERVAL_MS, (error) =>
    deps.logger.error('golfer reminders failed', { error: String(error) }),
  );
}
