// Vitest global set-up for the browser journeys: a fresh client build when its sources changed, the same choice of
// database as the unit tests (src/server/test/global-setup.ts: a migrated PGlite dump, or TEST_DATABASE_URL), and on
// PGlite one migrated, seeded data folder that each journey copies (a copy takes a tenth of a second; opening PGlite to
// seed a folder of its own took 2.5-6 s per journey here).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/server/db/connect';
import setupTestDatabase from '../../src/server/test/global-setup';
import { seedAccounts } from './accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite only: a closed, migrated data folder with the E2E accounts, for each journey to copy. */
    e2eTemplateDataDir: string | null;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT_DIR = join(ROOT, 'dist/client');
const BUILT = join(CLIENT_DIR, 'index.html');
/** What the client build is made from (the same list `npm start` checks). */
const SOURCES = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'public'];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Builds into a folder of its own and swaps it in: a server another run is starting at this moment reads either the old
 * build or the new one, never an emptied folder.
 */
function buildClientIfStale() {
  const sources = SOURCES.map((p) => join(ROOT, p)).filter(existsSync);
  if (existsSync(BUILT) && Math.max(...sources.map(newest)) <= statSync(BUILT).mtimeMs) return;
  const started = Date.now();
  const fresh = join(ROOT, `dist/.client-${process.pid}`);
  const old = join(ROOT, `dist/.client-old-${process.pid}`);
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', fresh, '--emptyOutDir'],
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: build what `npm start` serves.
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    throw new Error(`vite build failed (exit ${result.status})`);
  }
  // Another run may be swapping its own build in at the same moment: either build is current, so losing the race is fine.
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? '';
  try {
    renameSync(CLIENT_DIR, old);
  } catch (error) {
    if (code(error) !== 'ENOENT') throw error;
  }
  try {
    renameSync(fresh, CLIENT_DIR);
  } catch (error) {
    if (!['ENOTEMPTY', 'EEXIST'].includes(code(error))) throw error;
  }
  rmSync(fresh, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
  console.log(`e2e: built the client in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A migrated PGlite data folder holding the journeys' accounts, built from the unit tests' dump when there is one. */
async function buildTemplateDataDir(dumpPath: string | null): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'golf-e2e-template-'));
  try {
    const loadDataDir = dumpPath && existsSync(dumpPath) ? new Blob([readFileSync(dumpPath)]) : undefined;
    const database = await openDatabase({ databaseUrl: null, dataDir, loadDataDir });
    try {
      await migrateDatabase(database);
      await seedAccounts(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

export default async function setup(project: TestProject) {
  buildClientIfStale();
  await setupTestDatabase(project);
  const target = project.getProvidedContext().testDatabase;
  const template = target.kind === 'pglite' ? await buildTemplateDataDir(target.dumpPath) : null;
  project.provide('e2eTemplateDataDir', template);
  return () => {
    if (template) rmSync(template, { recursive: true, force: true });
  };
}
