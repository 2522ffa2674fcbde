// Who a message to a group reaches (R45), and why, as one query: the preview counts it and shows its first row, queueing
// inserts it into the queue in one statement (a field of thousands in well under the 300 ms budget). An address is one
// recipient: the first reason found for it wins.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import type { Audience } from '../../shared/message-schemas';

export interface Recipient {
  email: string;
  name: string;
  /** Completes "You get this e-mail because …". */
  reason: string;
}

// Teams that hold a place (holds/holds-place.ts: every team but an expired one) with a leader's address.
const leadersWhere = (tournamentId: string, extra: SQL) =>
  sql`t.tournament_id = ${tournamentId} and t.payment_status <> 'expired' and t.contact_email <> '' and ${extra}`;

/** Rows (email, name, reason, ord) of the group, email lower-cased; the same address may come more than once. */
function audienceRows(tournamentId: string, audience: Audience, levelId?: string): SQL {
  const leaders = (extra: SQL, reason: SQL) =>
    sql`select lower(trim(t.contact_email)) as email, t.contact_name as name, ${reason} as reason,
               row_number() over (order by t.name, t.id) as ord
        from teams t
        left join tournament_sponsorship_levels tl on tl.id = t.tournament_sponsorship_level_id
        left join sponsorship_levels l on l.id = tl.sponsorship_level_id
        where ${leadersWhere(tournamentId, extra)}`;
  switch (audience) {
    case 'leaders':
      return leaders(sql`true`, sql`'you lead the team ' || t.name`);
    case 'unpaid':
      return leaders(sql`t.payment_status <> 'paid'`, sql`'your team ' || t.name || ' has not paid yet'`);
    case 'level':
      return leaders(
        sql`t.tournament_sponsorship_level_id = ${levelId ?? null}::uuid`,
        sql`'your team ' || t.name || ' is registered at the ' || coalesce(l.name, 'chosen') || ' level'`,
      );
    case 'golfers':
      return sql`select lower(trim(p.email)) as email, trim(p.first_name || ' ' || p.last_name) as name,
                        'you play in the team ' || t.name as reason,
                        row_number() over (order by t.name, p.last_name, p.id) as ord
                 from players p join teams t on t.id = p.team_id
                 where t.tournament_id = ${tournamentId} and t.payment_status <> 'expired' and p.email <> ''`;
    case 'last_year':
      return lastYearRows(tournamentId);
    case 'waitlist':
      return sql`select lower(trim(w.contact_email)) as email, w.contact_name as name,
                        'you are on the waitlist for the ' || l.name || ' level' as reason,
                        row_number() over (order by w.created_at, w.id) as ord
                 from waitlist_entries w
                 join tournament_sponsorship_levels tl on tl.id = w.tournament_sponsorship_level_id
                 join sponsorship_levels l on l.id = tl.sponsorship_level_id
                 where tl.tournament_id = ${tournamentId} and w.status in ('waiting', 'offered')`;
  }
}

/**
 * R59's save the date: the field of the tournament this one was copied from (its `copied_from_id`): the leaders, the item
 * sponsors and the golfers of every place or item still held there, leaders first. Empty when it was not copied.
 */
function lastYearRows(tournamentId: string): SQL {
  const source = sql`(select s.id from tournaments n join tournaments s on s.id = n.copied_from_id where n.id = ${tournamentId})`;
  const at = sql`(select name from tournaments where id = ${source})`;
  return sql`select email, name, reason, row_number() over (order by rank, sort, id) as ord from (
      select lower(trim(t.contact_email)) as email, t.contact_name as name,
             'you led the team ' || t.name || ' at ' || ${at} as reason, 1 as rank, t.name as sort, t.id::text as id
      from teams t where t.tournament_id = ${source} and t.payment_status <> 'expired' and t.contact_email <> ''
      union all
      select lower(trim(pu.buyer_email)), pu.buyer_name,
             'you sponsored ' || i.name || ' at ' || ${at}, 2, pu.buyer_name, pu.id::text
      from purchases pu join sponsorship_items i on i.id = pu.item_id
      where pu.tournament_id = ${source} and pu.kind = 'item' and pu.payment_status <> 'expired' and pu.buyer_email <> ''
      union all
      select lower(trim(p.email)), trim(p.first_name || ' ' || p.last_name),
             'you played in the team ' || t.name || ' at ' || ${at}, 3, t.name || ' ' || p.last_name, p.id::text
      from players p join teams t on t.id = p.team_id
      where t.tournament_id = ${source} and t.payment_status <> 'expired' and p.email <> ''
    ) f`;
}

/** Each address once, with its first reason, in the group's order. */
export function recipientsQuery(tournamentId: string, audience: Audience, levelId?: string): SQL {
  return sql`select email, name, reason from (
      select distinct on (email) email, name, reason, ord from (${audienceRows(tournamentId, audience, levelId)}) a order by email, ord
    ) r order by ord, email`;
}

/** How many the group reaches, and its first recipient. */
export async function countRecipients(db: Db, tournamentId: string, audience: Audience, levelId?: string) {
  const rows = await queryRows<Recipient & { total: number }>(
    db,
    sql`select email, name, reason, count(*) over ()::int as total from (${recipientsQuery(tournamentId, audience, levelId)}) q limit 1`,
  );
  const first = rows[0];
  return { count: first?.total ?? 0, first: first ? { email: first.email, name: first.name, reason: first.reason } : null };
}
