// One app per test file, made before its tests and closed after them, for the set-ups many files share: an app with a user
// of each role, an app that sends its mail to a local catcher, and an app that serves a built client from a temporary folder.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/connect';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { withTempAssets } from './temp-assets';
import { createTestApp, type TestApp, type TestAppOptions, type TestUser } from './test-app';

export type TempAssets = ReturnType<typeof withTempAssets>;

/** An app with SMTP_URL pointing at a mail catcher; `use` receives both once they are up (and may set up more). */
export function useAppWithMail(use: (app: TestApp, mail: MailCatcher) => void | Promise<void>, options: TestAppOptions = {}) {
  let app: TestApp | undefined;
  let mail: MailCatcher | undefined;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await createTestApp({ ...options, env: { ...options.env, SMTP_URL: mail.url } });
    await use(app, mail);
  });
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });
}

/** An app serving a built client (index.html and one hashed script) from a temporary folder, removed afterwards. */
export function useAppWithAssets(use: (app: TestApp, temp: TempAssets) => void | Promise<void>) {
  let app: TestApp | undefined;
  let temp: TempAssets | undefined;
  beforeAll(async () => {
    temp = withTempAssets();
    app = await createTestApp({ assets: temp.assets });
    await use(app, temp);
  });
  afterAll(async () => {
    await app?.close();
    temp?.remove();
  });
}

/** An app for the file; `use` receives it once it is up (and may set up more). */
export function useApp(use: (app: TestApp) => void | Promise<void>, options: TestAppOptions = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
    await use(app);
  });
  afterAll(() => app?.close());
}

type Name = Pick<TestUser, 'firstName' | 'lastName'>;
export interface UsersOfEachRole {
  leader: TestUser;
  moderator: TestUser;
  admin: TestUser;
  /** A second team leader (with `otherLeader: true`), whose teams the first one must not reach. */
  otherLeader: TestUser;
}

type UserOptions = { otherLeader?: boolean; names?: Partial<Record<'leader' | 'moderator' | 'admin', Name>> };

/** A signed-in team leader, moderator and admin of `app` (and a second leader when asked). */
export async function usersOfEachRole(app: TestApp, options: UserOptions = {}): Promise<UsersOfEachRole> {
  const [leader, moderator, admin, otherLeader] = await Promise.all([
    app.createUser('team_leader', options.names?.leader),
    app.createUser('moderator', options.names?.moderator),
    app.createUser('admin', options.names?.admin),
    options.otherLeader ? app.createUser('team_leader') : undefined,
  ]);
  return { leader, moderator, admin, otherLeader: otherLeader! };
}

/**
 * The file's app, made while the file loads and closed after its tests: `const t = await fileApp();` at the top of a test
 * file, then what the tests share as `const`s below it (docs/decisions/107).
 */
export async function fileApp(options: TestAppOptions = {}): Promise<TestApp> {
  const app = await createTestApp(options);
  afterAll(() => app.close());
  return app;
}

/** The file's app with a signed-in team leader, moderator and admin (and a second leader when asked): `const { app: t, admin } = …`. */
export async function fileAppWithUsers(options: TestAppOptions & UserOptions = {}): Promise<UsersOfEachRole & { app: TestApp }> {
  const { otherLeader, names, ...appOptions } = options;
  const app = await fileApp(appOptions);
  return { app, ...(await usersOfEachRole(app, { otherLeader, names })) };
}

/** The file's local mail catcher, closed after the file's tests: for apps of the file that send to it (`SMTP_URL: mail.url`). */
export async function fileMailCatcher(): Promise<MailCatcher> {
  const mail = await startMailCatcher();
  afterAll(() => mail.close());
  return mail;
}

/** The file's app sending its mail to a local catcher (SMTP_URL), both closed after the file's tests. */
export async function fileAppWithMail(options: TestAppOptions = {}): Promise<{ app: TestApp; mail: MailCatcher }> {
  const mail = await fileMailCatcher();
  const app = await fileApp({ ...options, env: { ...options.env, SMTP_URL: mail.url } });
  return { app, mail };
}

/**
 * The file's app with card payments against the local fake Stripe (test/fake-stripe.ts), served on a local port that the
 * fake's webhooks call, as Stripe calls the server; all three closed after the file's tests.
 */
export async function fileAppWithStripe(options: TestAppOptions = {}): Promise<{ app: TestApp; fake: FakeStripe }> {
  const fake = await startFakeStripe();
  afterAll(() => fake.close());
  const app = await fileApp({ ...options, env: { ...fake.env, ...options.env } });
  const server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  fake.webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
  return { app, fake };
}

/**
 * A pool of connections of its own to the file's PostgreSQL database, for calls that must run side by side (a race test:
 * PGlite runs one transaction at a time, docs/stack.md). Open from before the block's tests to after them.
 */
export function usePool(app: () => TestApp, poolSize: number): { readonly db: Db } {
  let pool: Database | undefined;
  beforeAll(async () => {
    pool = await openDatabase({ databaseUrl: app().database.url, dataDir: null, poolSize });
  });
  afterAll(() => pool?.close());
  return {
    get db() {
      return pool!.db;
    },
  };
}
