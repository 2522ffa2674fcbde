// `npm run bench`: runs every benchmark, one after the other (each in its own process, so none disturbs another), then
// prints one summary table of the budgets and writes bench/results/summary.json.
//   node --import tsx bench/run-all.ts [--only bundle-size,lighthouse] [--quick]
//   --quick shortens the load tests (3 s per route, 3 restarts) for a smoke run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { argValue, hasArg, printTable, RESULTS_DIR, ROOT, round, writeResult, type Check } from './lib';

const quick = hasArg('--quick');
const BENCHES: { name: string; args: string[] }[] = [
  { name: 'bundle-size', args: [] },
  { name: 'lighthouse', args: [] },
  { name: 'server-resources', args: quick ? ['--runs', '3', '--idle', '3'] : [] },
  { name: 'startup-phases', args: [] },
  { name: 'registration', args: [] },
  { name: 'auth-throughput', args: quick ? ['--duration', '3'] : [] },
  { name: 'admin-scale', args: quick ? ['--duration', '3'] : [] },
  { name: 'qr-check-in', args: [] },
  { name: 'leaderboard', args: quick ? ['--duration', '3', '--large', '360'] : [] },
  { name: 'live-updates', args: quick ? ['--subscribers', '100', '--saves', '2'] : [] },
  { name: 'behind-proxy', args: quick ? ['--duration', '3', '--viewers', '200', '--saves', '2'] : [] },
  { name: 'webhooks', args: quick ? ['--events', '200'] : [] },
  { name: 'backup', args: quick ? ['--duration', '3'] : [] },
  { name: 'expiry-sweep', args: quick ? ['--sizes', '100,1000'] : [] },
  { name: 'raised', args: quick ? ['--sizes', '100,1000'] : [] },
  { name: 'auction', args: quick ? ['--bidders', '100', '--lots', '5', '--bids', '1000', '--seconds', '20', '--viewers', '400'] : [] },
  { name: 'messages', args: quick ? ['--golfers', '400'] : [] },
  { name: 'next-year', args: quick ? ['--people', '400'] : [] },
  { name: 'mail-render', args: quick ? ['--recipients', '400'] : [] },
  { name: 'outbox-replay', args: quick ? ['--saves', '100'] : [] },
  { name: 'start-flags', args: quick ? ['--runs', '1', '--requests', '50'] : [] },
  { name: 'stop-time', args: quick ? ['--streams', '200', '--runs', '1'] : [] },
];
const only = argValue('--only')?.split(',');

interface Outcome {
  bench: string;
  exitCode: number | null;
  seconds: number;
  checks: Check[];
  error?: string;
}

const outcomes: Outcome[] = [];
for (const bench of BENCHES.filter((b) => !only || only.includes(b.name))) {
  console.log(`\n######## ${bench.name} ########`);
  const resultFile = join(RESULTS_DIR, `${bench.name}.json`);
  rmSync(resultFile, { force: true });
  const start = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('bench', `${bench.name}.ts`), ...bench.args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const seconds = round((performance.now() - start) / 1000, 1);
  const outcome: Outcome = { bench: bench.name, exitCode: run.status, seconds, checks: [] };
  if (existsSync(resultFile)) {
    outcome.checks = (JSON.parse(readFileSync(resultFile, 'utf8')) as { checks?: Check[] }).checks ?? [];
  } else {
    outcome.error = `no results (exit ${run.status ?? run.signal})`;
  }
  outcomes.push(outcome);
}

console.log('\n######## summary ########');
const rows = outcomes.flatMap((o) =>
  o.error
    ? [{ bench: o.bench, check: 'ERROR', value: o.error, budget: '', result: 'ERROR' }]
    : o.checks.map((c) => ({
        bench: o.bench,
        check: c.name,
        value: c.value === null ? '' : `${c.value}${c.unit ? ' ' + c.unit : ''}`,
        budget: c.budget,
        result: c.pass === null ? 'info' : c.pass ? 'PASS' : 'FAIL',
      })),
);
printTable(rows);
const failed = rows.filter((r) => r.result === 'FAIL' || r.result === 'ERROR').length;
console.log(`\n${rows.filter((r) => r.result === 'PASS').length} within budget, ${failed} over budget or failed`);
const file = writeResult('summary', { outcomes });
console.log(`written ${file}`);
if (failed) process.exitCode = 1;
