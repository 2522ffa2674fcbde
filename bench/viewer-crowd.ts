// A crowd of live-board viewers for a bench (bench/live-updates.ts) on worker threads: each thread opens its share of the
// streams (bench/lib.ts openEventStream) and reports, per watched save, when each of its viewers first read one of the
// expected texts. The bench's main thread only sends the saves: a save is never queued behind thousands of reads, and
// with more than one thread the reads themselves go on side by side, as phones read each their own (at the cost of the
// cores the servers share with the generator).
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openEventStream, type EventStreamOptions } from './lib';

export interface Viewer {
  url: string;
  options: EventStreamOptions;
}

type ToThread = { type: 'watch'; expected: Uint8Array[] } | { type: 'close' };
type FromThread = { type: 'open' } | { type: 'watching' } | { type: 'got'; times: number[] } | { type: 'error'; message: string };

/** A clock every thread shares: performance.now() is per thread (each has its own time origin). */
export const sharedNow = () => performance.timeOrigin + performance.now();

export interface Crowd {
  /**
   * Every thread now looks for `expected` (resolves once each has said so, so that a save sent after cannot come first);
   * the returned function resolves with when each viewer (in the order given) first read an event containing one of
   * them, on the sharedNow clock, or rejects after `timeoutMs`.
   */
  watch(expected: Buffer[], timeoutMs: number): Promise<() => Promise<number[]>>;
  close(): Promise<void>;
}

/** Opens every viewer's stream over `threads` worker threads (viewer i on thread i % threads); resolves once all are open. */
export async function openCrowd(viewers: Viewer[], threads: number): Promise<Crowd> {
  const shares = Array.from({ length: threads }, (_, t) => viewers.map((v, i) => ({ v, i })).filter(({ i }) => i % threads === t));
  // A worker does not take the parent's `--import tsx` hooks for its own entry: it registers them, then loads this file.
  const entry = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const workers = shares.map((share) => new Worker(entry, { eval: true, workerData: share.map(({ v }) => v) }));
  /** The thread's next message (or its error). */
  const next = (worker: Worker) =>
    new Promise<FromThread>((resolve, reject) => {
      const onMessage = (message: FromThread) => {
        worker.off('error', onError);
        resolve(message);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
  const opened = await Promise.all(workers.map(next));
  const failed = opened.find((m) => m.type === 'error');
  if (failed?.type === 'error') {
    await Promise.all(workers.map((w) => w.terminate()));
    throw new Error(failed.message);
  }
  return {
    async watch(expected, timeoutMs) {
      const armed = workers.map(next);
      for (const worker of workers) worker.postMessage({ type: 'watch', expected } satisfies ToThread);
      await Promise.all(armed);
      const answers = workers.map(next);
      return async () => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`not every viewer read the save within ${timeoutMs} ms`)), timeoutMs);
        });
        const replies = await Promise.race([Promise.all(answers), timeout]).finally(() => clearTimeout(timer));
        const times = new Array<number>(viewers.length);
        replies.forEach((reply, t) => {
          if (reply.type !== 'got') throw new Error(reply.type === 'error' ? reply.message : `unexpected ${reply.type}`);
          reply.times.forEach((at, k) => (times[shares[t]![k]!.i] = at));
        });
        return times;
      };
    },
    async close() {
      for (const worker of workers) worker.postMessage({ type: 'close' } satisfies ToThread);
      await Promise.all(workers.map((w) => new Promise((resolve) => w.once('exit', resolve))));
    },
  };
}

/** In a worker: this thread's viewers. */
async function runThread(viewers: Viewer[]) {
  const port = parentPort!;
  const opened = new Array<boolean>(viewers.length).fill(false);
  let expected: Buffer[] = [];
  let times = new Array<number | undefined>(viewers.length);
  let got = 0;
  let watching = false;
  const streams: { destroy(): void }[] = [];
  try {
    for (const [k, viewer] of viewers.entries()) {
      streams.push(
        await openEventStream(viewer.url, viewer.options, (events, at) => {
          opened[k] = true;
          if (!watching || times[k] !== undefined || !expected.some((text) => events.indexOf(text) >= 0)) return;
          times[k] = performance.timeOrigin + at;
          if (++got === viewers.length) {
            watching = false;
            port.postMessage({ type: 'got', times: times as number[] } satisfies FromThread);
          }
        }),
      );
    }
    // Open: each stream has had its first event (the boards as they are).
    while (opened.some((o) => !o)) await new Promise((resolve) => setTimeout(resolve, 20));
  } catch (error) {
    port.postMessage({ type: 'error', message: String(error) } satisfies FromThread);
    return;
  }
  port.on('message', (message: ToThread) => {
    if (message.type === 'close') {
      for (const stream of streams) stream.destroy();
      port.close();
      return;
    }
    expected = message.expected.map((text) => Buffer.from(text));
    times = new Array<number | undefined>(viewers.length);
    got = 0;
    watching = true;
    port.postMessage({ type: 'watching' } satisfies FromThread);
  });
  port.postMessage({ type: 'open' } satisfies FromThread);
}

if (!isMainThread && parentPort) await runThread(workerData as Viewer[]);
