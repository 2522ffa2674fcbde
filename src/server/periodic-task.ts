// A job the server runs at start and then every interval (the hold sweep, scheduled backup copies): one pass at a time, a
// pass asked for while one runs is that pass, and stop() waits for the pass under way. A pass that can stop half-way at a
// safe point (the message sender between two e-mails, a backup copy before its file is complete) reads the signal it is
// given: stop() aborts it, so a server asked to stop (R49) does not wait for a whole queue or a whole copy.
export interface PeriodicTask<T> {
  /** One pass now (start-up, tests); a pass already running is waited for, not doubled. */
  runOnce(): Promise<T>;
  /** No more passes; the one under way is told to stop at its next safe point (its signal aborts) and waited for. */
  stop(): Promise<void>;
}

export function startPeriodicTask<T>(
  pass: (signal: AbortSignal) => Promise<T>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicTask<T> {
  const stopping = new AbortController();
  let running: Promise<T> | null = null;
  const runOnce = () =>
    (running ??= pass(stopping.signal).finally(() => {
      running = null;
    }));
  const timer = setInterval(() => runOnce().catch(onError), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running?.catch(() => undefined);
    },
  };
}
