// Fixed-window counters in the database, shared by every app process (R4, R6, R34).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

export interface WindowCount {
  count: number;
  /** Seconds until this window ends and the count starts again. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt (or `by` at once: the e-mails one request sends) for the key and answers the count in the current
 * window, and when that window ends.
 */
export async function hitWindow(db: Db, key: string, windowSeconds: number, by = 1): Promise<WindowCount> {
  const rows = await queryRows<{ count: number; left: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start) values (${key}, ${by}, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then ${by} else rate_limits.count + ${by} end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))::float8 as left`,
  );
  return { count: Number(rows[0]!.count), retryAfterSeconds: Math.max(1, Math.ceil(Number(rows[0]!.left))) };
}

/** Takes back one counted attempt, or `by` (ones that turned out not to count: a success, or a refusal before any check). */
export async function giveBack(db: Db, key: string, by = 1): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - ${by}, 0) where key = ${key}`);
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Seconds the key must still wait (its blocked_until), or 0. */
export async function blockedFor(db: Db, key: string): Promise<number> {
  const rows = await queryRows<{ left: number | null }>(
    db,
    sql`
    select extract(epoch from (blocked_until - now()))::float8 as left from rate_limits where key = ${key} and blocked_until > now()`,
  );
  const left = rows[0]?.left;
  return left == null ? 0 : Math.max(1, Math.ceil(Number(left)));
}

/**
 * Counts a failure for the key and, from the `after`-th failure in the window on, makes the key wait 1, 2, 4, … seconds
 * (at most `maxSeconds`) before its next attempt: a growing delay, never a lock.
 */
export async function failWithDelay(db: Db, key: string, windowSeconds: number, after: number, maxSeconds: number): Promise<void> {
  await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end`);
  await db.execute(sql`
    update rate_limits set blocked_until = case when count >= ${after}
      then now() + make_interval(secs => least(${maxSeconds}::float8, power(2, count - ${after})::float8)) else null end
    where key = ${key}`);
}
