// No hoarding (issue 31, docs/decisions/094): one account holds at most so many unpaid teams, and so many unpaid places of
// sponsorship items and single places, at once. Counted under a lock per account taken in the transaction that inserts,
// so two requests of one account (two tabs, two processes, two tournaments) are decided one after the other.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

/**
 * Whole teams, and places (an item purchase or a single place each): what one account may hold unpaid (hold or pending)
 * at once (null where no limit applies: staff, fixtures), and what it holds now.
 */
export interface UnpaidLimit {
  teams: number;
  places: number;
}
export type UnpaidHeld = UnpaidLimit;

/** Account ids as one PostgreSQL text[] parameter (a literal `{"a","b"}`: JSON's quoting is the array syntax's). */
const textArray = (ids: string[]) => `{${ids.map((id) => JSON.stringify(id)).join(',')}}`;

/**
 * Takes each account's lock until the transaction ends (a transaction-level advisory lock: the user's own row is left
 * alone, so signing in or editing the profile never waits). Accounts are locked in one order, so two transactions
 * locking several never deadlock; callers take these locks before any other row lock.
 */
export async function lockAccounts(tx: Db, userIds: string[]) {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended('golf-portal:unpaid:' || id, 0))
    from (select id from unnest(${textArray(ids)}::text[]) with ordinality as u(id, n) order by n) ordered`);
}

/**
 * The accounts' unpaid holdings, read in a statement of its own after lockAccounts (a statement reads what was committed
 * when it started: after the lock, every earlier holder's rows).
 */
export async function unpaidHeld(tx: Db, userIds: string[]): Promise<Map<string, UnpaidHeld>> {
  const ids = [...new Set(userIds)];
  const held = new Map<string, UnpaidHeld>(ids.map((id) => [id, { teams: 0, places: 0 }]));
  if (ids.length === 0) return held;
  const list = textArray(ids);
  const rows = await queryRows<{ userId: string; teams: number; places: number }>(
    tx,
    sql`
    select user_id as "userId", count(*) filter (where kind = 'team')::int as teams, count(*) filter (where kind = 'single')::int as places
      from teams where user_id = any(${list}::text[]) and payment_status in ('hold', 'pending') group by user_id
    union all
    select user_id, 0, count(*)::int from purchases
     where user_id = any(${list}::text[]) and kind = 'item' and payment_status in ('hold', 'pending') group by user_id`,
  );
  for (const row of rows) {
    const sum = held.get(row.userId)!;
    sum.teams += Number(row.teams);
    sum.places += Number(row.places);
  }
  return held;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The refusal of a request for `wanted` more teams or places, or null when it fits. */
export function unpaidRefusal(limit: UnpaidLimit, held: UnpaidHeld, wanted: { teams: number; places: number }): string | null {
  if (wanted.teams > 0 && held.teams + wanted.teams > limit.teams) {
    return refusal(limit.teams, held.teams, wanted.teams, ['unpaid team', 'unpaid teams'], 'register');
  }
  if (wanted.places > 0 && held.places + wanted.places > limit.places) {
    return refusal(limit.places, held.places, wanted.places, ['unpaid place', 'unpaid places'], 'take');
  }
  return null;
}

function refusal(max: number, held: number, wanted: number, [one, many]: [string, string], verb: string): string {
  const what = many === 'unpaid places' ? ' (sponsorship items and single places)' : '';
  const release = 'Pay for one (or ask the organisers to release it) before holding another.';
  if (held >= max) {
    return `You already hold ${plural(held, one, many)}${what}, the most one account may hold at once. ${release}`;
  }
  const room = max - held;
  return held === 0
    ? `One account may hold at most ${plural(max, one, many)}${what} at once: ${verb} ${max} or fewer now, and pay for them before holding more.`
    : `You already hold ${plural(held, one, many)}${what} and one account may hold at most ${max} at once: you can ${verb} ${room} more now, not ${wanted}. ${release}`;
}
