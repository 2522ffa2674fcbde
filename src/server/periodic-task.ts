// A job the server runs at start and then every interval (the hold sweep, scheduled backup copies): one pass at a time, a
// pass asked for while one runs is that pass, and stop() waits for the pass under way.
export interface PeriodicTask<T> {
  /** One pass now (start-up, tests); a pass already running is waited for, not doubled. */
  runOnce(): Promise<T>;
  stop(): Promise<void>;
}

export function startPeriodicTask<T>(pass: () => Promise<T>, intervalMs: number, onError: (error: unknown) => void): PeriodicTask<T> {
  let running: Promise<T> | null = null;
  const runOnce = () =>
    (running ??= pass().finally(() => {
      running = null;
    }));
  const timer = setInterval(() => runOnce().catch(onError), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
