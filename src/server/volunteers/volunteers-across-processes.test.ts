// R60 between two real server processes on one PostgreSQL: staff end a check-in volunteer's access through process A, and
// the volunteer's very next request through process B is refused, although B had just served them several times. The
// grant is read from the database on every request of a volunteer route (docs/decisions/115), so there is nothing for B
// to have cached. PostgreSQL only: PGlite is one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount, setRole } from '../account/service';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { signInAt } from '../test/server-pair';
import { createTournamentDay } from '../test/tournament-day-fixtures';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../test/test-app';
import { inviteVolunteer, acceptInvitation } from './service';
import { VOLUNTEER_MESSAGES } from '../../shared/volunteer-schemas';

const ROUNDS = 3;

const send = async (server: ServerProcess, path: string, cookie: string, method = 'GET', json?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.url, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

describe('two app instances on one database (both databases)', () => {
  it('an access ended through one is refused by the other on the next request', async () => {
    const one = await createTestApp();
    const two = await createTestApp({ database: one.database });
    try {
      const [staff, leader, volunteer] = [await one.createUser('moderator'), await one.createUser(), await one.createUser()];
      const day = await createTournamentDay(one.db, leader.id, { teams: 1, course: false });
      const today = new Date().toISOString().slice(0, 10);
      const invited = await inviteVolunteer(
        one.db,
        { tournamentId: day.tournament.id, email: volunteer.email, role: 'check-in', until: '2099-12-31' },
        staff.id,
        today,
      );
      await acceptInvitation(one.db, invited.token, { userId: volunteer.id, email: volunteer.email }, today, new Date());
      const path = `/api/admin/golfers/${day.teams[0]!.players[0]}/check-in`;
      for (let i = 0; i < 3; i++)
        expect((await two.call(path, { method: 'PUT', cookie: volunteer.cookie, json: { checkedIn: true } })).status).toBe(200);
      expect((await one.call(`/api/admin/volunteers/${invited.id}/end`, { method: 'POST', cookie: staff.cookie })).status).toBe(204);
      expect((await two.call(path, { method: 'PUT', cookie: volunteer.cookie, json: { checkedIn: false } })).status).toBe(403);
    } finally {
      await two.close();
      await one.close();
    }
  }, 120_000);
});

if (testDatabaseKind() === 'postgres') {
  describe('ending a volunteer through one process is refused by another on the next request (R60, two processes)', () => {
    let database: TestDatabase;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let staffCookie: string;
    let staffId: string;

    const account = async () => {
      const email = uniqueEmail('volunteer');
      const created = await createUserAccount(database.db, {
        firstName: 'Val',
        lastName: 'Desk',
        email,
        password: TEST_PASSWORD,
        emailVerified: true,
      });
      return { id: created.id, email };
    };

    beforeAll(async () => {
      database = await openTestDatabase();
      [a, b] = await Promise.all([startServer({ DATABASE_URL: database.url! }), startServer({ DATABASE_URL: database.url! })]);
      const staff = await account();
      await setRole(database.db, staff.id, 'moderator');
      staffId = staff.id;
      staffCookie = await signInAt(a, staff.email);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([stopServer(a), stopServer(b)]);
      await database?.close();
    });

    it('End access through A: the check-in through B just after is refused with the clear message', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const leader = await account();
        const day = await createTournamentDay(database.db, leader.id, { teams: 1, course: false });
        const volunteer = await account();
        const today = new Date().toISOString().slice(0, 10);
        const invited = await inviteVolunteer(
          database.db,
          { tournamentId: day.tournament.id, email: volunteer.email, role: 'check-in', until: '2099-12-31' },
          staffId,
          today,
        );
        await acceptInvitation(database.db, invited.token, { userId: volunteer.id, email: volunteer.email }, today, new Date());
        const cookie = await signInAt(b!, volunteer.email);
        const golfer = day.teams[0]!.players[round % 4]!;
        for (let i = 0; i < 4; i++) {
          const warm = await send(b!, `/api/admin/golfers/${golfer}/check-in`, cookie, 'PUT', { checkedIn: i % 2 === 0 });
          expect(warm.status, JSON.stringify(warm.body)).toBe(200);
        }
        expect((await send(a!, `/api/admin/volunteers/${invited.id}/end`, staffCookie, 'POST')).status).toBe(204);
        const refused = await send(b!, `/api/admin/golfers/${golfer}/check-in`, cookie, 'PUT', { checkedIn: true });
        expect(refused).toEqual({ status: 403, body: { error: { code: 'FORBIDDEN', message: VOLUNTEER_MESSAGES.ended } } });
        expect((await send(b!, `/api/admin/golfers?tournamentId=${day.tournament.id}`, cookie)).status).toBe(403);
      }
    }, 120_000);
  });
}
