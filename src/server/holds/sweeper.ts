// Runs the expiry sweep at start-up and every minute (R24) and sends what it found: the reminders and the expiry notices.
// The same pass deletes the images nothing uses any more (issue 31, docs/decisions/095).
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { startPeriodicTask, type PeriodicTask } from '../periodic-task';
import {
  holdExpiredMessage,
  holdReminderMessage,
  lotReminderMessage,
  purchaseExpiredMessage,
  purchaseReminderMessage,
  waitlistOfferMessage,
} from '../mail/money-templates';
import { lapseAndOffer, type Offer } from '../waitlist/service';
import { deleteUnusedImages } from '../images/unused-images';
import { sweepHolds, type SweepResult as HoldsResult } from './expiry';
import { YOUR_LOTS_PATH } from '../auction/closing';

export interface SweepResult extends HoldsResult {
  /** Waitlist offers made in this pass (R25). */
  offers: Offer[];
  /** Images used on no page, deleted in this pass a day after their upload (images/unused-images.ts). */
  imagesDeleted: number;
}

export const SWEEP_INTERVAL_MS = 60_000;

export interface SweeperDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /**
   * Resolves once every process has dropped the cached answers a change shows in (session-changes.ts settle()): a notice
   * goes out only after the leader's next read, wherever it goes, shows the expired hold.
   */
  settle?: () => Promise<void>;
}

export type HoldSweeper = PeriodicTask<SweepResult>;

/** Offers freed places to the waitlist now (a deletion frees one) and e-mails the offers, rather than at the next pass. */
export async function offerFreedPlaces(deps: Omit<SweeperDeps, 'db'> & { db: Db }) {
  const offers = await lapseAndOffer(deps.db, deps.now());
  await sendNotices(deps, { expired: [], reminded: [], expiredPurchases: [], remindedPurchases: [], offers, imagesDeleted: 0 });
  return offers;
}

/** Sends the pass's e-mails one after another; a failed one is logged and does not stop the rest. */
async function sendNotices({ config, mailer, logger }: Pick<SweeperDeps, 'config' | 'mailer' | 'logger'>, result: SweepResult) {
  const dashboardUrl = `${config.appUrl}/register`;
  // A won auction lot is paid from the winner's lots page (R55).
  const lotsUrl = `${config.appUrl}${YOUR_LOTS_PATH}`;
  const deadline = (d: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(d);
  const messages = [
    ...result.reminded.map((n) => ({
      to: n.contactEmail,
      ...holdReminderMessage({ ...n, deadline: deadline(n.holdUntil), dashboardUrl }),
    })),
    ...result.expired.map((n) => ({ to: n.contactEmail, ...holdExpiredMessage({ ...n, dashboardUrl }) })),
    // A card gift never completed is released quietly: nobody is nagged to give (docs/decisions/071).
    ...result.remindedPurchases
      .filter((n) => n.kind !== 'donation')
      .map((n) => ({
        to: n.buyerEmail,
        ...(n.kind === 'lot'
          ? lotReminderMessage({ ...n, deadline: deadline(n.holdUntil), url: lotsUrl })
          : purchaseReminderMessage({ ...n, deadline: deadline(n.holdUntil), url: dashboardUrl })),
      })),
    ...result.expiredPurchases
      .filter((n) => n.kind !== 'donation')
      .map((n) => ({ to: n.buyerEmail, ...purchaseExpiredMessage({ ...n, url: dashboardUrl }) })),
    ...result.offers.map((o) => ({
      to: o.contactEmail,
      ...waitlistOfferMessage({
        ...o,
        expiresAt: deadline(o.expiresAt),
        url: `${config.appUrl}/register?offer=${encodeURIComponent(o.token)}`,
      }),
    })),
  ];
  for (const message of messages) {
    if (!message.to) continue;
    await mailer
      .send(message)
      .catch((error) => logger.error('hold e-mail failed', { to: message.to, subject: message.subject, error: String(error) }));
  }
}

export function startHoldSweeper(deps: SweeperDeps, options: { intervalMs?: number } = {}): HoldSweeper {
  let mails: Promise<void> = Promise.resolve();
  const pass = async (): Promise<SweepResult> => {
    const now = deps.now();
    // Expiry first: the places it frees are offered to the waitlist in the same pass.
    const holds = await sweepHolds(deps.db, now);
    const result = { ...holds, offers: await lapseAndOffer(deps.db, now), imagesDeleted: await deleteUnusedImages(deps.db, now) };
    if (result.imagesDeleted) deps.logger.info('unused images deleted', { images: result.imagesDeleted });
    const purchases = result.expiredPurchases.length + result.remindedPurchases.length;
    if (result.expired.length || result.reminded.length || result.offers.length || purchases) {
      await deps.settle?.();
      deps.logger.info('holds swept', {
        expired: result.expired.length,
        reminded: result.reminded.length,
        purchases,
        offers: result.offers.length,
      });
    }
    mails = mails.then(() => sendNotices(deps, result));
    return result;
  };
  const task = startPeriodicTask(pass, options.intervalMs ?? SWEEP_INTERVAL_MS, (error) =>
    deps.logger.error('hold sweep failed', { error: String(error) }),
  );
  return {
    runOnce: task.runOnce,
    async stop() {
      await task.stop();
      await mails;
    },
  };
}
