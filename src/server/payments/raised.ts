// 'Raised' (R38): the money received for a tournament (teams, sponsorship items, add-ons, gifts, auction
// lots) minus what was given back,
// from the payment records themselves. One definition, one statement for any number of tournaments; every page that shows
// raised (the Dashboard, the event page, TV mode) reads it from here.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

export const RAISED_SOURCES = ['teams', 'items', 'addons', 'donations', 'auction'] as const;
export type RaisedSource = (typeof RAISED_SOURCES)[number];

export interface Raised {
  tournamentId: string;
  /** Paid minus refunded, in cents, all sources together. */
  raisedCents: number;
  raisedBySource: Record<RaisedSource, number>;
  /** The fundraising goal in cents, or null when the tournament has none. */
  goalCents: number | null;
}

interface Row {
  tournamentId: string;
  goalCents: number | null;
  teams: string | number;
  items: string | number;
  addons: string | number;
  donations: string | number;
  auction: string | number;
}

/** The one statement (exported for the benchmark's EXPLAIN). */
export function raisedQuery(tournamentIds: readonly string[]): SQL {
  const ids = sql.join(
    [...new Set(tournamentIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`with lines as (
          select tm.tournament_id as tid, 'team' as kind, pay.amount_cents - pay.refunded_cents as net
          from teams tm join payments pay on pay.team_id = tm.id
          where tm.tournament_id in (${ids}) and pay.state = 'paid'
          union all
          select pu.tournament_id, pu.kind, pay.amount_cents - pay.refunded_cents
          from purchases pu join payments pay on pay.purchase_id = pu.id
          where pu.tournament_id in (${ids}) and pay.state = 'paid'
        )
        select t.id as "tournamentId", t.goal_cents as "goalCents",
               coalesce(sum(l.net) filter (where l.kind = 'team'), 0)::bigint as "teams",
               coalesce(sum(l.net) filter (where l.kind = 'item'), 0)::bigint as "items",
               coalesce(sum(l.net) filter (where l.kind = 'addon'), 0)::bigint as "addons",
               coalesce(sum(l.net) filter (where l.kind = 'donation'), 0)::bigint as "donations",
               coalesce(sum(l.net) filter (where l.kind = 'lot'), 0)::bigint as "auction"
        from tournaments t left join lines l on l.tid = t.id
        where t.id in (${ids})
        group by t.id, t.goal_cents`;
}

/**
 * Raised per tournament, in one statement: paid records of the tournament's teams and of its purchases (by kind), each
 * counted for its amount less its refunds. A tournament that does not exist is left out of the answer.
 */
export async function raisedFor(db: Db, tournamentIds: readonly string[]): Promise<Map<string, Raised>> {
  const out = new Map<string, Raised>();
  if (tournamentIds.length === 0) return out;
  const rows = await queryRows<Row>(db, raisedQuery(tournamentIds));
  for (const row of rows) {
    const raisedBySource = {
      teams: Number(row.teams),
      items: Number(row.items),
      addons: Number(row.addons),
      donations: Number(row.donations),
      auction: Number(row.auction),
    };
    out.set(row.tournamentId, {
      tournamentId: row.tournamentId,
      raisedCents: RAISED_SOURCES.reduce((sum, source) => sum + raisedBySource[source], 0),
      raisedBySource,
      goalCents: row.goalCents,
    });
  }
  return out;
}

/** Raised for one tournament (zeros when it has no money yet); undefined when the tournament does not exist. */
export async function raisedForOne(db: Db, tournamentId: string): Promise<Raised | undefined> {
  return (await raisedFor(db, [tournamentId])).get(tournamentId);
}
