// One address may hold at most STREAMS_PER_ADDRESS live-board streams in a process (issue 20 item 4, docs/decisions/065):
// past that, 429 in the error shape with Retry-After; other addresses are served; a closed stream frees its slot. Over
// real sockets from two loopback addresses (the stream Node writes itself) and in-process (Hono's streamSSE).
import { type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../test/raw-request';
import { readEvents } from '../test/sse-reader';
import { createTestApp, type TestApp } from '../test/test-app';
import { STREAM_RETRY_SECONDS, tooManyStreams } from './event-stream-route';

const CAP = 2;
let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { STREAMS_PER_ADDRESS: String(CAP) } });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.deps.leaderboardFeed.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** GET /api/leaderboard/events from `localAddress` over a raw socket: the status, headers and (for a refusal) the body. */
const openStream = (localAddress: string) => rawGet(port, '/api/leaderboard/events', localAddress);

const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('live-board streams per address', () => {
  it('refuses the stream past the cap with 429, Retry-After and a clear message; other addresses go on', async () => {
    const first = await Promise.all([openStream('127.0.0.1'), openStream('127.0.0.1')]);
    try {
      expect(first.map((s) => s.status)).toEqual([200, 200]);
      expect(first[0]!.headers['content-type']).toBe('text/event-stream');
      const refused = await openStream('127.0.0.1');
      refused.socket.destroy();
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_SECONDS));
      expect(JSON.parse(refused.body)).toEqual({ error: { code: 'RATE_LIMITED', message: tooManyStreams(CAP) } });
      expect(tooManyStreams(CAP)).toBe(
        'Too many live leaderboards are open from your network (at most 2 at once). Close a leaderboard page or try again in a few seconds.',
      );

      const elsewhere = await openStream('127.0.0.2');
      elsewhere.socket.destroy();
      expect(elsewhere.status).toBe(200);
    } finally {
      for (const stream of first) stream.socket.destroy();
    }
  });

  it('frees a slot when its stream closes: the address may open another', async () => {
    const [a, b] = await Promise.all([openStream('127.0.0.1'), openStream('127.0.0.1')]);
    try {
      expect([a!.status, b!.status]).toEqual([200, 200]);
      const refused = await openStream('127.0.0.1');
      refused.socket.destroy();
      expect(refused.status).toBe(429);
      a!.socket.destroy();
      await waitFor(() => t.deps.streamSlots.count('127.0.0.1') === 1);
      const again = await openStream('127.0.0.1');
      again.socket.destroy();
      expect(again.status).toBe(200);
    } finally {
      a!.socket.destroy();
      b!.socket.destroy();
    }
    await waitFor(() => t.deps.streamSlots.count('127.0.0.1') === 0);
  });

  it('counts in-process streams too (Hono streamSSE), per address, and frees them on close', async () => {
    const open = () => t.request('/api/leaderboard/events', { clientIp: '10.1.2.3' });
    const streams = [readEvents(await open()), readEvents(await open())];
    const refused = await t.call('/api/leaderboard/events', { clientIp: '10.1.2.3' });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe(String(STREAM_RETRY_SECONDS));
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    const elsewhere = await t.request('/api/leaderboard/events', { clientIp: '10.9.9.9' });
    expect(elsewhere.status).toBe(200);
    await readEvents(elsewhere).close();
    await streams[0]!.close();
    await waitFor(() => t.deps.streamSlots.count('10.1.2.3') === 1);
    const again = await open();
    expect(again.status).toBe(200);
    await readEvents(again).close();
    await streams[1]!.close();
  });
});
