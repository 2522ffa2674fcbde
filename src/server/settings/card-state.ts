// Card payments' state for Admin → Settings (R51): keys set or not, test or live mode, the last webhook applied and
// when. Never a key: the mode is read from the key's prefix and only the words 'test' or 'live' leave this file.
import { desc } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { processedProviderEvents } from '../db/schema';

export interface LastWebhook {
  at: string;
  /** Applied: a signed event, recorded once per event id (a repeat of one changes nothing and adds no row). */
  result: 'applied';
  /** The event's type (checkout.session.completed …). */
  type: string;
}

export interface CardPaymentsState {
  /** Both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  keysSet: boolean;
  mode: 'test' | 'live' | null;
  lastWebhook: LastWebhook | null;
}

/** sk_test_…/rk_test_… is test mode, sk_live_…/rk_live_… live. */
const keyMode = (secretKey: string): 'test' | 'live' | null =>
  /^(sk|rk)_test_/.test(secretKey) ? 'test' : /^(sk|rk)_live_/.test(secretKey) ? 'live' : null;

/**
 * The newest event the webhook applied, from the rows the webhook writes anyway (processed_provider_events, one per event
 * id). A webhook refused for its signature writes nothing, by design: an unsigned request from anyone must change nothing
 * (not even what this page says); it is in the server's log (decision 099).
 */
export async function cardPaymentsState(db: Db, stripe: Config['stripe']): Promise<CardPaymentsState> {
  const [last] = await db
    .select({ at: processedProviderEvents.receivedAt, type: processedProviderEvents.type })
    .from(processedProviderEvents)
    .orderBy(desc(processedProviderEvents.receivedAt))
    .limit(1);
  return {
    keysSet: stripe !== null,
    mode: stripe ? keyMode(stripe.secretKey) : null,
    lastWebhook: last ? { at: last.at.toISOString(), result: 'applied', type: last.type } : null,
  };
}
