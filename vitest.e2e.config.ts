// Browser journeys: every e2e/**/*.test.ts drives Debian's Chromium against a real server process of its own
// (e2e/support/portal-server.ts). `npm run test:e2e`; `npm test` runs these after the unit and API tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    // Builds the client when its sources are newer than dist/client, and picks the database (PGlite, or PostgreSQL
    // when TEST_DATABASE_URL is set) exactly as the unit tests do.
    globalSetup: ['e2e/support/global-setup.ts'],
    // One journey at a time: each starts a server and a browser, and two cores cannot run two of each without the
    // timings that the journeys wait on becoming noise.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // The files run one after another in one test process (isolate: false): the journeys' support modules, playwright and
    // the server's modules for seeding load once, not once a file. Each file still starts a server and a database of its
    // own, and its contexts in the process's one browser (journey.ts).
    isolate: false,
    // Starting a server (PGlite opens its folder) and, for the first file, the browser takes seconds on a busy machine.
    hookTimeout: 120_000,
    testTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
