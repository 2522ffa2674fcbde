// One read shared by the callers who ask for the same thing at the same moment (docs/decisions/065). While a read of a key
// is in flight, callers asking for that key wait and share the next read, which starts when the one in flight ends: so
// no caller is answered with data read before it asked. 400 registrations opening at once make a handful of reads of a
// level's capacity instead of 400.
import type { Db } from './connect';

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** `read`, shared in waves per database and per `keyOf(args)`; every caller of a wave gets the same value (do not mutate it). */
export function readInWaves<A extends unknown[], T>(
  read: (db: Db, ...args: A) => Promise<T>,
  keyOf: (...args: A) => string,
): (db: Db, ...args: A) => Promise<T> {
  const byDb = new WeakMap<Db, Map<string, Waiting<T>[]>>();
  return (db, ...args) =>
    new Promise<T>((resolve, reject) => {
      let waves = byDb.get(db);
      if (!waves) byDb.set(db, (waves = new Map()));
      const key = keyOf(...args);
      const next = waves.get(key);
      if (next) return void next.push({ resolve, reject });
      const queue: Waiting<T>[] = [];
      waves.set(key, queue);
      const wave = async (callers: Waiting<T>[]) => {
        try {
          const value = await read(db, ...args);
          for (const caller of callers) caller.resolve(value);
        } catch (error) {
          for (const caller of callers) caller.reject(error);
        }
        if (queue.length > 0) void wave(queue.splice(0));
        else waves.delete(key);
      };
      void wave([{ resolve, reject }]);
    });
}
