// The server log names the route, the user id and the error code, never e-mails, phones, passwords or SQL parameters
// (issue 12 item 5). Driven as a day of real use, with mail on and failures on purpose, then every line is searched.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, errorFields, scrub } from './logger';
import { fileAppWithMail } from './test/file-app';
import { createLevel, createTournament, registrationInput } from './test/factories';
import { uniqueEmail } from './test/test-app';

const PHONE = '555-867-5309';
const SECRET = 'my very private password 8';

const { app: t, mail } = await fileAppWithMail();
afterEach(() => vi.restoreAllMocks());

describe('what the log says', () => {
  it('carries no e-mail, phone or password through sign-up, sign-in, resets, registration and failures', async () => {
    const email = uniqueEmail('private');
    const contactEmail = uniqueEmail('contact');
    await t.signUp({ email, password: SECRET });
    await t.signUp({ email, password: SECRET }); // an existing e-mail: the owner is told by mail
    await t.call('/api/auth/sign-in/email', { json: { email, password: 'wrong and private 9' } });
    await t.call('/api/auth/sign-in/email', { json: { email: uniqueEmail('nobody'), password: SECRET } });
    await t.call('/api/auth/request-password-reset', { json: { email } });
    const leader = await t.createUser();
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id);
    const input = registrationInput(tournament.id, level.id, { contactEmail, contactPhone: PHONE });
    expect((await t.call('/api/registrations', { cookie: leader.cookie, json: input })).status).toBe(201);
    await mail.waitFor(contactEmail);
    await t.call('/api/account/profile', { method: 'PUT', cookie: leader.cookie, json: { firstName: 'A\u0000', lastName: 'B' } });
    await t.call(`/api/admin/users?search=${encodeURIComponent(email)}`, { cookie: leader.cookie });

    const text = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of [
      email,
      contactEmail,
      leader.email,
      PHONE,
      SECRET,
      'wrong and private 9',
      ...input.teams[0]!.players.map((p) => p.email),
    ]) {
      expect(text).not.toContain(secret);
    }
    // What it does say: the route or the user, and the code.
    expect(t.logs).toContainEqual(
      expect.objectContaining({
        message: 'sign-in failed',
        fields: { route: 'POST /api/auth/sign-in/email', code: 'INVALID_EMAIL_OR_PASSWORD', client: 'local' },
      }),
    );
  });

  it('describes a failed query by its code and place, never its parameters', async () => {
    const error = await t.db.execute(sql`select ${'someone@example.org'}::int`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message) + String((error as { cause?: Error }).cause?.message)).toContain('someone@example.org');
    const fields = errorFields(error);
    expect(fields.code).toBe('22P02');
    expect(JSON.stringify(fields)).not.toContain('someone@example.org');
  });

  it('scrubs e-mails and query parameters from any line that still carries them', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    const logger = createLogger('debug');
    logger.error('Failed query: insert into "user" ("email") values ($1)\nparams: pat@golfclub.co.uk,555-0100', {
      to: 'pat@golfclub.co.uk',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('pat@golfclub.co.uk');
    expect(lines[0]).not.toContain('555-0100');
    expect(lines[0]).toContain('params: [removed]');
    expect(scrub('sent to jo.smith+golf@mail.example.co.uk today')).toBe('sent to [e-mail] today');
    // Documentation's reserved addresses stay, so the start-up hint still reads 'you@example.org'.
    expect(scrub('npm run create-admin -- --email you@example.org')).toBe('npm run create-admin -- --email you@example.org');
  });
});
