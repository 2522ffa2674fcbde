// R49: the shipped deployment, tested. Caddy runs deploy/Caddyfile (only its addresses and ports changed, and its own
// certificate authority in place of Let's Encrypt: test/caddy.ts) in front of TWO real server processes on one
// PostgreSQL, and everything is driven over HTTPS trusting only Caddy's root certificate: a sign-in (a Secure cookie),
// a registration, HSTS, the origin check, and a live-board stream receiving a score saved through the other process.
// deploy/golf-portal@.service is checked by systemd-analyze.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount } from '../account/service';
import { caddyAddress, caddyfileFor, CADDY, httpsRequest, startCaddy, type RunningCaddy } from '../test/caddy';
import { onTheEmbeddedRunOnly, openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { readEvents } from '../test/sse-reader';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { createTournamentDay } from '../test/tournament-day-fixtures';
import { TEST_PASSWORD, uniqueEmail } from '../test/test-app';
import type { Leaderboard } from '../scoring/openapi-schemas';

const METRICS_TOKEN = 'behind-caddy-metrics-token';
const UNIT = fileURLToPath(new URL('../../../deploy/golf-portal@.service', import.meta.url));

// The files themselves: once, on the embedded run (they do not depend on the database).
onTheEmbeddedRunOnly('deploy/Caddyfile, as the tests run it, is a valid Caddy configuration with the shipped site block', async () => {
  const file = caddyfileFor({ url: 'https://localhost:8443', upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'] });
  for (const directive of ['health_uri /api/health', 'lb_policy round_robin']) expect(file).toContain(directive);
  // Streams are flushed by Caddy itself (text/event-stream); -1 would split every answer's headers from its body and keep a
  // departed viewer's stream open at the portal (decision 121).
  expect(file).not.toMatch(/^\s*flush_interval/m);
  // Adapted and validated (every directive and value checked) with nothing written outside a temporary folder.
  const dir = mkdtempSync(join(tmpdir(), 'golf-caddyfile-'));
  try {
    writeFileSync(join(dir, 'Caddyfile'), file);
    const checked = spawnSync(CADDY, ['adapt', '--adapter', 'caddyfile', '--validate', '--config', join(dir, 'Caddyfile')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
    });
    expect(checked.status, checked.stderr).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

onTheEmbeddedRunOnly(
  'deploy/golf-portal@.service restarts on failure, stops by SIGTERM within 15 s, is hardened, and passes systemd-analyze verify',
  async () => {
    const unit = readFileSync(UNIT, 'utf8');
    for (const line of [
      'Restart=on-failure',
      'KillSignal=SIGTERM',
      'TimeoutStopSec=15',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'PrivateTmp=yes',
      'User=golf',
      'EnvironmentFile=/etc/golf-portal/golf-portal.env',
      'Environment=PORT=%i NODE_ENV=production HOME=/var/lib/golf-portal',
    ])
      expect(unit.split('\n')).toContain(line);
    // An instance, as systemctl starts it. systemd-analyze exits 0 even on an unknown key or a bad value (it prints them and
    // goes on): any output is a fault.
    const dir = mkdtempSync(join(tmpdir(), 'golf-unit-'));
    try {
      copyFileSync(UNIT, join(dir, 'golf-portal@3001.service'));
      const verified = spawnSync('systemd-analyze', ['verify', join(dir, 'golf-portal@3001.service')], { encoding: 'utf8' });
      expect(`${verified.stdout}${verified.stderr}`).toBe('');
      expect(verified.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');

if (testDatabaseKind() === 'postgres') {
  describe('through Caddy over HTTPS, two portal processes on one PostgreSQL (R49)', () => {
    let database: TestDatabase;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let caddy: RunningCaddy | undefined;
    let email: string;
    let leaderId: string;

    beforeAll(async () => {
      database = await openTestDatabase();
      const proxyUrl = await caddyAddress();
      const settings = { DATABASE_URL: database.url!, APP_URL: proxyUrl, TRUST_PROXY: '127.0.0.1', METRICS_TOKEN };
      [a, b] = await Promise.all([startServer(settings), startServer(settings)]);
      caddy = await startCaddy(proxyUrl, [new URL(a.url).host, new URL(b.url).host]);
      email = uniqueEmail('leader');
      leaderId = (
        await createUserAccount(database.db, { firstName: 'Lee', lastName: 'Leader', email, password: TEST_PASSWORD, emailVerified: true })
      ).id;
    }, 180_000);
    afterAll(async () => {
      await caddy?.stop();
      await Promise.all([stopServer(a), stopServer(b)]);
      await database?.close();
    });

    const send = (path: string, options: { method?: string; json?: unknown; cookie?: string; origin?: string; accept?: string } = {}) => {
      const headers: Record<string, string> = {};
      if (options.accept) headers.accept = options.accept;
      if (options.json !== undefined) headers['content-type'] = 'application/json';
      if (options.cookie) headers.cookie = options.cookie;
      const method = options.method ?? (options.json === undefined ? 'GET' : 'POST');
      if (method !== 'GET') headers.origin = options.origin ?? caddy!.url;
      return httpsRequest(`${caddy!.url}${path}`, {
        ca: caddy!.rootCertificate,
        method,
        headers,
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
      });
    };
    const signIn = async () => {
      const answer = await send('/api/auth/sign-in/email', { json: { email, password: TEST_PASSWORD } });
      expect(answer.status).toBe(200);
      return answer;
    };

    it('signs in over HTTPS with a Secure session cookie, and every answer carries HSTS', async () => {
      const answer = await signIn();
      const setCookies = answer.response.headers.getSetCookie();
      const session = setCookies.find((c) => c.startsWith('__Secure-') && c.includes('session_token'));
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(answer.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      const home = await send('/');
      expect(home.status).toBe(200);
      expect(home.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      // The session works on the next request, whichever process Caddy sends it to.
      const cookie = cookieOf(setCookies);
      for (let i = 0; i < 4; i++) {
        const me = await send('/api/account/me', { cookie });
        expect((JSON.parse(await me.response.text()) as { me: { user: { email: string } } | null }).me?.user.email).toBe(email);
      }
    }, 60_000);

    it('registers a team through the proxy, and refuses the same request from a foreign Origin', async () => {
      const cookie = cookieOf((await signIn()).response.headers.getSetCookie());
      const tournament = await createTournament(database.db);
      const level = await createLevel(database.db, tournament.id);
      const input = registrationInput(tournament.id, level.id);
      const foreign = await send('/api/registrations', { json: input, cookie, origin: 'https://golf.example.net' });
      expect(foreign.status).toBe(403);
      expect(JSON.parse(await foreign.response.text()).error.message).toBe(
        `Requests from other sites are not allowed: open the portal at ${caddy!.url}`,
      );
      const registered = await send('/api/registrations', { json: input, cookie });
      expect(registered.status).toBe(201);
    }, 60_000);

    it('streams the live board through Caddy: a score saved reaches a viewer at once', async () => {
      const { tournament, teams } = await createTournamentDay(database.db, leaderId, { teams: 2 });
      const team = teams[1]!;
      // As a browser's EventSource asks: Caddy sends it to the portals over h2c (decision 132).
      const subscribed = await send('/api/leaderboard/events', { accept: 'text/event-stream' });
      expect(subscribed.status).toBe(200);
      expect(subscribed.headers['content-type']).toBe('text/event-stream');
      const stream = readEvents(subscribed.response);
      const boardOf = async (accept: (board: Leaderboard) => boolean) =>
        JSON.parse(
          (
            await stream.until(
              (e) =>
                e.event === 'leaderboard' &&
                (JSON.parse(e.data) as Leaderboard).tournament.id === tournament.id &&
                accept(JSON.parse(e.data)),
            )
          ).data,
        ) as Leaderboard;
      try {
        expect((await boardOf(() => true)).rows).toEqual([]);
        const cookie = cookieOf((await signIn()).response.headers.getSetCookie());
        const saved = await send(`/api/teams/${team.id}/scores`, {
          method: 'PUT',
          cookie,
          json: { scores: [{ playerId: team.players[0], holeNumber: 1, strokes: 3 }] },
        });
        expect(saved.status).toBe(200);
        const pushed = await boardOf((board) => board.rows.length > 0);
        expect(pushed.rows).toMatchObject([{ teamId: team.id, total: 3 }]);
      } finally {
        await stream.close();
      }
    }, 60_000);

    /** The live-board streams both portals hold (R52's gauge, read from each portal straight). */
    const streamsHeld = async () => {
      let sum = 0;
      for (const portal of [a!, b!]) {
        const metrics = await (await fetch(`${portal.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        sum += Number(/^golf_live_board_streams (\d+)$/m.exec(metrics)![1]);
      }
      return sum;
    };

    it("carries many viewers' streams to the portals over a few HTTP/2 connections, not one connection each, and a viewer who leaves frees the portal's stream (decision 132)", async () => {
      const STREAMS = 24;
      const held = await streamsHeld();
      const portalPorts = [a!, b!].map((portal) => Number(new URL(portal.url).port));
      const before = establishedTo(portalPorts);
      const streams = await Promise.all(
        Array.from({ length: STREAMS }, async () => {
          const subscribed = await send('/api/leaderboard/events', { accept: 'text/event-stream' });
          expect(subscribed.status).toBe(200);
          const stream = readEvents(subscribed.response);
          await stream.until((e) => e.event === 'active');
          return stream;
        }),
      );
      try {
        // Over HTTP/1.1 each stream holds a connection of its own to a portal: STREAMS more. Over h2c, one or two.
        expect(establishedTo(portalPorts) - before).toBeLessThanOrEqual(4);
        expect(await streamsHeld()).toBe(held + STREAMS);
      } finally {
        await Promise.all(streams.map((stream) => stream.close()));
      }
      // The viewers went away: Caddy cancels their streams to the portals (RST_STREAM), which let go of them.
      const until = Date.now() + 10_000;
      while ((await streamsHeld()) !== held && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await streamsHeld()).toBe(held);
    }, 60_000);
  });
}

/** TCP connections established to these local ports (the portals' side of Caddy's connections), from /proc/net. */
function establishedTo(ports: number[]): number {
  const wanted = new Set(ports.map((port) => port.toString(16).toUpperCase().padStart(4, '0')));
  let count = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // State 01 is ESTABLISHED; the local address ends with :PORT in hex.
      if (state === '01' && local && wanted.has(local.split(':').at(-1)!)) count++;
    }
  return count;
}
