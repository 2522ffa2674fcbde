// Vitest global set-up for the browser journeys: a fresh build of what `npm start` runs when its sources changed, the same choice of
// database as the unit tests (src/server/test/global-setup.ts: a migrated PGlite dump, or TEST_DATABASE_URL), and on
// PGlite one migrated, seeded data folder that each journey copies (a copy takes a tenth of a second; opening PGlite to
// seed a folder of its own took 2.5-6 s per journey here).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/server/db/connect';
import setupTestDatabase from '../../src/server/test/global-setup';
import { buildWhatNpmStartRuns } from '../../src/server/test/server-process';
import { seedAccounts } from './accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite only: a closed, migrated data folder with the E2E accounts, for each journey to copy. */
    e2eTemplateDataDir: string | null;
  }
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
  // What `npm start` runs, built when its sources changed: every journey then starts the built server, as a charity does,
  // instead of compiling the TypeScript at each start (2-8 s a start here).
  const { built, ms } = buildWhatNpmStartRuns();
  if (built) console.log(`e2e: built what npm start runs in ${(ms / 1000).toFixed(1)} s`);
  await setupTestDatabase(project);
  const target = project.getProvidedContext().testDatabase;
  const template = target.kind === 'pglite' ? await buildTemplateDataDir(target.dumpPath) : null;
  project.provide('e2eTemplateDataDir', template);
  return async () => {
    if (template) rmSync(template, { recursive: true, force: true });
  };
}
