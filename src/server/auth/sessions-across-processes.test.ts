// R33 with each process's session cache (docs/decisions/065), between two real server processes on one PostgreSQL: a
// session ended through server A is refused by server B on the very next request, although B had it cached (B served it
// several times just before). B reaches PostgreSQL through a proxy that holds every byte coming back to it for
// DELAY_MS, so B hears every notification late, always: a server that answered the ending request before B had heard
// it would fail each round here, not once in a while. Each way of ending a session, several rounds each.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount, setRole } from '../account/service';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { signInAt } from '../test/server-pair';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../test/test-app';
import { LEASE_MS, SESSION_CHANNEL } from './session-changes';
import type { Role } from '../../shared/roles';

const ROUNDS = 3;
const NEW_PASSWORD = 'a brand new fairway 9';
/** How late B hears PostgreSQL: far more than a notification normally takes (well under a millisecond here). */
const DELAY_MS = 150;

/**
 * A TCP proxy to PostgreSQL that passes what it sends back DELAY_MS late (in order); answers the database URL through it.
 * stallListener() holds back everything PostgreSQL sends on the connection that LISTENs for session changes (the
 * notifications never arrive; every other connection works) until release().
 */
async function slowProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const links: { listener: boolean; held: Buffer[] | null; client: net.Socket }[] = [];
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const link = { listener: false, held: null as Buffer[] | null, client };
    links.push(link);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => {
      if (chunk.includes(`listen "${SESSION_CHANNEL}"`)) link.listener = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (stalled && link.listener) return void (link.held ??= []).push(chunk);
      setTimeout(() => client.write(chunk), DELAY_MS);
    });
    upstream.on('close', () => setTimeout(() => client.destroy(), DELAY_MS));
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  const release = () => {
    stalled = false;
    for (const link of links) for (const chunk of link.held?.splice(0) ?? []) link.client.write(chunk);
  };
  return {
    url: url.toString(),
    stallListener: () => void (stalled = true),
    release,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const send = (server: ServerProcess, path: string, cookie: string, method = 'GET', json?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.url, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

/** The signed-in user's id as GET /api/account/me answers it, or null. */
const me = async (server: ServerProcess, cookie: string) =>
  ((await (await send(server, '/api/account/me', cookie)).json()) as { me: { user: { id: string } } | null }).me?.user.id ?? null;

/**
 * Serves the session from B several times over a few of its round trips to PostgreSQL, so that B holds it in its cache and
 * trusts that cache (its heartbeat came back) when the session ends.
 */
async function warm(server: ServerProcess, cookie: string, path = '/api/teams/mine') {
  for (let i = 0; i < 4; i++) {
    expect((await send(server, path, cookie)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
  }
}

describe('two app instances on one database, each with its own session cache (both databases)', () => {
  it('a sign-out through one is refused by the other on the next request', async () => {
    const a = await createTestApp();
    const b = await createTestApp({ database: a.database });
    try {
      const leader = await a.createUser();
      for (let i = 0; i < 3; i++) expect((await b.call('/api/teams/mine', { cookie: leader.cookie })).status).toBe(200);
      expect((await a.request('/api/auth/sign-out', { method: 'POST', cookie: leader.cookie })).status).toBe(200);
      expect((await b.call('/api/teams/mine', { cookie: leader.cookie })).status).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('a session ended through one process is refused by another on the next request (R33, two processes)', () => {
    let database: TestDatabase;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let proxy: Awaited<ReturnType<typeof slowProxy>> | undefined;
    let adminCookie: string;

    const account = async (role: Role = 'team_leader') => {
      const email = uniqueEmail(role.replace('_', '-'));
      const created = await createUserAccount(database.db, {
        firstName: 'Casey',
        lastName: 'Test',
        email,
        password: TEST_PASSWORD,
        emailVerified: true,
      });
      if (role !== 'team_leader') await setRole(database.db, created.id, role);
      return { id: created.id, email };
    };

    beforeAll(async () => {
      database = await openTestDatabase();
      proxy = await slowProxy(database.url!);
      [a, b] = await Promise.all([startServer({ DATABASE_URL: database.url! }), startServer({ DATABASE_URL: proxy.url })]);
      adminCookie = await signInAt(a, (await account('admin')).email);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([stopServer(a), stopServer(b)]);
      await proxy?.close();
      await database?.close();
    });

    it('sign-out through A: the same cookies on B are refused at once', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const leader = await account();
        const cookie = await signInAt(a!, leader.email);
        await warm(b!, cookie);
        expect((await send(a!, '/api/auth/sign-out', cookie, 'POST', {})).status).toBe(200);
        expect((await send(b!, '/api/teams/mine', cookie)).status).toBe(401);
        expect(await me(b!, cookie)).toBeNull();
      }
    }, 60_000);

    it('a password change through A: the other session on B is refused at once, the changing one goes on', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const leader = await account();
        const phone = await signInAt(a!, leader.email);
        const laptop = await signInAt(a!, leader.email);
        await warm(b!, phone);
        const changed = await send(a!, '/api/auth/change-password', laptop, 'POST', {
          currentPassword: TEST_PASSWORD,
          newPassword: NEW_PASSWORD,
        });
        expect(changed.status).toBe(200);
        expect((await send(b!, '/api/teams/mine', phone)).status).toBe(401);
        // The browser that changed it got a fresh session, which B accepts.
        const fresh = changed.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        expect(await me(b!, fresh)).toBe(leader.id);
      }
    }, 60_000);

    it("an admin's deletion through A: the account's cookies on B are refused at once", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const leader = await account();
        const cookie = await signInAt(a!, leader.email);
        await warm(b!, cookie);
        expect((await send(a!, `/api/admin/users/${leader.id}`, adminCookie, 'DELETE')).status).toBe(204);
        expect((await send(b!, '/api/teams/mine', cookie)).status).toBe(401);
      }
    }, 60_000);

    it('B stops hearing notifications altogether: the sign-out waits out the lease, after which B reads the database', async () => {
      const leader = await account();
      const cookie = await signInAt(a!, leader.email);
      await warm(b!, cookie);
      proxy!.stallListener();
      try {
        const started = performance.now();
        expect((await send(a!, '/api/auth/sign-out', cookie, 'POST', {})).status).toBe(200);
        // A still hears B's heartbeats (B sends them; only what comes back to B is held), so it waited for B's answer
        // until the lease was over rather than answering at once. (A lower bound: whatever the machine's load.)
        expect(performance.now() - started).toBeGreaterThanOrEqual(LEASE_MS);
        expect((await send(b!, '/api/teams/mine', cookie)).status).toBe(401);
      } finally {
        proxy!.release();
      }
    }, 60_000);

    it("a leader's dashboard and profile on B show what changed through A on the very next read (decision 065)", async () => {
      const tournament = await createTournament(database.db, { startDate: '2099-05-01', endDate: '2099-05-01' });
      const level = await createLevel(database.db, tournament.id, { maxTeams: 20 });
      const leader = await account();
      const cookie = await signInAt(a!, leader.email);
      const teamsOnB = async () =>
        ((await (await send(b!, '/api/teams/mine', cookie)).json()) as { teams: { id: string; name: string; paymentStatus: string }[] })
          .teams;
      const register = (label: string) =>
        send(a!, '/api/registrations', cookie, 'POST', registrationInput(tournament.id, level.id, { teams: teamsInput(1, label) }));
      expect((await register('First')).status).toBe(201);
      await warm(b!, cookie);
      expect(await teamsOnB()).toHaveLength(1);

      for (let round = 0; round < ROUNDS; round++) {
        const created = await register(`Round ${round}`);
        expect(created.status).toBe(201);
        const { teams } = (await created.json()) as { teams: { id: string }[] };
        expect((await teamsOnB()).map((team) => team.id)).toContain(teams[0]!.id);
        const paid = await send(a!, `/api/admin/teams/${teams[0]!.id}/status`, adminCookie, 'PATCH', { status: 'paid' });
        expect(paid.status).toBe(200);
        expect((await teamsOnB()).find((team) => team.id === teams[0]!.id)!.paymentStatus).toBe('paid');
      }
      const profile = { firstName: 'Renamed', lastName: 'Leader', company: 'Links plc' };
      expect((await send(a!, '/api/account/profile', cookie, 'PUT', profile)).status).toBe(200);
      const onB = (await (await send(b!, '/api/account/me', cookie)).json()) as { me: { profile: typeof profile } };
      expect(onB.me.profile).toEqual(profile);
    }, 60_000);

    it("an admin's demotion through A: the moderator's next staff request on B is refused at once", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const moderator = await account('moderator');
        const cookie = await signInAt(a!, moderator.email);
        await warm(b!, cookie, '/api/admin/dashboard');
        const demoted = await send(a!, `/api/admin/users/${moderator.id}/role`, adminCookie, 'PATCH', { role: 'team_leader' });
        expect(demoted.status).toBe(200);
        expect((await send(b!, '/api/admin/dashboard', cookie)).status).toBe(403);
        // Still signed in, as a team leader.
        expect((await send(b!, '/api/teams/mine', cookie)).status).toBe(200);
      }
    }, 60_000);
  });
}
