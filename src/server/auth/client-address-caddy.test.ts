// R48 through a real proxy: Caddy (deploy/Caddyfile) in front of a real server process with TRUST_PROXY=127.0.0.1, the
// address Caddy connects from. Each client connects to Caddy from its own loopback address (127.0.0.x, bound with
// localAddress), so Caddy itself writes the X-Forwarded-For the portal reads, as it would for visitors on the internet:
// no header is made up by the test (docs/decisions/097). Without TRUST_PROXY every request is Caddy's, and each case fails.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onTheEmbeddedRunOnly, openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { caddyAddress, httpsRequest, startCaddy, type RunningCaddy } from '../test/caddy';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { TEST_PASSWORD, uniqueEmail } from '../test/test-app';

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
let caddy: RunningCaddy | undefined;

/** A POST of JSON from a browser at `client` (a loopback address) to Caddy, or straight to the portal with `direct`. */
async function post(path: string, json: unknown, client: string, { direct = false, headers = {} as Record<string, string> } = {}) {
  const body = JSON.stringify(json);
  const sent = { 'content-type': 'application/json', origin: caddy!.url, ...headers };
  if (direct) {
    // Straight to the portal's port over plain HTTP, bypassing Caddy (what anyone who finds the port could try).
    return fetchFrom(`${server!.url}${path}`, { method: 'POST', headers: sent, body }, client);
  }
  const answer = await httpsRequest(`${caddy!.url}${path}`, {
    ca: caddy!.rootCertificate,
    method: 'POST',
    headers: sent,
    body,
    localAddress: client,
  });
  return { status: answer.status, body: await answer.response.text() };
}

/** Plain HTTP from a chosen local address (fetch cannot bind one). */
async function fetchFrom(url: string, init: { method: string; headers: Record<string, string>; body: string }, localAddress: string) {
  const http = await import('node:http');
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, localAddress, agent: false }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, body: text }));
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

const signUp = (client: string, options?: Parameters<typeof post>[3]) =>
  post(
    '/api/account/sign-up',
    { firstName: 'Pat', lastName: 'Putter', email: uniqueEmail('proxied'), password: TEST_PASSWORD },
    client,
    options,
  );

const TOO_MANY_SIGN_UPS = /^Too many sign-ups from this address\. Please try again in 1[45] minutes\.$/;

// The proxy's own part, read from the file: Caddy writes X-Forwarded-For itself, replacing what a client sent, because the
// shipped file trusts no proxy in front of it and sets no forwarded header of its own. A pure read, on the embedded run.
onTheEmbeddedRunOnly('deploy/Caddyfile trusts no proxy before Caddy and writes no forwarded header itself', async () => {
  const directives = readFileSync(new URL('../../../deploy/Caddyfile', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  expect(directives).toContain('reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {');
  expect(directives.filter((line) => /trusted_proxies|header_up|X-Forwarded/i.test(line))).toEqual([]);
});

// Real processes: the PostgreSQL run only, where its waits (a server, Caddy, 133 requests through it) overlap other
// files (three workers). What it proves does not depend on the database, so it runs once (docs/decisions/100).
if (testDatabaseKind() === 'postgres') {
  describe('behind Caddy, each visitor is counted at their own address (R48)', () => {
    beforeAll(async () => {
      database = await openTestDatabase();
      const proxyUrl = await caddyAddress();
      server = await startServer({ APP_URL: proxyUrl, TRUST_PROXY: '127.0.0.1', DATABASE_URL: database.url! });
      caddy = await startCaddy(proxyUrl, [new URL(server.url).host]);
    }, 120_000);
    afterAll(async () => {
      await caddy?.stop();
      await stopServer(server);
      await database?.close();
    });

    it('11 sign-ups from 11 clients all succeed', { timeout: 120_000 }, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await signUp(`127.0.0.${10 + i}`)).status);
      expect(statuses).toEqual(Array(11).fill(201));
    });

    it('11 sign-ups from one client: the 11th is refused, that client only, and the log names it', { timeout: 120_000 }, async () => {
      for (let i = 0; i < 10; i++) expect((await signUp('127.0.0.30')).status).toBe(201);
      const eleventh = await signUp('127.0.0.30');
      expect(eleventh.status).toBe(429);
      expect(JSON.parse(eleventh.body).error.message).toMatch(TOO_MANY_SIGN_UPS);
      expect((await signUp('127.0.0.31')).status).toBe(201);
      expect(server!.output()).toContain('"path":"/api/account/sign-up"');
      expect(server!.output()).toMatch(/refused: rate limit .*"client":"127\.0\.0\.30"/);
    });

    it("100 failed sign-ins from one client do not stop another client's sign-in", { timeout: 300_000 }, async () => {
      const email = uniqueEmail('owner');
      const made = await post(
        '/api/account/sign-up',
        { firstName: 'Olive', lastName: 'Owner', email, password: TEST_PASSWORD },
        '127.0.0.42',
      );
      expect(made.status).toBe(201);
      // Each guess at another unknown e-mail, so that only the address's limit (100 failures) is reached, not an account's.
      for (let i = 0; i < 100; i++) {
        const failed = await post('/api/auth/sign-in/email', { email: uniqueEmail('guess'), password: 'a wrong guess 1' }, '127.0.0.40');
        expect(failed.status).toBe(401);
      }
      const blocked = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD }, '127.0.0.40');
      expect(blocked.status).toBe(429);
      const owner = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD }, '127.0.0.41');
      expect(owner.status).toBe(200);
    });

    it('a forwarded header sent straight to the portal, not through Caddy, changes nothing', { timeout: 120_000 }, async () => {
      // From 127.0.0.50, which is not TRUST_PROXY: each request claims another client, and all count as 127.0.0.50.
      for (let i = 0; i < 10; i++) {
        const answer = await signUp('127.0.0.50', { direct: true, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
        expect(answer.status).toBe(201);
      }
      const eleventh = await signUp('127.0.0.50', { direct: true, headers: { 'x-forwarded-for': '203.0.113.99' } });
      expect(eleventh.status).toBe(429);
      // And through Caddy, a header the client wrote is replaced by the address Caddy saw: 127.0.0.50 again.
      const viaCaddy = await signUp('127.0.0.50', { headers: { 'x-forwarded-for': '203.0.113.100' } });
      expect(viaCaddy.status).toBe(429);
    });
  });
}
