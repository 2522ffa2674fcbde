// What the signed-in benches share: a throwaway database (PostgreSQL or a PGlite folder) prepared before the server starts
// (PGlite's folder serves one process, so fixtures cannot be written beside a running server), a tournament open for
// registration, and a leader signed in with teams registered through the API, as the dashboard's reader is in real use.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUserAccount, setRole } from '../src/server/account/service';
import { migrateDatabase, openDatabase, type Db } from '../src/server/db/connect';
import { sponsorshipLevels, tournamentSponsorshipLevels, tournaments } from '../src/server/db/schema';
import { httpsRequest } from '../src/server/test/caddy';
import { applySetCookies } from '../src/server/test/cookies';
import { adminQuery, PG_ADMIN_URL } from './lib';

export const BENCH_PASSWORD = 'bench-password-123';

export interface BenchDatabase {
  /** The settings a bench server needs to use it (DATABASE_URL, or DATA_DIR with DATABASE_URL empty). */
  env: Record<string, string>;
  /** Opens it, runs `fill` on a migrated database and closes it again (before the server starts). */
  prepare<T>(fill: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function benchDatabase(kind: 'postgres' | 'pglite', name: string): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const drop = async () => void (await adminQuery(`drop database if exists "${name}" with (force)`));
    await drop();
    await adminQuery(`create database "${name}"`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      prepare: (fill) => withDatabase({ databaseUrl: url.toString(), dataDir: null }, fill),
      drop,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-pglite-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    prepare: (fill) => withDatabase({ databaseUrl: null, dataDir }, fill),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function withDatabase<T>(options: { databaseUrl: string | null; dataDir: string | null }, fill: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ ...options, poolSize: 4 });
  try {
    await migrateDatabase(database);
    return await fill(database.db);
  } finally {
    await database.close();
  }
}

export interface OpenTournament {
  tournamentId: string;
  levelId: string;
}

/** An active tournament far ahead (never locked) with one level of `places` teams. */
export async function openTournament(db: Db, name: string, places: number): Promise<OpenTournament> {
  const [tournament] = await db.insert(tournaments).values({ name, startDate: '2099-06-01', active: true }).returning();
  const [level] = await db
    .insert(sponsorshipLevels)
    .values({ name: `Foursome ${name}`, maxTeams: 10 })
    .returning();
  // The form sends the tournament's own level (its price and places), not the catalogue entry.
  const [offered] = await db
    .insert(tournamentSponsorshipLevels)
    .values({ tournamentId: tournament!.id, sponsorshipLevelId: level!.id, priceCents: 50000, maxTeams: places })
    .returning();
  return { tournamentId: tournament!.id, levelId: offered!.id };
}

/** A confirmed team leader (through the account service, as sign-up makes one). */
export const createLeader = (db: Db, email: string) =>
  createUserAccount(db, { firstName: 'Lead', lastName: email.split('@')[0]!, email, password: BENCH_PASSWORD, emailVerified: true });

/** A confirmed admin (the message benches' sender), signed in with signInCookie(base, ADMIN_EMAIL). */
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.org';
export async function createAdmin(db: Db): Promise<void> {
  const admin = await createUserAccount(db, {
    firstName: 'Bench',
    lastName: 'Admin',
    email: BENCH_ADMIN_EMAIL,
    password: BENCH_PASSWORD,
    emailVerified: true,
  });
  await setRole(db, admin.id, 'admin');
}

/** Signs in through the API and answers the Cookie header a browser would send afterwards. */
export async function signInCookie(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One team of four on a hold, as the registration form posts it. */
export function registrationBody(where: OpenTournament, n: number): string {
  return JSON.stringify({
    tournamentId: where.tournamentId,
    sponsorshipLevelId: where.levelId,
    contactName: 'Bench Contact',
    contactPhone: '555-0100',
    // A contact of its own per registration, as real leaders have: one address gets at most USER_MAIL_PER_ADDRESS a day.
    contactEmail: `contact${n}@bench.test`,
    paymentOption: 'hold',
    teams: [
      {
        teamName: `Team ${n}`,
        players: [1, 2, 3, 4].map((p) => ({ firstName: `P${p}`, lastName: `T${n}`, email: `p${p}.t${n}@bench.test` })),
      },
    ],
  });
}

/** POST /api/registrations for one team; answers the status, the time taken and the refusal's message. */
export async function register(base: string, cookie: string, where: OpenTournament, n: number, origin = base) {
  const t = performance.now();
  const res = await fetch(`${base}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: registrationBody(where, n),
  });
  const json = (await res.json()) as { error?: { message: string } };
  return { status: res.status, ms: performance.now() - t, message: json.error?.message };
}

/**
 * Registers `count` teams for the signed-in leader and checks GET /api/teams/mine then lists them. `origin`: the Origin the
 * portal's APP_URL names (another than `base` behind a proxy).
 */
export async function giveTeams(
  base: string,
  cookie: string,
  where: OpenTournament,
  count: number,
  from = 0,
  origin = base,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const r = await register(base, cookie, where, from + i, origin);
    if (r.status !== 201) throw new Error(`registration: ${r.status} ${r.message}`);
  }
  const mine = (await (await fetch(`${base}/api/teams/mine`, { headers: { cookie } })).json()) as { teams?: unknown[] };
  if (mine.teams?.length !== count) throw new Error(`GET /api/teams/mine lists ${mine.teams?.length} teams, not ${count}`);
}

/**
 * A leader signed in through Caddy (HTTPS with Caddy's own certificate, or plain HTTP) with two teams, registered straight
 * at the portal with APP_URL's Origin: the signed-in read both proxy benches measure. Answers the Cookie header.
 */
export async function leaderThroughCaddy(
  caddy: { url: string; rootCertificate: string },
  portalUrl: string,
  appUrl: string,
  email: string,
  where: OpenTournament,
): Promise<string> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: caddy.url },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  };
  const signIn = caddy.url.startsWith('https:')
    ? (await httpsRequest(`${caddy.url}/api/auth/sign-in/email`, { ca: caddy.rootCertificate, ...init })).response
    : await fetch(`${caddy.url}/api/auth/sign-in/email`, init);
  if (signIn.status !== 200) throw new Error(`sign-in through Caddy: ${signIn.status}`);
  const cookie = applySetCookies('', signIn);
  await giveTeams(portalUrl, cookie, where, 2, 0, appUrl);
  return cookie;
}
