// `npm test`: the unit and API suite (vitest.config.ts) and the browser journeys (vitest.e2e.config.ts, when present), side by
// side: the journeys mostly wait on a browser and a server, so the unit suite's two workers use the cores meanwhile
// (docs/decisions/012). The journeys' report streams; the unit suite's is printed whole when it ends. TEST_IN_SEQUENCE=1 runs
// one suite after the other instead. Vitest prints its own report; the counts come from its JSON reporter, and the very last line is the one CI reads:
// `N passed, N failed` (`, N skipped` when any). Exits non-zero on any failure, or when no test ran at all.
// Arguments pass through to vitest: `npm test -- src/server/account` runs the matching files only (suites with no
// matching file are left out); `npm test -- -t "sign-out"` filters by test name. TEST_DATABASE_URL=postgres://… runs
// everything on PostgreSQL instead of the embedded database.
import { spawn } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'tmp', 'test-results');
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const args = process.argv.slice(2);

const suites = [{ name: 'unit', title: 'Unit and API tests', config: 'vitest.config.ts', folder: 'src' }];
if (existsSync(join(root, 'vitest.e2e.config.ts'))) {
  suites.push({ name: 'e2e', title: 'Browser journeys', config: 'vitest.e2e.config.ts', folder: 'e2e' });
}

/** Positional arguments are file filters (vitest matches them as parts of a file's path). */
const fileFilters = positionalArguments(args);

function positionalArguments(list) {
  // Options that take a value as the next argument; anything else starting with "-" is a flag (or --name=value).
  const takesValue = new Set([
    '-t',
    '--testNamePattern',
    '--project',
    '--shard',
    '--bail',
    '--retry',
    '--reporter',
    '--outputFile',
    '--maxWorkers',
    '--exclude',
  ]);
  const out = [];
  for (let i = 0; i < list.length; i++) {
    if (takesValue.has(list[i])) i++;
    else if (!list[i].startsWith('-')) out.push(list[i]);
  }
  return out;
}

function testFiles(folder) {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.test\.tsx?$/.test(entry.name)) out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

/**
 * Where the tests' scratch files go (TMPDIR): the journeys' database folders (a 41 MB copy each), backups, browser profiles.
 * In memory when the machine has /dev/shm, unless TMPDIR is set: copying a journey's folder took 2.1-2.3 s on this
 * machine's disk and 0.13 s there, ~28 times a run (docs/decisions/012). Removed when the run ends.
 */
function scratchDir() {
  if (process.env.TMPDIR) return null;
  try {
    accessSync('/dev/shm', constants.W_OK);
    return mkdtempSync('/dev/shm/golf-test-');
  } catch {
    return null;
  }
}
const scratch = scratchDir();
const childEnv = scratch ? { ...process.env, TMPDIR: scratch } : process.env;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    process.exit(130);
  });
}

/** Runs one suite's vitest; with `logFile`, its output goes there instead of to the terminal. */
function run(suite, outputFile, logFile, extra = []) {
  const command = [
    vitestBin,
    'run',
    '--config',
    suite.config,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
    ...args,
    ...extra,
  ];
  const log = logFile ? openSync(logFile, 'w') : null;
  return new Promise((resolve) => {
    const stdio = log === null ? 'inherit' : ['ignore', log, log];
    const child = spawn(process.execPath, command, { cwd: root, stdio, env: childEnv });
    child.on('exit', (code, signal) => {
      if (log !== null) closeSync(log);
      resolve(signal ? 1 : (code ?? 1));
    });
    child.on('error', (error) => {
      console.error(`Could not start vitest: ${error.message}`);
      resolve(1);
    });
  });
}

/** Counts from vitest's JSON report; a file that failed to load counts as one failure. */
function readCounts(outputFile) {
  if (!existsSync(outputFile)) return null;
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  let failed = report.numFailedTests ?? 0;
  const failures = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${relative(root, file.name)} › ${t.fullName}: ${whatFailed(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push(`${relative(root, file.name)} (outside its tests): ${firstLine(file.message)}`);
      console.error(`\n${relative(root, file.name)} failed outside its tests:\n${(file.message ?? '').split('\n').slice(0, 8).join('\n')}`);
    }
  }
  return {
    failures,
    slowest: slowestFiles(report),
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * A failure in one line: its message's first line and, for a browser's wait, what it waited for (Playwright's call log)
 * and the test's line that waited: a timeout alone does not say which of a journey's waits it was.
 */
function whatFailed(text) {
  const lines = stripVTControlCharacters(text ?? '').split('\n');
  const waitedFor = lines
    .find((line) => /^\s*- waiting for /.test(line))
    ?.trim()
    .slice(2);
  const at = lines.map((line) => /\(?((?:e2e|src|bench)\/[^\s()]+\.test\.tsx?:\d+:\d+)\)?\s*$/.exec(line)?.[1]).find(Boolean);
  return [firstLine(text), waitedFor, at && `at ${at}`].filter(Boolean).join(' · ');
}

function firstLine(text) {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/**
 * The files that took longest (from start to end, waits included): printed after each suite so that a CI log shows where
 * its time goes, to balance .ci/run's lanes by (docs/decisions/100).
 */
function slowestFiles(report, count = 8) {
  return (report.testResults ?? [])
    .map((file) => ({ name: relative(root, file.name), seconds: ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((file) => `${file.name} ${file.seconds.toFixed(1)} s`);
}

function describeDatabase() {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) return 'PGlite (embedded, in memory)';
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.host}${parsed.pathname} (TEST_DATABASE_URL)`;
  } catch {
    return 'PostgreSQL (TEST_DATABASE_URL)';
  }
}

mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
console.log(`Database: ${describeDatabase()}`);

const selected = suites.filter((suite) => {
  const files = testFiles(suite.folder);
  if (fileFilters.length > 0 && !files.some((file) => fileFilters.some((filter) => file.includes(filter)))) {
    console.log(`\n${suite.title}: no file matches ${fileFilters.join(' ')}; not run.`);
    return false;
  }
  return true;
});
const inSequence = process.env.TEST_IN_SEQUENCE === '1' || selected.length < 2;

/** Runs one suite and adds its counts; all but the last suite print their report when they end if suites run together. */
async function runSuite(suite, index) {
  const buffered = !inSequence && index < selected.length - 1;
  // Named by process: CI runs several `npm test` at once (.ci/run).
  const logFile = buffered ? join(resultsDir, `${suite.name}-${process.pid}.log`) : null;
  if (!buffered) console.log(`\n── ${suite.title} (${suite.config}) ──`);
  const outputFile = join(resultsDir, `${suite.name}-${process.pid}.json`);
  rmSync(outputFile, { force: true });
  const suiteStarted = Date.now();
  // Beside the journeys, the unit suite takes one worker: the journeys' server and browser need the other core (two
  // workers beside them made both suites time out on two cores; docs/decisions/012).
  const extra = !inSequence && suite.name === 'unit' && !args.some((a) => a.startsWith('--maxWorkers')) ? ['--maxWorkers=1'] : [];
  const exitCode = await run(suite, outputFile, logFile, extra);
  if (logFile) console.log(`\n── ${suite.title} (${suite.config}), run beside the others ──\n${readFileSync(logFile, 'utf8')}`);
  const counts = readCounts(outputFile) ?? {
    passed: 0,
    failed: 1,
    skipped: 0,
    slowest: [],
    failures: [`${suite.title}: vitest wrote no report`],
  };
  for (const file of [outputFile, logFile]) if (file) rmSync(file, { force: true });
  if (exitCode !== 0 && counts.failed === 0) {
    // Vitest failed without a failing test: an error outside the tests (unhandled rejection, set-up, crash).
    console.error(`\n${suite.title}: vitest exited with code ${exitCode} (an error outside the tests; see above).`);
    counts.failed = 1;
    counts.failures.push(`${suite.title}: vitest exited with code ${exitCode} outside the tests`);
  }
  if (counts.slowest.length > 0) console.log(`${suite.title}, slowest files: ${counts.slowest.join('; ')}`);
  // One line per failed test, each starting `FAILED: `: .ci/run gathers them at its end, where a short tail still shows them.
  for (const failure of counts.failures) console.log(`FAILED: ${failure}`);
  console.log(
    `${suite.title}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`,
  );
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

if (inSequence) for (const [index, suite] of selected.entries()) await runSuite(suite, index);
else await Promise.all(selected.map(runSuite));

if (scratch) rmSync(scratch, { recursive: true, force: true });
console.log(`\nAll suites took ${((Date.now() - started) / 1000).toFixed(1)} s on ${describeDatabase()}.`);
if (totals.passed + totals.failed === 0) console.error('No test ran.');
// The line CI reads: plain, alone, last.
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
