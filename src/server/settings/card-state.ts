// Card payments' state for Admin → Settings (R51): keys set or not, test or live mode, the last webhook received and what
// became of it. Never a key: the mode is read from the key's prefix and only the words 'test' or 'live' leave this file.
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { appSettings } from '../db/schema';

const LAST_WEBHOOK = 'last_webhook';

/** What a webhook came to: applied (a new event), a duplicate (an event id already handled), or refused (bad signature). */
export type WebhookResult = 'applied' | 'duplicate' | 'refused';

export interface LastWebhook {
  at: string;
  result: WebhookResult;
  /** The event's type (checkout.session.completed …); '' for a refused one (its body is not trusted). */
  type: string;
}

export interface CardPaymentsState {
  /** Both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  keysSet: boolean;
  mode: 'test' | 'live' | null;
  lastWebhook: LastWebhook | null;
}

/** sk_test_…/rk_test_… is test mode, sk_live_…/rk_live_… live. */
export const keyMode = (secretKey: string): 'test' | 'live' | null =>
  /^(sk|rk)_test_/.test(secretKey) ? 'test' : /^(sk|rk)_live_/.test(secretKey) ? 'live' : null;

/**
 * Notes the webhook just handled, for every process to show (one `app_settings` row, the newest wins). A refusal is
 * noted too: a wrong STRIPE_WEBHOOK_SECRET is the mistake the organiser most needs to see.
 */
export async function recordWebhook(db: Db, webhook: LastWebhook) {
  const value = JSON.stringify(webhook);
  await db
    .insert(appSettings)
    .values({ key: LAST_WEBHOOK, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value },
      // Two processes noting at once: the later event wins, whatever order the statements run in.
      setWhere: sql`(${appSettings.value}::jsonb ->> 'at') <= ${webhook.at}`,
    });
}

export async function cardPaymentsState(db: Db, stripe: Config['stripe']): Promise<CardPaymentsState> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, LAST_WEBHOOK));
  const lastWebhook = row ? (JSON.parse(row.value) as LastWebhook) : null;
  return { keysSet: stripe !== null, mode: stripe ? keyMode(stripe.secretKey) : null, lastWebhook };
}
