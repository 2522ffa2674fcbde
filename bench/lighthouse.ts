// Lighthouse 12 (mobile preset, the default: simulated slow 4G and a 4x slower CPU) on the public pages, served by the
// real server (src/server/main.ts with dist/client), in Debian's Chromium started by chrome-launcher (the launcher
// Lighthouse itself uses). Prints the category scores, the main metrics, and every failing audit in accessibility and
// best practices (id and title) so it can be fixed.
// Budgets (issue 37): performance median at least 98 over the runs and no run under 95 (a score moves a few points from
// run to run, so the spread is printed and judged, not one lucky run); accessibility 100 and best practices 100 in every
// run; SEO is information. Each run also prints the main-thread work (Lighthouse's 'mainthread-work-breakdown', the
// simulated phone's CPU; its groups' medians follow the spread) and the longest task ('long-tasks'), the figures the page's
// own work moves: on /leaderboard, budgets too (a median of at most 1,250 ms, half of the 2.5 s issue 37 measured; no
// task over 150 ms in any run); and, from the run's
// trace, the page's own CPU time on its main thread against the wall time its tasks took (decision 122). Lighthouse's
// simulated phone multiplies the wall time by four, so time a task spent waiting for one of this machine's two cores
// (Chromium's browser process and compositor recording the trace's screenshots, the portal) counts as the page's work:
// 'waiting' says how much of it was that.
//   node --import tsx bench/lighthouse.ts [--runs 1] [--pages /,/register] [--demo] [--keep-reports DIR] [--headless-shell]
//   --keep-reports DIR: keep each run's whole report there (which tasks block, what the largest paint was), and its trace
//   beside it (DIR/<page>-<run>.trace.json: every thread's tasks, for the page's CPU against the harness's).
//   --headless-shell: audit in Debian's chromium-headless-shell (the same Blink and V8, without the desktop browser around
//   them) instead of the whole browser: on two cores the whole browser's own work is a third of the run's CPU, and the
//   page's tasks wait for it (docs/decisions/126 has both browsers' figures). The budget is judged on the whole browser.
//   --isolate: give the page's renderer a core of its own in each run (bench/lib.ts yieldCoresToPages, decision 127): the
//   portal and Chromium's own processes (browser, GPU, network, storage, its UI) run on the first CPU at the lowest
//   priority, as a phone's page does not share its core with the server or the rest of the browser; the page's renderer
//   keeps every CPU and the normal priority. Information: the budget is judged without it, as the issue measured.
//   Before the first run the server answers each page and its first reads a few times (a server on the day is warm).
//   --demo: the seeded demo (npm run seed:demo): Home is the two open tournaments' event page, /leaderboard the outing's
//   36-team board in play (R41's real day).
//   With --runs N each page is audited N times (a new Chrome each time): every run's figures are printed, then the median
//   and the lowest; the run with the median performance is the one whose metrics and failing audits are shown.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../src/server/db/connect';
import { seedDemo } from '../src/server/demo/demo-data';
import {
  argValue,
  hasArg,
  CHROMIUM,
  HEADLESS_SHELL_PATH,
  CHROMIUM_ARGS,
  clientBuilt,
  freePort,
  printTable,
  spawnStartedServer,
  waitForOk,
  writeResult,
  noteLoad,
  yieldCoresToPages,
  median,
  type Check,
} from './lib';

const RUNS = Number(argValue('--runs') ?? 1);
const ISOLATE = hasArg('--isolate');
/** --keep-reports DIR: each run's whole Lighthouse report (JSON) there, to see which tasks block (diagnosis). */
const KEEP_REPORTS = argValue('--keep-reports');
const PAGES = (argValue('--pages') ?? '/,/leaderboard,/register').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Every run at least this (accessibility, best practices) or, for performance, the median at least this. */
const BUDGETS: Record<string, number | null> = { performance: 98, accessibility: 100, 'best-practices': 100, seo: null };
/** Performance: no run under this. */
const LOWEST_PERFORMANCE = 95;
/** /leaderboard (issue 37, item 2): main-thread work (median) at most half of the 2.5 s the issue measured; no longer task. */
const BOARD_MAIN_THREAD_MS = 1_250;
const BOARD_LONGEST_TASK_MS = 150;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface FailedAudit {
  category: string;
  id: string;
  title: string;
  score: number | null;
  weight: number;
  displayValue?: string;
  items: string[];
}

interface PageReport {
  page: string;
  scores: Record<string, number | null>;
  /** Main-thread work in ms ('mainthread-work-breakdown') and the longest task in ms ('long-tasks'), simulated phone. */
  mainThreadMs: number | null;
  /** The same by Lighthouse's groups (script evaluation, style & layout, …), in ms, simulated phone. */
  breakdown: Record<string, number>;
  longestTaskMs: number | null;
  /** The page's renderer main thread over the run: its tasks' CPU time and their wall time, in ms (unthrottled). */
  pageCpuMs: number | null;
  pageWallMs: number | null;
  metrics: Record<string, string>;
  failed: FailedAudit[];
  opportunities: { id: string; title: string; displayValue?: string }[];
  runtimeError?: string;
  warnings: string[];
}

/** A short description of the elements or resources an audit points at. */
function auditItems(audit: Lhr['audits'][string]): string[] {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  if (!details?.items) return [];
  return details.items.slice(0, 5).map((item) => {
    const node = item.node as { snippet?: string; selector?: string; explanation?: string } | undefined;
    if (node)
      return `${node.selector ?? ''} ${node.snippet ?? ''}${node.explanation ? ` — ${node.explanation.split('\n').join(' ')}` : ''}`.trim();
    const text = (item.description ?? item.url ?? item.source ?? JSON.stringify(item)) as unknown;
    return (typeof text === 'string' ? text : JSON.stringify(text)).slice(0, 300);
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The page's main thread in the run's trace (the renderer's main thread with the most task time): the CPU time of its
 * top-level tasks (`tdur`) and their wall time (`dur`). Lighthouse scores the wall time; the difference is time the
 * thread was ready but not running.
 */
function pageThread(trace: TraceEvent[] | undefined): { pageCpuMs: number | null; pageWallMs: number | null } {
  if (!trace) return { pageCpuMs: null, pageWallMs: null };
  const mains = new Set(
    trace.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const threads = new Map<string, { cpu: number; wall: number }>();
  for (const e of trace) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key)) continue;
    const thread = threads.get(key) ?? { cpu: 0, wall: 0 };
    thread.cpu += e.tdur ?? 0;
    thread.wall += e.dur ?? 0;
    threads.set(key, thread);
  }
  const page = [...threads.values()].sort((a, b) => b.wall - a.wall)[0];
  return page
    ? { pageCpuMs: Math.round(page.cpu / 1000), pageWallMs: Math.round(page.wall / 1000) }
    : { pageCpuMs: null, pageWallMs: null };
}

function report(page: string, lhr: Lhr, trace: TraceEvent[] | undefined): PageReport {
  const scores: Record<string, number | null> = {};
  const failed: FailedAudit[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);
    if (!category || id === 'performance') continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      failed.push({
        category: id,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue,
        items: auditItems(audit),
      });
    }
  }
  const metrics: Record<string, string> = {};
  for (const id of METRICS) metrics[id] = lhr.audits[id]?.displayValue ?? '';
  const perf = lhr.categories.performance;
  const opportunities = (perf?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'metricSavings')
    .map((a) => ({ id: a.id, title: a.title, displayValue: a.displayValue }));
  const mainThreadMs = lhr.audits['mainthread-work-breakdown']?.numericValue ?? null;
  const groups = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel?: string; duration?: number }[] } | undefined)
    ?.items;
  const breakdown = Object.fromEntries((groups ?? []).map((g) => [g.groupLabel ?? '?', Math.round(g.duration ?? 0)]));
  const tasks = (lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  const longestTaskMs = tasks.length ? Math.max(...tasks.map((t) => t.duration ?? 0)) : 0;
  return {
    page,
    scores,
    mainThreadMs: mainThreadMs === null ? null : Math.round(mainThreadMs),
    breakdown,
    longestTaskMs: Math.round(longestTaskMs),
    ...pageThread(trace),
    metrics,
    failed,
    opportunities,
    runtimeError: lhr.runtimeError?.message,
    warnings: lhr.runWarnings,
  };
}

/** The share of the page's task time spent not running: waiting for a core. */
function waiting(r: PageReport): string {
  if (r.pageCpuMs === null || !r.pageWallMs) return '?';
  return `${Math.round(((r.pageWallMs - r.pageCpuMs) / r.pageWallMs) * 100)} %`;
}

const loadBefore = noteLoad('lighthouse start');
if (!clientBuilt()) throw new Error('dist/client is not built: run `npm run build` first');

const dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-lighthouse-'));
if (hasArg('--demo')) {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await migrateDatabase(database);
  await seedDemo(database.db, { today: new Date().toISOString().slice(0, 10) });
  await database.close();
}
const port = await freePort();
// The server a charity runs (`npm start`'s command: the built server, React's production build; decision 122).
const server = spawnStartedServer({ DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' }, port);
const reports: PageReport[] = [];
/** Every run of every page, for the spread. */
const allRuns = new Map<string, PageReport[]>();
try {
  await waitForOk(`${server.baseUrl}/api/health`, server, 120_000);
  // Warm: the first answers of a process just started are several times slower (its code not yet compiled).
  for (let i = 0; i < 10; i++)
    for (const path of [...PAGES, '/api/leaderboard', '/api/events', '/api/account/me'])
      await (await fetch(server.baseUrl + path)).arrayBuffer();
  for (const page of PAGES) {
    const runs: PageReport[] = [];
    // A run whose trace Lighthouse could not read (its runtime error asks to run again) is run once more, and said so.
    let rerun = false;
    for (let i = 0; i < RUNS; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: hasArg('--headless-shell') ? HEADLESS_SHELL_PATH : CHROMIUM,
        chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
        logLevel: 'silent',
      });
      if (ISOLATE) yieldCoresToPages([server.pid, chrome.pid!]);
      try {
        const result = await lighthouse(server.baseUrl + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`lighthouse gave no result for ${page}`);
        const r = report(page, result.lhr, (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents);
        if (r.runtimeError && !rerun) {
          console.log(`${page} run ${i + 1}/${RUNS}: Lighthouse could not score it (${r.runtimeError}); run again, once`);
          rerun = true;
          i--;
          continue;
        }
        rerun = false;
        if (KEEP_REPORTS) {
          mkdirSync(KEEP_REPORTS, { recursive: true });
          const file = join(KEEP_REPORTS, `${page.slice(1).replace(/\W+/g, '_') || 'home'}-${i + 1}.json`);
          writeFileSync(file, JSON.stringify(result.lhr));
          writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
          console.log(`  full report: ${file} (its trace beside it)`);
        }
        console.log(
          `${page} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}; ` +
            `main-thread work ${r.mainThreadMs} ms, longest task ${r.longestTaskMs} ms, TBT ${r.metrics['total-blocking-time']}; ` +
            `the page's CPU ${r.pageCpuMs} ms in ${r.pageWallMs} ms of tasks (${waiting(r)} waiting for a core)`,
        );
        runs.push(r);
      } finally {
        await chrome.kill();
      }
    }
    allRuns.set(page, [...runs]);
    runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    reports.push(runs[Math.floor(runs.length / 2)]!);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nlighthouse 12, mobile preset (simulated throttling), Debian ${hasArg('--headless-shell') ? 'chromium-headless-shell' : 'Chromium (--headless=new)'}, ` +
    (ISOLATE ? "the page's renderer on its own core (--isolate)" : 'the harness beside the page'),
);
printTable(reports.map((r) => ({ page: r.page, ...Object.fromEntries(CATEGORIES.map((c) => [c, r.scores[c]])) })));
console.log('');
printTable(
  reports.map((r) => ({
    page: r.page,
    FCP: r.metrics['first-contentful-paint'],
    LCP: r.metrics['largest-contentful-paint'],
    TBT: r.metrics['total-blocking-time'],
    CLS: r.metrics['cumulative-layout-shift'],
    SI: r.metrics['speed-index'],
    TTI: r.metrics.interactive,
  })),
);

for (const r of reports) {
  if (r.runtimeError) console.log(`\n${r.page}: LIGHTHOUSE RUNTIME ERROR: ${r.runtimeError}`);
  for (const w of r.warnings) console.log(`${r.page}: warning: ${w}`);
  if (r.failed.length) {
    console.log(`\n${r.page}: failing audits`);
    for (const f of r.failed) {
      console.log(
        `  [${f.category}] ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}${f.weight === 0 ? ' (weight 0)' : ''}`,
      );
      for (const item of f.items) console.log(`      ${item}`);
    }
  }
  if (r.opportunities.length) {
    console.log(
      `${r.page}: performance opportunities: ${r.opportunities.map((o) => `${o.id}${o.displayValue ? ` (${o.displayValue})` : ''}`).join(', ')}`,
    );
  }
}

// The spread: every run's figures, the median and the lowest (a failed run, scored null, counts as 0).
console.log('\nthe spread over the runs (performance; main-thread work and longest task in ms, simulated phone)');
const spread = [...allRuns].map(([page, runs]) => {
  const perf = runs.map((r) => r.scores.performance ?? 0);
  const figures = (pick: (r: PageReport) => number | null) => runs.map(pick).filter((v): v is number => v !== null);
  return {
    page,
    runs,
    perf,
    medianPerf: median(perf),
    lowestPerf: Math.min(...perf),
    medianMainThread: figures((r) => r.mainThreadMs).length ? median(figures((r) => r.mainThreadMs)) : null,
    maxLongestTask: figures((r) => r.longestTaskMs).length ? Math.max(...figures((r) => r.longestTaskMs)) : null,
  };
});
printTable(
  spread.map((s) => ({
    page: s.page,
    performance: s.perf.join(', '),
    median: s.medianPerf,
    lowest: s.lowestPerf,
    'main-thread': s.runs.map((r) => r.mainThreadMs).join(', '),
    'main-thread median': s.medianMainThread,
    'longest task': s.runs.map((r) => r.longestTaskMs).join(', '),
    "page's CPU / tasks' wall": s.runs.map((r) => `${r.pageCpuMs}/${r.pageWallMs}`).join(', '),
  })),
);

// Where the main-thread work goes: each of Lighthouse's groups, its median over the runs (a group a run lacks counts 0).
console.log('\nmain-thread work by group (ms, simulated phone): the median over the runs');
const groupNames = [...new Set(spread.flatMap((s) => s.runs.flatMap((r) => Object.keys(r.breakdown))))];
const groupMedian = (runs: PageReport[], group: string) => median(runs.map((r) => r.breakdown[group] ?? 0));
// Largest first, by the last page's medians.
const sortKey = new Map(groupNames.map((group) => [group, groupMedian(spread.at(-1)?.runs ?? [], group)]));
groupNames.sort((a, b) => sortKey.get(b)! - sortKey.get(a)!);
printTable(groupNames.map((group) => ({ group, ...Object.fromEntries(spread.map((s) => [s.page, groupMedian(s.runs, group)])) })));

const checks: Check[] = [];
for (const s of spread) {
  for (const c of CATEGORIES) {
    const budget = BUDGETS[c] ?? null;
    if (c === 'performance') {
      checks.push({
        name: `${s.page} performance median`,
        value: s.medianPerf,
        unit: '',
        budget: `≥ ${budget}`,
        pass: s.medianPerf >= budget!,
      });
      checks.push({
        name: `${s.page} performance lowest`,
        value: s.lowestPerf,
        unit: '',
        budget: `≥ ${LOWEST_PERFORMANCE}`,
        pass: s.lowestPerf >= LOWEST_PERFORMANCE,
      });
      continue;
    }
    // Accessibility and best practices do not depend on the machine's load: every run must meet them.
    const scores = s.runs.map((r) => r.scores[c] ?? null);
    const lowest = scores.some((v) => v === null) ? null : Math.min(...(scores as number[]));
    checks.push({
      name: `${s.page} ${c}${s.runs.length > 1 ? ' (lowest)' : ''}`,
      value: lowest,
      unit: '',
      budget: budget === null ? 'info' : `≥ ${budget}`,
      pass: budget === null ? null : lowest !== null && lowest >= budget,
    });
  }
  // Issue 37: the board's main-thread work at most half of the 2.5 s it measured, and no task over 150 ms; other pages: information.
  const board = s.page === '/leaderboard';
  checks.push({
    name: `${s.page} main-thread work (median)`,
    value: s.medianMainThread,
    unit: 'ms',
    budget: board ? `≤ ${BOARD_MAIN_THREAD_MS}` : 'info',
    pass: board ? s.medianMainThread !== null && s.medianMainThread <= BOARD_MAIN_THREAD_MS : null,
  });
  checks.push({
    name: `${s.page} longest task (of all runs)`,
    value: s.maxLongestTask,
    unit: 'ms',
    budget: board ? `≤ ${BOARD_LONGEST_TASK_MS}` : 'info',
    pass: board ? s.maxLongestTask !== null && s.maxLongestTask <= BOARD_LONGEST_TASK_MS : null,
  });
  const cpu = s.runs.map((r) => r.pageCpuMs).filter((v): v is number => v !== null);
  const wall = s.runs.map((r) => r.pageWallMs).filter((v): v is number => v !== null);
  if (cpu.length)
    checks.push({
      name: `${s.page} the page's CPU on its main thread (median)`,
      value: median(cpu),
      unit: 'ms',
      budget: `info, of ${median(wall)} ms of tasks`,
      pass: null,
    });
}
console.log('');
for (const c of checks)
  console.log(`${c.pass === null ? 'INFO' : c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}${c.unit ? ` ${c.unit}` : ''} (${c.budget})`);
const loadAfter = noteLoad('lighthouse end');
const file = writeResult('lighthouse', {
  loadBefore,
  loadAfter,
  runs: RUNS,
  isolated: ISOLATE,
  reports,
  spread: spread.map(({ runs, ...s }) => ({
    ...s,
    runs: runs.map((r) => ({
      scores: r.scores,
      mainThreadMs: r.mainThreadMs,
      breakdown: r.breakdown,
      longestTaskMs: r.longestTaskMs,
      pageCpuMs: r.pageCpuMs,
      pageWallMs: r.pageWallMs,
    })),
  })),
  checks,
});
console.log(`written ${file}`);
if (checks.some((c) => c.pass === false)) process.exitCode = 1;
