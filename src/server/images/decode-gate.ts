// At most a few image decodes at once in this process (issue 31 item 4): sharp's work on a 25-megapixel upload takes a
// core and about 100 MB, so a crowd of uploads must wait its turn, and past a short queue is told to come back later.

/** Frees the slot it was given (once; a second call does nothing). */
export type Release = () => void;

export interface DecodeGate {
  /**
   * A slot now, or once one frees (in arrival order); null when `running` decodes are under way and `waiting` more already
   * wait: the caller answers 503 at once rather than hold the upload in memory.
   */
  enter(): Promise<Release> | null;
  /** `work` in a slot (freed when it settles), or null at once when the queue is full, as `enter`. */
  run<T>(work: () => Promise<T>): Promise<T> | null;
  /** Decodes under way and uploads waiting now. */
  readonly running: number;
  readonly waiting: number;
  readonly maxRunning: number;
  readonly maxWaiting: number;
}

/** Two at once: the machine kind has 2 cores, shared with every other request (docs/decisions/095). */
export const DECODES_AT_ONCE = 2;
/** Uploads that may wait for a decode: each holds its file (at most 2 MB) in memory while it waits. */
export const DECODES_WAITING = 8;

export function createDecodeGate(maxRunning = DECODES_AT_ONCE, maxWaiting = DECODES_WAITING): DecodeGate {
  let running = 0;
  const queue: ((release: Release) => void)[] = [];
  const slot = (): Release => {
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const next = queue.shift();
      // The slot passes straight to the next in line: `running` stays the same.
      if (next) next(slot());
      else running--;
    };
  };
  const enter = (): Promise<Release> | null => {
    if (running < maxRunning) {
      running++;
      return Promise.resolve(slot());
    }
    if (queue.length >= maxWaiting) return null;
    return new Promise<Release>((resolve) => queue.push(resolve));
  };
  return {
    enter,
    run(work) {
      const entered = enter();
      return (
        entered &&
        entered.then(async (release) => {
          try {
            return await work();
          } finally {
            release();
          }
        })
      );
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    maxRunning,
    maxWaiting,
  };
}
