// Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time, and the most total time (self and
// everything they called, each sample counted once per function however deep the recursion), as shares of the samples.
// Idle time (the event loop waiting) is left out of the shares, so they say where the busy CPU went.
//   node --import tsx bench/cpu-profile.ts file.cpuprofile [--top 25] [--package]
//   --package: also totals self time per package (node_modules/<name>), our code (src/) and Node's internals.
import { readFileSync } from 'node:fs';
import { argValue, hasArg, printTable, round } from './lib';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** Where a frame comes from: a package under node_modules, our sources, or Node itself. */
function origin(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('/src/')) return 'ours (src/)';
  if (url.includes('/dist/server/')) return 'ours (dist/)';
  if (url.startsWith('node:') || url === '') return 'node';
  return url.replace(/^file:\/\//, '');
}

function frameName(frame: CallFrame): string {
  const file = frame.url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '');
  const short = file.replace(/^.*\/(src|dist)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${short ? `${short}:${frame.lineNumber + 1}` : ''}`.trim();
}

interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  gcMs: number;
  self: { name: string; ms: number; share: number }[];
  total: { name: string; ms: number; share: number }[];
  packages: { origin: string; ms: number; share: number }[];
}

export function summarise(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  let idleUs = 0;
  let gcUs = 0;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const packages = new Map<string, number>();
  /** Samples taken while the profiler itself answered (stopping it through node:inspector writes the profile): not the app's. */
  const profilerOwn = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)!.callFrame.url === 'node:inspector') return true;
    return false;
  };
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (profilerOwn(id)) continue;
    const fn = node.callFrame.functionName;
    if (fn === '(idle)' || fn === '(program)') {
      idleUs += us;
      continue;
    }
    if (fn === '(garbage collector)') gcUs += us;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    const from = IDLE.has(fn) ? fn : origin(node.callFrame.url);
    packages.set(from, (packages.get(from) ?? 0) + us);
    // Every distinct function on the stack gets this sample once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') continue;
      const each = frameName(frame);
      if (seen.has(each)) continue;
      seen.add(each);
      total.set(each, (total.get(each) ?? 0) + us);
    }
  }
  const busyUs = [...self.values()].reduce((a, b) => a + b, 0);
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: round(us / 1000), share: round((100 * us) / busyUs, 1) }));
  return {
    busyMs: round(busyUs / 1000),
    idleMs: round(idleUs / 1000),
    gcMs: round(gcUs / 1000),
    self: rank(self),
    total: rank(total),
    packages: rank(packages).map(({ name, ms, share }) => ({ origin: name, ms, share })),
  };
}

export function printSummary(summary: ProfileSummary, withPackages = true): void {
  console.log(`busy ${summary.busyMs} ms (of which GC ${summary.gcMs} ms), idle ${summary.idleMs} ms; shares are of the busy time`);
  console.log('\nself time:');
  printTable(summary.self.map((r) => ({ 'share %': r.share, ms: r.ms, function: r.name })));
  console.log('\ntotal time (self and callees):');
  printTable(summary.total.map((r) => ({ 'share %': r.share, ms: r.ms, function: r.name })));
  if (withPackages) {
    console.log('\nself time by origin:');
    printTable(summary.packages.map((r) => ({ 'share %': r.share, ms: r.ms, origin: r.origin })));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: bench/cpu-profile.ts file.cpuprofile [--top 25] [--package]');
  const summary = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(argValue('--top') ?? 25));
  printSummary(summary, hasArg('--package'));
}
