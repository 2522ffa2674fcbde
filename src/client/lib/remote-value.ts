// The two reads the first load needs, kept without react-query: who is signed in (the header) and the public boards (the
// leaderboard). react-query is 10 KB gzip; it now comes with the pages that use it, and Home and /leaderboard stay under
// their 90 KB budget (docs/decisions/064). A read here behaves as react-query's does for what those screens use: one
// request at a time shared by every component, data kept while a refetch runs, network and server failures retried
// (1 s, 2 s, 4 s …), `isPending` until the first answer, and a refetch on mount once the data is older than `staleMs`.
import { useEffect, useSyncExternalStore } from 'react';
import { retryUnlessRefused } from './api';

interface RemoteState<T> {
  data: T | undefined;
  error: unknown;
  /** No answer yet (still loading, or retrying after a failure). */
  isPending: boolean;
  isError: boolean;
  /** Failed attempts since the last answer. */
  failureCount: number;
}

interface RetryOptions {
  retry?: (failureCount: number, error: unknown) => boolean;
  retryDelay?: (attempt: number) => number;
}

const defaultDelay = (attempt: number) => Math.min(1_000 * 2 ** attempt, 30_000);

export class RemoteValue<T> {
  private state: RemoteState<T> = { data: undefined, error: null, isPending: true, isError: false, failureCount: 0 };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | undefined;
  /** Bumped by each refetch: an answer to an older one is dropped (it may predate a sign-in). */
  private generation = 0;
  private updatedAt = 0;
  /** How the screen showing the value wants failures retried (TV mode: for ever); kept for later refetches. */
  private retryOptions: RetryOptions = {};
  /** A request sent by `preload`, its answer kept for the first screen that asks (`ensure`). */
  private preloaded: Promise<T> | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly staleMs = 0,
  ) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly get = () => this.state;

  private update(patch: Partial<RemoteState<T>>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /**
   * Sets the value (an answer that came another way: the page's own data, a sign-in's answer, a pushed update). An update
   * that makes nothing of no value (a pushed board before the boards have loaded) changes nothing, as in react-query.
   */
  set(data: T | ((current: T | undefined) => T | undefined)) {
    const next = typeof data === 'function' ? (data as (current: T | undefined) => T | undefined)(this.state.data) : data;
    if (next === undefined) return;
    this.preloaded = undefined;
    this.updatedAt = Date.now();
    this.update({ data: next, error: null, isPending: false, isError: false, failureCount: 0 });
  }

  /**
   * Asks the server again, now: an answer still on its way from an earlier request is dropped, as react-query's
   * invalidation cancels it (after signing in, the answer to a request sent before must not say "nobody").
   */
  refetch(options?: RetryOptions): Promise<void> {
    // Asked again: a preloaded answer may predate a sign-in.
    this.preloaded = undefined;
    return this.run(options);
  }

  /**
   * Sends the request now and keeps its answer until a screen asks for the value (`ensure`, once it is on screen). The first
   * load asks who is signed in at once; an answer delivered while React is still hydrating the page (in slices) changes
   * what the page read, and React then redoes the whole page at once, in one long task (docs/decisions/126).
   */
  preload() {
    const request = this.load();
    // A failure is the screen's to retry when it asks.
    request.catch(() => undefined);
    this.preloaded = request;
  }

  private run(options: RetryOptions | undefined, preloaded?: Promise<T>): Promise<void> {
    const { retry = retryUnlessRefused, retryDelay = defaultDelay } = options ?? this.retryOptions;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const run = (async () => {
      for (let failures = 0; ;) {
        try {
          const request = preloaded ?? this.load();
          preloaded = undefined;
          const data = await request;
          if (current()) this.set(data);
          return;
        } catch (error) {
          if (!current()) return;
          failures += 1;
          const again = retry(failures, error);
          this.update(
            again
              ? { failureCount: failures }
              : { error, isError: this.state.data === undefined, isPending: false, failureCount: failures },
          );
          if (!again) return;
          await new Promise((resolve) => setTimeout(resolve, retryDelay(failures - 1)));
          if (!current()) return;
        }
      }
    })().finally(() => {
      if (current()) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  /**
   * A value the page has read: sends the same request once more and drops its answer, for the service worker newly in
   * charge to keep for offline use (app.tsx). The value and the screens showing it stay as they are.
   */
  requestAgain() {
    if (this.state.data !== undefined) this.load().catch(() => undefined);
  }

  /** The value is out of date: asked again at once if a component shows it, else when one next does. */
  invalidate() {
    this.updatedAt = 0;
    if (this.listeners.size > 0) void this.refetch();
  }

  /** Loads the value unless a fresh one is here or on its way (a screen opening joins the request already sent). */
  ensure(options: RetryOptions = {}) {
    this.retryOptions = options;
    const fresh = this.state.data !== undefined && Date.now() - this.updatedAt < this.staleMs;
    if (!fresh && !this.running) {
      const preloaded = this.preloaded;
      this.preloaded = undefined;
      void this.run(options, preloaded);
    }
  }
}

/** The value's state, loaded (or refreshed when stale) once the component is on screen. */
export function useRemoteValue<T>(value: RemoteValue<T>, options?: RetryOptions): RemoteState<T> & { refetch: () => void } {
  const state = useSyncExternalStore(value.subscribe, value.get, value.get);
  // Options are read when the load starts (TV mode's endless retry), not a reason to load again.
  useEffect(() => value.ensure(options), [value]);
  return { ...state, refetch: () => void value.refetch(options) };
}
