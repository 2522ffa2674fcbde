// Fixed-window counters in the database, shared by every app process (R4, R6).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

/** Counts one attempt for the key and answers the count in the current window. */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(db, sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`);
  return Number(rows[0]!.count);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
