// Unit, API and component tests: every src/**/*.test.ts in Node, each file on a fresh database of its own
// (src/server/test/), and every src/**/*.test.tsx in happy-dom (the registration forms, fetch stubbed).
// `npm test` runs this and then the browser journeys (vitest.e2e.config.ts); see scripts/test.mjs.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that mostly wait on other processes (servers, senders, a killed one's leases) or run longest, started first so that
 * the other workers' files run in their waits. A fresh clone has no timings of an earlier run, and Vitest then starts the
 * largest files first: on PostgreSQL (three workers) sessions-across-processes started at 55 s and ended the run at
 * 99 s, alone on its worker (docs/decisions/091). A file not listed keeps Vitest's order after these.
 */
const WAIT_LONGEST = [
  'src/server/auth/sessions-across-processes.test.ts',
  'src/server/messages/messages.test.ts',
  'src/server/clean-stop.test.ts',
  'src/server/backups/backup-restore.test.ts',
  'src/server/http/access-matrix.test.ts',
  'src/server/auth/throttling.test.ts',
  // Caddy in front of real server processes (decision 097): 100 sign-ins and 33 sign-ups through it, ~40 s of waiting.
  'src/server/auth/client-address-caddy.test.ts',
  'src/server/http/behind-caddy.test.ts',
  'src/server/backups/scheduled-copies.test.ts',
];

class LongestWaitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = WAIT_LONGEST.findIndex((name) => file.moduleId.endsWith(name));
      return at === -1 ? WAIT_LONGEST.length : at;
    };
    // Array.prototype.sort is stable: the files not listed keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    // *.test.tsx: component tests (testing-library), each in happy-dom by its `@vitest-environment` comment.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    globalSetup: ['src/server/test/global-setup.ts'],
    // Two worker processes for two cores. Files run one after another in a worker without a fresh module cache
    // (isolate: false): loading better-auth, PGlite's WebAssembly and the TypeScript transforms again for every file took
    // longer than the tests (measured: 87 s isolated against 39 s on PGlite, the same 426 tests). Each file still gets a
    // database of its own (src/server/test/database.ts). So a file must leave no global state behind: restore what it
    // mocks, stubs or fakes (the three options below undo spies, env and global stubs after each test).
    sequence: { sequencer: LongestWaitsFirst },
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    // Opening a database (PGlite start-up, or CREATE DATABASE and migrations) can take seconds on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    teardownTimeout: 30_000,
  },
});
