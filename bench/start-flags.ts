// The node flags `npm start` runs the server with (package.json), measured against the same command without
// `--liftoff-only --v8-pool-size=1` (issue 13; docs/decisions/011 and 051). On the embedded database (PGlite), where the flags
// matter (its WebAssembly is what Liftoff compiles), the built server started each way, alternately, --runs times:
// cold start on an existing data folder, idle memory, 200 score saves each followed by the board they changed (a board
// rebuild), and 200 reads of the admin Teams list (36 teams). Prints the medians and the ratio.
//   node --import tsx bench/start-flags.ts [--runs 3] [--requests 200]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_ACCOUNTS, seedAccounts } from '../e2e/support/accounts';
import { findUserByEmail } from '../src/server/account/service';
import { migrateDatabase, openDatabase } from '../src/server/db/connect';
import { npmStartCommand } from '../src/server/test/server-process';
import { createTournamentDay } from '../src/server/test/tournament-day-fixtures';
import {
  argValue,
  ensureBuilt,
  freePort,
  median,
  memoryOf,
  noteLoad,
  printTable,
  round,
  sleep,
  spawnNode,
  waitForOk,
  writeResult,
  type Check,
  type ServerProcess,
} from './lib';

const RUNS = Number(argValue('--runs') ?? 3);
const REQUESTS = Number(argValue('--requests') ?? 200);
const DROPPED = ['--liftoff-only', '--v8-pool-size=1'];

noteLoad('start-flags');
ensureBuilt();
const { args: npmStartArgs, env: npmStartEnv } = npmStartCommand();
const variants = [
  { name: 'npm start flags', args: npmStartArgs },
  { name: `without ${DROPPED.join(' ')}`, args: npmStartArgs.filter((a) => !DROPPED.includes(a)) },
];

const dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-flags-'));
let tournamentId = '';
let teams: { id: string; players: string[] }[] = [];
{
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await migrateDatabase(database);
  await seedAccounts(database.db);
  const leader = await findUserByEmail(database.db, E2E_ACCOUNTS.leader.email);
  const day = await createTournamentDay(database.db, leader!.id, { teams: 36, holes: 18, label: 'Flags' });
  tournamentId = day.tournament.id;
  teams = day.teams;
  await database.close();
}

const spawnWith = (args: string[], port: number): ServerProcess =>
  spawnNode(args, { DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: `http://localhost:${port}`, ...npmStartEnv }, port, 'localhost');

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ email: E2E_ACCOUNTS.admin.email, password: E2E_ACCOUNTS.admin.password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Run {
  variant: string;
  startMs: number;
  idleRssMB: number;
  saveMs: number;
  listMs: number;
  afterRssMB: number;
}

let round_ = 0;
async function measure(variant: (typeof variants)[number]): Promise<Run> {
  const port = await freePort();
  const t0 = performance.now();
  const server = spawnWith(variant.args, port);
  try {
    await waitForOk(`${server.baseUrl}/api/health`, server, 120_000);
    const startMs = performance.now() - t0;
    await sleep(5_000);
    const idleRssMB = memoryOf(server.pid).rssMB;
    const cookie = await signIn(server.baseUrl);
    const headers = { 'Content-Type': 'application/json', Origin: server.baseUrl, Cookie: cookie };
    // Saves: each a new value for one cell (a real change), then the board it changed, read as the public reads it.
    const saveTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      // A cell no earlier save of any run touched: 36 teams x 4 golfers x 18 holes, taken in turn.
      const g = round_ * REQUESTS + i;
      const team = teams[g % teams.length]!;
      const cell = Math.floor(g / teams.length);
      const playerId = team.players[cell % 4];
      const holeNumber = (Math.floor(cell / 4) % 18) + 1;
      const strokes = (g % 7) + 2;
      const t = performance.now();
      const res = await fetch(`${server.baseUrl}/api/teams/${team.id}/score-changes`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ idempotencyKey: crypto.randomUUID(), changes: [{ playerId, holeNumber, base: 0, strokes }] }),
      });
      if (!res.ok) throw new Error(`save: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      const board = await fetch(`${server.baseUrl}/api/leaderboard/${tournamentId}`);
      await board.arrayBuffer();
      saveTimes.push(performance.now() - t);
    }
    const listTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const res = await fetch(`${server.baseUrl}/api/admin/teams?tournamentId=${tournamentId}&page=${(i % 2) + 1}`, { headers });
      if (!res.ok) throw new Error(`admin list: ${res.status}`);
      await res.arrayBuffer();
      listTimes.push(performance.now() - t);
    }
    const afterRssMB = memoryOf(server.pid).rssMB;
    return { variant: variant.name, startMs, idleRssMB, saveMs: median(saveTimes), listMs: median(listTimes), afterRssMB };
  } finally {
    round_++;
    await server.stop();
  }
}

try {
  const runs: Run[] = [];
  for (let r = 0; r < RUNS; r++) for (const variant of r % 2 ? [...variants].reverse() : variants) runs.push(await measure(variant));
  const summary = variants.map((v) => {
    const mine = runs.filter((r) => r.variant === v.name);
    const m = (key: keyof Omit<Run, 'variant'>) => median(mine.map((r) => r[key]));
    return {
      variant: v.name,
      'cold start ms': round(m('startMs')),
      'idle RSS MB': round(m('idleRssMB')),
      'save + board ms (median)': round(m('saveMs'), 1),
      'admin list ms (median)': round(m('listMs'), 1),
      'RSS after MB': round(m('afterRssMB')),
    };
  });
  printTable(runs.map((r) => ({ ...r, startMs: round(r.startMs), saveMs: round(r.saveMs, 1), listMs: round(r.listMs, 1) })));
  printTable(summary);
  const [flags, plain] = summary as [(typeof summary)[number], (typeof summary)[number]];
  const ratio = (a: number, b: number) => round(a / b, 2);
  const checks: Check[] = [
    {
      name: 'save + board: with flags / without',
      value: ratio(flags['save + board ms (median)'], plain['save + board ms (median)']),
      unit: '×',
      budget: 'info',
      pass: null,
    },
    {
      name: 'admin list: with flags / without',
      value: ratio(flags['admin list ms (median)'], plain['admin list ms (median)']),
      unit: '×',
      budget: 'info',
      pass: null,
    },
    {
      name: 'idle RSS: without flags − with',
      value: round(plain['idle RSS MB'] - flags['idle RSS MB']),
      unit: 'MB',
      budget: 'info',
      pass: null,
    },
    {
      name: 'cold start: with flags / without',
      value: ratio(flags['cold start ms'], plain['cold start ms']),
      unit: '×',
      budget: 'info',
      pass: null,
    },
  ];
  for (const c of checks) console.log(`INFO  ${c.name}: ${c.value} ${c.unit}`);
  writeResult('start-flags', { runs, summary, checks });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
