// A registration's Idempotency-Key (R27): the same key again answers the first answer and saves nothing new, also when
// the retries arrive at the same moment (on PostgreSQL, through a pool: the real race).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/connect';
import { teams } from '../db/schema';
import { testDatabaseKind, openTestDatabase, type TestDatabase } from '../test/database';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { registrationCounts } from '../test/fixtures';
import { startMailCatcher, type MailCatcher } from '../test/mail-catcher';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from './service';

let base: TestDatabase;
let pooled: Database | undefined;
let t: TestApp;
let mail: MailCatcher;
let leader: TestUser;

beforeAll(async () => {
  base = await openTestDatabase();
  mail = await startMailCatcher();
  let database: TestDatabase = base;
  if (testDatabaseKind() === 'postgres') {
    pooled = await openDatabase({ databaseUrl: base.url, dataDir: null, poolSize: 12 });
    database = { ...pooled, url: base.url };
  }
  t = await createTestApp({ database, env: { SMTP_URL: mail.url } });
  leader = await t.createUser('team_leader');
});
afterAll(async () => {
  await t?.close();
  await pooled?.close();
  await base?.close();
  await mail?.close();
});

const register = (body: unknown, key?: string, cookie = leader.cookie) =>
  t.call('/api/registrations', { json: body, cookie, headers: key === undefined ? {} : { 'idempotency-key': key } });

async function setUp(places = 3) {
  const tournament = await createTournament(t.db);
  const level = await createLevel(t.db, tournament.id, { maxTeams: places });
  return { tournament, level };
}

describe('Idempotency-Key on registration (R27)', () => {
  it('answers a replay with the first answer and saves nothing new, with one confirmation e-mail', async () => {
    const { tournament, level } = await setUp();
    const body = registrationInput(tournament.id, level.id, { contactEmail: `once-${Date.now()}@example.org` });
    const first = await register(body, 'form-0001-abcdef');
    expect(first.status).toBe(201);
    const replay = await register(body, 'form-0001-abcdef');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect((await registrationCounts(t.db, tournament.id)).teams).toBe(1);
    await mail.waitFor(body.contactEmail);
    await new Promise((r) => setTimeout(r, 150));
    expect(mail.messages.filter((m) => m.to.includes(body.contactEmail))).toHaveLength(1);
  });

  it('replays the first answer even once the level has sold out since', async () => {
    const { tournament, level } = await setUp(1);
    const body = registrationInput(tournament.id, level.id);
    const first = await register(body, 'form-sold-out-1');
    expect((await register(registrationInput(tournament.id, level.id), 'form-sold-out-2')).status).toBe(409);
    const replay = await register(body, 'form-sold-out-1');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
  });

  it('registers again with a new key, or without one', async () => {
    const { tournament, level } = await setUp();
    const body = registrationInput(tournament.id, level.id);
    await register(body, 'form-new-key-1');
    await register(body, 'form-new-key-2');
    await register(body);
    expect((await registrationCounts(t.db, tournament.id)).teams).toBe(3);
  });

  it('keeps keys per leader: another leader with the same key registers their own', async () => {
    const { tournament, level } = await setUp();
    const other = await t.createUser();
    const body = registrationInput(tournament.id, level.id);
    const mine = await register(body, 'form-shared-key');
    const theirs = await register(body, 'form-shared-key', other.cookie);
    expect(theirs.status).toBe(201);
    expect(theirs.body.teams[0].id).not.toBe(mine.body.teams[0].id);
  });

  it('refuses the key reused for a different registration, and a malformed key, saving nothing', async () => {
    const { tournament, level } = await setUp();
    await register(registrationInput(tournament.id, level.id), 'form-reused-key');
    const reused = await register(registrationInput(tournament.id, level.id), 'form-reused-key');
    expect(reused.status).toBe(409);
    expect(reused.body.error.message).toBe(IDEMPOTENCY_MISMATCH_MESSAGE);
    const short = await register(registrationInput(tournament.id, level.id), 'abc');
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('The Idempotency-Key header must be 8 to 200 printable characters');
    expect((await registrationCounts(t.db, tournament.id)).teams).toBe(1);
  });

  it('registers once when the same submission arrives several times at the same moment', async () => {
    const { tournament, level } = await setUp(10);
    const body = registrationInput(tournament.id, level.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => register(body, 'form-simultaneous-1')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((a) => a.body.teams[0].id));
    expect(ids.size).toBe(1);
    const saved = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.tournamentId, tournament.id));
    expect(saved.map((r) => r.id)).toEqual([...ids]);
  });
});
