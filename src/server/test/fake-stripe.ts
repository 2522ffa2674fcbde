// A small Stripe-compatible API for tests, journeys and benchmarks (never the internet): the endpoints the portal uses
// (create and retrieve a Checkout Session, create a refund) and a hosted-page stand-in. Its Pay button completes the
// session, delivers `checkout.session.completed` to the app's webhook signed by the real `stripe` package's test-header
// helper, then redirects to the session's success URL; Cancel redirects to the cancel URL.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_portal';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_portal_secret';

const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items: { name: string; amount: number; quantity: number }[];
  created: number;
}

export interface FakeStripe {
  /** STRIPE_API_URL for the app. */
  url: string;
  /** Settings for the app, as environment variables. */
  env: Record<string, string>;
  sessions: Map<string, FakeSession>;
  refunds: { id: string; payment_intent: string; amount: number; idempotencyKey: string | null }[];
  /** Every API request, for assertions ("POST /v1/checkout/sessions"). */
  requests: string[];
  /** Where Pay delivers its event: the app's webhook URL. */
  webhookUrl: string | null;
  /** An event of `type` about the session, as Stripe would send it (not yet delivered). */
  event(type: string, session: FakeSession): { id: string; payload: string };
  /** The Stripe-Signature header for a payload, by the real package's helper (or with another secret). */
  sign(payload: string, secret?: string): string;
  /** Completes the session (paid) without the browser: what Pay does before redirecting. Answers the webhook's status. */
  pay(sessionId: string): Promise<number>;
  /** Posts a signed payload to the webhook URL; answers the status. */
  deliver(payload: string, signature?: string): Promise<number>;
  close(): Promise<void>;
}

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=…`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function hostedPage(session: FakeSession) {
  const money = (cents: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: session.currency.toUpperCase() }).format(cents / 100);
  const lines = session.line_items
    .map((l) => `<li><span>${escapeHtml(l.name)}</span><strong>${money(l.amount * l.quantity)}</strong></li>`)
    .join('');
  const done = session.status !== 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36}main{max-width:460px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0001}
h1{font-size:20px;margin:0 0 4px}p{color:#4f566b;margin:0 0 16px}ul{list-style:none;padding:0;margin:0 0 16px}li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #e3e8ee}
.total{display:flex;justify-content:space-between;font-size:18px;margin:8px 0 24px}button{width:100%;min-height:44px;border-radius:8px;font-size:16px;font-weight:600;border:0;cursor:pointer;margin-top:8px}
.pay{background:#635bff;color:#fff}.cancel{background:#e3e8ee;color:#1a1f36}</style></head><body><main>
<h1>Test checkout</h1><p>A local stand-in for Stripe's payment page. No card is charged.</p>
<ul>${lines}</ul><div class="total"><span>Total</span><strong>${money(session.amount_total)}</strong></div>
${
  done
    ? `<p>This session is ${session.status}.</p>`
    : `<form method="post" action="/pay/${session.id}/complete"><button class="pay" type="submit">Pay ${money(session.amount_total)}</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
}
</main></body></html>`;
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(options: { webhookUrl?: string } = {}): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeStripe['refunds'] = [];
  const refundsByKey = new Map<string, FakeStripe['refunds'][number]>();
  const requests: string[] = [];
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, message: string) =>
    json(res, status, { error: { type: 'invalid_request_error', message } });

  const fake: FakeStripe = {
    url: '',
    env: {},
    sessions,
    refunds,
    requests,
    webhookUrl: options.webhookUrl ?? null,
    event(type, session) {
      const eventId = id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: session },
      });
      return { id: eventId, payload };
    },
    sign: (payload, secret = FAKE_STRIPE_WEBHOOK_SECRET) => signer.webhooks.generateTestHeaderString({ payload, secret }),
    async deliver(payload, signature = fake.sign(payload)) {
      if (!fake.webhookUrl) throw new Error('The fake Stripe has no webhook URL');
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      await response.text();
      return response.status;
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent ??= id('pi');
      return fake.deliver(fake.event('checkout.session.completed', session).payload);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      const body = req.method === 'POST' ? await readBody(req) : '';
      requests.push(`${req.method} ${url.pathname}`);
      if (url.pathname.startsWith('/v1/') && req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`)
        return stripeError(res, 401, 'Invalid API Key provided');

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = parseStripeForm(body) as {
          mode?: string;
          success_url?: string;
          cancel_url?: string;
          customer_email?: string;
          client_reference_id?: string;
          metadata?: Record<string, string>;
          line_items?: { quantity: string; price_data: { currency: string; unit_amount: string; product_data: { name: string } } }[];
        };
        if (!form.success_url || !form.line_items?.length)
          return stripeError(res, 400, 'Missing required param: success_url or line_items');
        const lineItems = form.line_items.map((l) => ({
          name: l.price_data.product_data.name,
          amount: Number(l.price_data.unit_amount),
          quantity: Number(l.quantity),
        }));
        const sessionId = id('cs');
        const session: FakeSession = {
          id: sessionId,
          object: 'checkout.session',
          mode: form.mode ?? 'payment',
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total: lineItems.reduce((sum, l) => sum + l.amount * l.quantity, 0),
          currency: form.line_items[0]!.price_data.currency,
          customer_email: form.customer_email ?? null,
          client_reference_id: form.client_reference_id ?? null,
          metadata: form.metadata ?? {},
          success_url: form.success_url,
          cancel_url: form.cancel_url ?? form.success_url,
          url: `${base}/pay/${sessionId}`,
          line_items: lineItems,
          created: Math.floor(Date.now() / 1000),
        };
        sessions.set(sessionId, session);
        return json(res, 200, session);
      }
      const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(retrieve[1]!);
        return session ? json(res, 200, session) : stripeError(res, 404, 'No such checkout.session');
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
        const earlier = key ? refundsByKey.get(key) : undefined;
        if (earlier)
          return json(res, 200, {
            id: earlier.id,
            object: 'refund',
            amount: earlier.amount,
            payment_intent: earlier.payment_intent,
            status: 'succeeded',
          });
        const form = parseStripeForm(body) as { payment_intent?: string; amount?: string };
        const paid = [...sessions.values()].find((s) => s.payment_intent === form.payment_intent);
        if (!paid) return stripeError(res, 404, `No such payment_intent: '${form.payment_intent}'`);
        const refund = {
          id: id('re'),
          payment_intent: form.payment_intent!,
          amount: Number(form.amount ?? paid.amount_total),
          idempotencyKey: key,
        };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
        return json(res, 200, {
          id: refund.id,
          object: 'refund',
          amount: refund.amount,
          payment_intent: refund.payment_intent,
          status: 'succeeded',
        });
      }

      const page = url.pathname.match(/^\/pay\/([\w]+)(\/complete|\/cancel)?$/);
      const session = page ? sessions.get(page[1]!) : undefined;
      if (page && !session) return stripeError(res, 404, 'No such checkout.session');
      if (session && req.method === 'GET' && !page![2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(hostedPage(session));
      }
      if (session && req.method === 'POST' && page![2] === '/complete') {
        if (session.status === 'open') await fake.pay(session.id);
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      if (session && req.method === 'POST' && page![2] === '/cancel') {
        res.writeHead(303, { location: session.cancel_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    } catch (error) {
      stripeError(res, 500, String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  fake.env = { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: base };
  return fake;
}
