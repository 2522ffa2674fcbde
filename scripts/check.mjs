// `npm run check`: everything CI runs (.ci/run), one after another, for people before they push: lint (ESLint, then
// dependency-cruiser's import arrows, docs/decisions/106), format, typecheck, knip, and `npm test` (the unit and API tests
// and the browser journeys, the 90 KB first-load budget among them) on the embedded database; then, when
// TEST_DATABASE_URL=postgres://… is set, the server's tests again on PostgreSQL as CI does. Goes on after a failure, so one
// run lists them all; prints each step's result and time, and exits non-zero if any failed (docs/decisions/100).
import { spawnSync } from 'node:child_process';

const postgres = process.env.TEST_DATABASE_URL?.trim();
const { TEST_DATABASE_URL: _, ...embedded } = process.env;
const steps = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'format', command: ['npm', 'run', 'format:check'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'knip', command: ['npm', 'run', 'knip'] },
  { name: 'tests (embedded database)', command: ['npm', 'test'], env: embedded },
  ...(postgres ? [{ name: 'server tests (PostgreSQL)', command: ['npm', 'test', '--', 'src/server'] }] : []),
];

const results = [];
for (const step of steps) {
  console.log(`\n== ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), { stdio: 'inherit', env: step.env ?? process.env });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log('\nnpm run check:');
for (const r of results) console.log(`  ${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds.toFixed(0)} s)`);
if (!postgres) console.log('  (the server tests on PostgreSQL, as CI runs them: set TEST_DATABASE_URL=postgres://…)');
process.exit(results.every((r) => r.ok) ? 0 : 1);
