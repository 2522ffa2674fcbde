// A test app with card payments on (R23): the local Stripe-compatible fake, and the app served on a free port, so the
// fake's Pay button delivers its signed event to the app's webhook as Stripe would.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface StripeApp {
  t: TestApp;
  fake: FakeStripe;
  close(): Promise<void>;
}

export async function startStripeApp(options: TestAppOptions = {}): Promise<StripeApp> {
  const fake = await startFakeStripe();
  const t = await createTestApp({ ...options, env: { ...fake.env, ...options.env } });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  fake.webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
  return {
    t,
    fake,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
      await fake.close();
    },
  };
}
