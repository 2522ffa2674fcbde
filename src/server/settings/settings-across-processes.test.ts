// R51 "at once, in every process": the organisation's settings are cached by each process (settings/organisation.ts) and
// dropped at the commit of a change (NOTIFY 'o' on the sessions' channel; the saving request answers only once every
// process has heard it). Two apps on one database, then (PostgreSQL) two real server processes: a change saved through A
// shows on B's very next event page, year statement and e-mail, although B had the old values cached just before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount, setRole } from '../account/service';
import { createTournament } from '../test/factories';
import { startMailCatcher, type MailCatcher } from '../test/mail-catcher';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../test/test-app';

const ROUNDS = 3;
const ENV = { ORG_NAME: 'Env Golf Club', ORG_LEGAL_NAME: 'Env Golf Club Inc.', ORG_TAX_ID: '11-1111111' };
const settings = (round: number) => ({
  name: `Round ${round} Charity`,
  legalName: `Round ${round} Charity Foundation`,
  taxId: `2${round}-222222${round}`,
  contactEmail: '',
  logoImageId: null,
  mailFromName: `Round ${round} Golf`,
});
const year = new Date().getUTCFullYear();

describe('two app instances on one database, each with its cache of the settings (both databases)', () => {
  it('a change saved through one shows on the next read of the other', async () => {
    const a = await createTestApp({ env: ENV });
    const b = await createTestApp({ database: a.database, env: ENV });
    try {
      const admin = await a.createUser('admin');
      await createTournament(a.db);
      for (let i = 0; i < 3; i++) expect((await b.call('/api/events')).body.events[0].organisation).toBe('Env Golf Club');
      expect((await a.call('/api/admin/settings', { method: 'PUT', cookie: admin.cookie, json: settings(1) })).status).toBe(200);
      expect((await b.call('/api/events')).body.events[0].organisation).toBe('Round 1 Charity');
    } finally {
      await b.close();
      await a.close();
    }
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('two server processes on one PostgreSQL: a change through A shows at once on B (R51)', () => {
    let database: TestDatabase;
    let mail: MailCatcher;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let admin: { email: string; cookie: string };

    const send = (server: ServerProcess, path: string, cookie = '', method = 'GET', json?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, origin: server.url, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    const organisationOnEventPage = async (server: ServerProcess) =>
      ((await (await send(server, '/api/events')).json()) as { events: { organisation: string }[] }).events[0]!.organisation;
    const statementOrganisation = async (server: ServerProcess) =>
      (
        (await (await send(server, `/api/statements?year=${year}&email=${encodeURIComponent(admin.email)}`, admin.cookie)).json()) as {
          organisation: { name: string; legalName: string; taxId: string };
        }
      ).organisation;

    beforeAll(async () => {
      database = await openTestDatabase();
      mail = await startMailCatcher();
      const env = { ...ENV, DATABASE_URL: database.url!, SMTP_URL: mail.url, MAIL_FROM: 'Env Golf <golf@club.example>' };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
      const email = uniqueEmail('admin');
      const created = await createUserAccount(database.db, {
        firstName: 'Ada',
        lastName: 'Admin',
        email,
        password: TEST_PASSWORD,
        emailVerified: true,
      });
      await setRole(database.db, created.id, 'admin');
      const signedIn = await send(a, '/api/auth/sign-in/email', '', 'POST', { email, password: TEST_PASSWORD });
      expect(signedIn.status).toBe(200);
      admin = {
        email,
        cookie: signedIn.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      };
      await createTournament(database.db);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([stopServer(a), stopServer(b)]);
      await mail?.close();
      await database?.close();
    });

    it('the event page, the year statement and the e-mails (signature, From name) B serves change at once', async () => {
      let previous = 'Env Golf Club';
      for (let round = 1; round <= ROUNDS; round++) {
        // B serves the old values several times: they are in its cache.
        for (let i = 0; i < 3; i++) expect(await organisationOnEventPage(b!)).toBe(previous);
        expect((await statementOrganisation(b!)).name).toBe(previous);

        const saved = await send(a!, '/api/admin/settings', admin.cookie, 'PUT', settings(round));
        expect(saved.status).toBe(200);

        expect(await organisationOnEventPage(b!)).toBe(`Round ${round} Charity`);
        expect(await statementOrganisation(b!)).toEqual({
          name: `Round ${round} Charity`,
          legalName: `Round ${round} Charity Foundation`,
          taxId: `2${round}-222222${round}`,
          logoUrl: null,
        });
        const email = uniqueEmail(`round-${round}`);
        const signUp = await send(b!, '/api/account/sign-up', '', 'POST', {
          firstName: 'Sam',
          lastName: 'Golfer',
          email,
          password: TEST_PASSWORD,
        });
        expect(signUp.status).toBe(201);
        const message = await mail.waitFor(email);
        expect(message.text).toContain(`See you on the course.\nRound ${round} Charity\n`);
        expect(message.html).toContain(`See you on the course.<br>Round ${round} Charity</p>`);
        expect(message.headers.get('from')).toBe(`Round ${round} Golf <golf@club.example>`);
        previous = `Round ${round} Charity`;
      }
    }, 120_000);
  });
}
