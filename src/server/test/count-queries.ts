// Round trips to the database while some work runs: for tests that hold a path to a number of statements.
import type { Db } from '../db/connect';

/** Statements sent while `work` runs (both drivers, PGlite and pg's pool, send every query through $client.query). */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return n;
}
