// Regenerates the upgrade test's fixture (R47, docs/decisions/070): the database a previous release wrote, with data.
//
//   node --import tsx scripts/upgrade-fixture.ts [--commit 74fae57] [--postgres postgres://postgres@127.0.0.1:5432/test]
//
// Takes that commit's code (git archive, into a temporary folder, using this tree's node_modules), and on a new PostgreSQL
// database runs ITS migrations, ITS demo seed and ITS create-admin, starts ITS server and, through its API, registers teams
// (some held, some to pay), marks payments received, and reads the figures (upgrade-figures.ts). Then THIS code's backup
// writes the database to src/server/backups/fixtures/release-<commit>.backup (at the old schema version) and the figures to
// release-<commit>.json, replacing the fixture of the release before. The upgrade test restores the one and compares
// against the other. Run it with each release's commit once it has landed.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { backupToFile } from '../src/server/backups/commands';
import { readUpgradeFigures } from '../src/server/backups/upgrade-figures';
import { loadConfig } from '../src/server/config';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'src/server/backups/fixtures');
const ADMIN = { email: 'upgrade-admin@example.org', password: 'upgrade fixture admin' };
const LEADER_PASSWORD = 'upgrade fixture leader';

const { values } = parseArgs({
  options: {
    commit: { type: 'string', default: '74fae57' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const commit = execFileSync('git', ['rev-parse', '--short', values.commit!], { cwd: ROOT, encoding: 'utf8' }).trim();
const work = mkdtempSync(join(tmpdir(), `golf-release-${commit}-`));
const tree = join(work, 'tree');
const dbName = `golf_upgrade_${Date.now().toString(36)}`;
const url = new URL(values.postgres!);
url.pathname = `/${dbName}`;
const port = 3900 + Math.floor(Math.random() * 90);
const appUrl = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATABASE_URL: url.toString(),
  PORT: String(port),
  APP_URL: appUrl,
  SERVE_CLIENT: 'false',
  TIME_ZONE: 'UTC',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: values.postgres });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function oldCli(script: string, args: string[] = []) {
  execFileSync(process.execPath, ['--import', 'tsx', join(tree, 'src/server/cli', script), ...args], { cwd: tree, env, stdio: 'inherit' });
}

async function main() {
  mkdirSync(tree);
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${tree}`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  await admin(`create database "${dbName}"`);
  const server = spawn(process.execPath, ['--import', 'tsx', join(tree, 'src/server/main.ts')], { cwd: tree, env, stdio: 'inherit' });
  try {
    // The old release migrates at start; its seed and create-admin run beside it (PostgreSQL serves both).
    await waitForServer();
    oldCli('seed-demo.ts');
    oldCli('create-admin.ts', ['--email', ADMIN.email, '--password', ADMIN.password, '--first-name', 'Una', '--last-name', 'Grade']);
    const adminCookie = await signIn(ADMIN.email, ADMIN.password);
    const { tournaments } = await call('/api/tournaments/active', '');
    const open = tournaments.find((t: { registrationOpen: boolean }) => t.registrationOpen);

    for (let i = 1; i <= 4; i++) {
      const email = `upgrade-leader-${i}@example.org`;
      await call('/api/account/sign-up', '', {
        firstName: 'Leader',
        lastName: `Number ${i}`,
        email,
        company: `Company ${i}`,
        password: LEADER_PASSWORD,
      });
      const cookie = await signIn(email, LEADER_PASSWORD);
      const { levels } = await call(`/api/tournaments/${open.id}/levels`, '');
      const level = levels.find((l: { placesLeft: number }) => l.placesLeft >= 2);
      await call('/api/registrations', cookie, {
        tournamentId: open.id,
        sponsorshipLevelId: level.id,
        paymentOption: i % 2 ? 'hold' : 'pay',
        company: `Company ${i}`,
        contactName: `Leader Number ${i}`,
        contactPhone: '555-0100',
        contactEmail: email,
        teams: Array.from({ length: i === 4 ? 2 : 1 }, (_, t) => ({
          teamName: `Upgrade Team ${i}${'AB'[t]}`,
          players: Array.from({ length: 4 }, (_, p) => ({
            firstName: `Golfer${p + 1}`,
            lastName: `Team${i}${'AB'[t]}`,
            email: `golfer${p + 1}.team${i}${t}@example.org`,
            phone: '555-0101',
          })),
        })),
      });
    }
    const { payments } = await call(`/api/admin/payments?tournamentId=${open.id}`, adminCookie);
    for (const payment of payments.slice(0, 2)) {
      await call(`/api/admin/payments/${payment.id}`, adminCookie, { state: 'paid', note: 'Cheque received' }, 'PATCH');
    }

    const figures = await readUpgradeFigures((path) => call(path, adminCookie));
    mkdirSync(FIXTURES, { recursive: true });
    const file = join(FIXTURES, `release-${commit}.backup`);
    // THIS code's backup, of the database at the old release's schema (a backup never migrates). Backups are written
    // only into a folder nobody else can enter (decision 092): a private one of its own, then copied (demo data only).
    const written = mkdtempSync(join(tmpdir(), 'golf-fixture-'));
    const { header, bytes } = await backupToFile(loadConfig({ DATABASE_URL: url.toString() }), join(written, 'fixture.backup'));
    copyFileSync(join(written, 'fixture.backup'), file);
    rmSync(written, { recursive: true, force: true });
    writeFileSync(
      join(FIXTURES, `release-${commit}.json`),
      `${JSON.stringify({ commit, schema: header.schema.tag, admin: ADMIN, leader: { email: 'upgrade-leader-4@example.org', password: LEADER_PASSWORD }, figures }, null, 2)}\n`,
    );
    // The upgrade test reads the one fixture there: the previous release's.
    for (const old of readdirSync(FIXTURES))
      if (old.startsWith('release-') && !old.startsWith(`release-${commit}.`)) rmSync(join(FIXTURES, old));
    console.log(`Wrote ${file} (${bytes} bytes, schema ${header.schema.tag}) and its figures.`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await admin(`drop database if exists "${dbName}" with (force)`);
    rmSync(work, { recursive: true, force: true });
  }
}

async function call(path: string, cookie: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: appUrl, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function signIn(email: string, password: string) {
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: appUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${appUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The old release did not start');
}

await main();
