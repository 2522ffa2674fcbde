// Where start-up time and memory go: repeats src/server/main.ts's start-up steps in a fresh process and times each one
// (module loading, opening the database, migrations, auth and secret, reading and compressing the built client), with the
// process's RSS after each step. Runs each configuration in its own child process so module loading is cold.
//   node --import tsx bench/startup-phases.ts [--postgres]        (child mode: --child <dataDir|postgres-url>)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery, argValue, CLIENT_DIR, hasArg, PG_ADMIN_URL, printTable, ROOT, round, writeResult, noteLoad, type Check } from './lib';

const rssMB = () => round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024, 1);

interface Phase {
  phase: string;
  ms: number;
  rssMB: number;
}

async function child(target: string) {
  const phases: Phase[] = [{ phase: 'node + tsx loaded', ms: round(performance.now()), rssMB: rssMB() }];
  let t = performance.now();
  const step = (phase: string) => {
    phases.push({ phase, ms: round(performance.now() - t), rssMB: rssMB() });
    t = performance.now();
  };
  const { createApp } = await import('../src/server/app');
  const { buildDeps } = await import('../src/server/bootstrap');
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase, migrateDatabase } = await import('../src/server/db/connect');
  const { loadStaticAssets } = await import('../src/server/http/static-assets');
  const { issueSetupToken } = await import('../src/server/setup/service');
  step('import server modules (tsx)');
  const isPg = target.startsWith('postgres');
  const config = loadConfig({ ...process.env, DATABASE_URL: isPg ? target : '', DATA_DIR: isPg ? '' : target, LOG_LEVEL: 'error' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.db.execute((await import('drizzle-orm')).sql`select 1`);
  step(`open database (${database.kind})`);
  await migrateDatabase(database);
  step('migrations (up to date)');
  const deps = await buildDeps(config, database);
  step('buildDeps (secret, mailer, better-auth)');
  const assets = loadStaticAssets(CLIENT_DIR);
  step(`loadStaticAssets (${assets.size} files, gzip-9 + brotli-11)`);
  createApp(deps, { assets });
  step('createApp');
  await issueSetupToken(database.db, new Date());
  step('issueSetupToken (no admin yet: the setup address)');
  await database.close();
  process.stdout.write('\n@@' + JSON.stringify(phases) + '\n');
}

async function main() {
  const targets: { name: string; target: string; cleanup: () => Promise<void> }[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'golf-bench-phases-'));
  targets.push({ name: 'PGlite', target: join(dir, 'data'), cleanup: async () => rmSync(dir, { recursive: true, force: true }) });
  if (hasArg('--postgres')) {
    await adminQuery('drop database if exists golf_bench_phases with (force)');
    await adminQuery('create database golf_bench_phases');
    const url = new URL(PG_ADMIN_URL);
    url.pathname = '/golf_bench_phases';
    targets.push({
      name: 'PostgreSQL',
      target: url.toString(),
      cleanup: async () => void (await adminQuery('drop database if exists golf_bench_phases with (force)')),
    });
  }
  const loadBefore = noteLoad('startup-phases start');
  const results: Record<string, Phase[]> = {};
  const checks: Check[] = [];
  for (const { name, target, cleanup } of targets) {
    try {
      // The first run creates the data (PGlite) or the tables; the second is the restart measured.
      for (const run of ['create', 'restart']) {
        const out = spawnSync(process.execPath, ['--import', 'tsx', 'bench/startup-phases.ts', '--child', target], {
          cwd: ROOT,
          encoding: 'utf8',
        });
        const line = out.stdout.split('\n').find((l) => l.startsWith('@@'));
        if (!line) throw new Error(`${name}: child failed:\n${out.stdout}\n${out.stderr}`);
        if (run === 'create') continue;
        const phases = JSON.parse(line.slice(2)) as Phase[];
        results[name] = phases;
        console.log(`\n${name}, restart on existing data: start-up phases (ms from the previous step; RSS after it)`);
        printTable(phases.map((p) => ({ phase: p.phase, ms: p.ms, 'RSS MB': p.rssMB })));
        const total = round(phases.reduce((a, p) => a + p.ms, 0));
        console.log(`total ${total} ms`);
        checks.push({ name: `${name}: start-up phases total (in-process)`, value: total, unit: 'ms', budget: 'info', pass: null });
      }
    } finally {
      await cleanup();
    }
  }
  console.log(`\n(node's own start is in "node + tsx loaded": time from process start to the first line of this script)`);
  writeResult('startup-phases', { loadBefore, loadAfter: noteLoad('startup-phases end'), results, checks });
}

const childTarget = argValue('--child');
if (childTarget) await child(childTarget);
else await main();
