// R48: the client's address behind a reverse proxy (clientIp in routes.ts). A forwarded header counts only when the socket's
// peer is in TRUST_PROXY, read from the right and stopping at the first untrusted hop; every per-address rule and the
// log then use that address. In-process: the socket address is the test's `clientIp`. Through a real Caddy:
// behind-caddy.test.ts.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { readEvents } from '../test/sse-reader';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import proxyAddr from 'proxy-addr';
import { forwardedClient } from './routes';

const PROXY = '10.0.0.1';

let direct: TestApp;
let behind: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  // Another app on the same database with the setting, as a portal behind a proxy at 10.0.0.1 and one at ::1.
  behind = await createTestApp({ database: direct.database, env: { TRUST_PROXY: `${PROXY},10.8.0.0/16,::1` } });
});
afterAll(async () => {
  await behind?.close();
  await direct?.close();
});

/**
 * The address a password-reset request was counted under (its `reset:ip:` counter, the cheapest per-address rule: no
 * password hash), sent from `socket` with this X-Forwarded-For.
 */
async function countedAs(app: TestApp, socket: string, forwardedFor?: string): Promise<string> {
  const marker = 'reset:ip:';
  const counters = async () =>
    new Map(
      (
        await app.db
          .select()
          .from(rateLimits)
          .where(like(rateLimits.key, `${marker}%`))
      ).map((r) => [r.key, r.count]),
    );
  const before = await counters();
  const answer = await app.call('/api/auth/request-password-reset', {
    json: { email: uniqueEmail('reset') },
    clientIp: socket,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  expect(answer.status).toBe(200);
  const counted = [...(await counters())].filter(([key, count]) => count !== before.get(key)).map(([key]) => key);
  expect(counted).toHaveLength(1);
  return counted[0]!.slice(marker.length);
}

describe('the client address (R48)', () => {
  it('without TRUST_PROXY is the socket’s, whatever X-Forwarded-For says', async () => {
    expect(await countedAs(direct, PROXY, '203.0.113.5')).toBe(PROXY);
  });

  it('from a trusted proxy is the rightmost forwarded address that is not a trusted proxy', async () => {
    expect(await countedAs(behind, PROXY, '203.0.113.6')).toBe('203.0.113.6');
    // What the client wrote itself (left) is passed over: the proxy appended the address it saw.
    expect(await countedAs(behind, PROXY, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    // A second trusted proxy in the chain (10.8.0.0/16) is skipped; an untrusted one is where reading stops.
    expect(await countedAs(behind, PROXY, '203.0.113.8, 10.8.3.4')).toBe('203.0.113.8');
    expect(await countedAs(behind, PROXY, '203.0.113.9, 192.0.2.44, 10.8.3.4')).toBe('192.0.2.44');
    // A trusted proxy without a header is the client itself.
    expect(await countedAs(behind, PROXY)).toBe(PROXY);
  });

  it('reads IPv6 peers and forwarded addresses, and an IPv4 peer written IPv4-mapped', async () => {
    expect(await countedAs(behind, '::1', '2001:db8::42')).toBe('2001:db8::42');
    expect(await countedAs(behind, `::ffff:${PROXY}`, '203.0.113.10')).toBe('203.0.113.10');
  });

  it('from a peer that is not a trusted proxy is that peer’s, whatever the header says', async () => {
    expect(await countedAs(behind, '192.0.2.77', '203.0.113.11')).toBe('192.0.2.77');
    expect(await countedAs(behind, '2001:db8::99', '203.0.113.12')).toBe('2001:db8::99');
    // A dual-stack socket's IPv4 peer (::ffff:a.b.c.d) is counted as the same client as a proxy's a.b.c.d.
    expect(await countedAs(behind, '::ffff:192.0.2.77', '203.0.113.13')).toBe('192.0.2.77');
  });

  it('is what the live-board stream cap counts: forwarded clients each have their own streams', async () => {
    const capped = await createTestApp({ database: direct.database, env: { TRUST_PROXY: PROXY, STREAMS_PER_ADDRESS: '1' } });
    try {
      const open = (client: string) =>
        capped.request('/api/leaderboard/events', { clientIp: PROXY, headers: { 'x-forwarded-for': client } });
      const first = await open('203.0.113.20');
      expect(first.status).toBe(200);
      const again = await open('203.0.113.20');
      expect(again.status).toBe(429);
      const other = await open('203.0.113.21');
      expect(other.status).toBe(200);
      await Promise.all([readEvents(first).close(), readEvents(other).close()]);
    } finally {
      await capped.close();
    }
  });

  it('is in the log of a refused or failed request', async () => {
    const from = behind.logs.length;
    await behind.call('/api/auth/sign-in/email', {
      json: { email: uniqueEmail('nobody'), password: 'not the password 1' },
      clientIp: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.30' },
    });
    await behind.call('/api/teams/mine', { clientIp: PROXY, headers: { 'x-forwarded-for': '203.0.113.31' } });
    const lines = behind.logs.slice(from);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'sign-in failed', fields: expect.objectContaining({ client: '203.0.113.30' }) }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'access refused', fields: expect.objectContaining({ client: '203.0.113.31' }) }),
    );
  });
});

describe('the kept answers (forwardedClient, decision 124)', () => {
  const trust = proxyAddr.compile([PROXY]);
  const otherTrust = proxyAddr.compile(['192.0.2.1']);

  it('answer a pair from an untrusted peer with that peer, after the same header came from the trusted proxy', () => {
    expect(forwardedClient(PROXY, '203.0.113.40', trust)).toBe('203.0.113.40');
    expect(forwardedClient(PROXY, '203.0.113.40', trust)).toBe('203.0.113.40');
    expect(forwardedClient('192.0.2.1', '203.0.113.40', trust)).toBe('192.0.2.1');
    // Another configuration's matcher keeps its own answers: there, 192.0.2.1 is the proxy and 10.0.0.1 a client.
    expect(forwardedClient('192.0.2.1', '203.0.113.40', otherTrust)).toBe('203.0.113.40');
    expect(forwardedClient(PROXY, '203.0.113.40', otherTrust)).toBe(PROXY);
  });

  it('tell a header from its absence, and stay right past the number kept and for chains too long to keep', () => {
    expect(forwardedClient(PROXY, undefined, trust)).toBe(PROXY);
    expect(forwardedClient(PROXY, '', trust)).toBe(PROXY);
    for (let n = 0; n < 3000; n++) {
      const client = `198.51.${Math.floor(n / 250)}.${n % 250}`;
      expect(forwardedClient(PROXY, client, trust)).toBe(client);
    }
    const long = `${Array.from({ length: 40 }, (_, n) => `192.0.2.${n}`).join(', ')}, 203.0.113.41`;
    expect(forwardedClient(PROXY, long, trust)).toBe('203.0.113.41');
    expect(forwardedClient('192.0.2.9', long, trust)).toBe('192.0.2.9');
    expect(forwardedClient(PROXY, '198.51.0.0', trust)).toBe('198.51.0.0');
  });
});
