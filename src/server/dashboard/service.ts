// The admin dashboard's figures for one tournament (spec §2, §4; R19): four queries, whatever the number of teams.
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { tournaments } from '../db/schema';
import type { MoneyTotals } from '../payments/money-totals';
import { ledgerTotals } from '../payments/service';
import { AppError } from '../http/errors';
import type { DashboardStats } from './schemas';

/**
 * The active tournaments (newest first, spec §7) and the figures of the chosen one, by default the newest.
 * A tournament id that is not active is still shown when asked for by id (an admin looking back at a closed one).
 */
export async function getDashboard(db: Db, tournamentId?: string) {
  const active = await db
    .select({ id: tournaments.id, name: tournaments.name, startDate: tournaments.startDate, endDate: tournaments.endDate })
    .from(tournaments)
    .where(eq(tournaments.active, true))
    .orderBy(desc(tournaments.createdAt), desc(tournaments.id));

  let selected = tournamentId ? active.find((t) => t.id === tournamentId) : active[0];
  if (tournamentId && !selected) {
    const [row] = await db
      .select({ id: tournaments.id, name: tournaments.name, startDate: tournaments.startDate, endDate: tournaments.endDate })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId));
    if (!row) throw new AppError('NOT_FOUND', 'Tournament not found');
    selected = row;
  }
  if (!selected) return { tournaments: active, tournament: null, stats: null };

  const [stats] = await queryRows<Omit<DashboardStats, keyof MoneyTotals>>(
    db,
    sql`with t as (select id, payment_status from teams where tournament_id = ${selected.id}),
             roster as (
               select p.team_id, count(*) as golfers, count(*) filter (where c.checked_in) as checked
               from players p join t on t.id = p.team_id
               left join checkins c on c.player_id = p.id
               group by p.team_id
             )
        select (select count(*) from t where payment_status <> 'expired')::int as "totalTeams",
               (select count(*) from t where payment_status = 'expired')::int as "expired",
               (select count(*) from t where payment_status = 'paid')::int as "paid",
               (select count(*) from t where payment_status in ('pending', 'hold'))::int as "pendingHold",
               (select count(*) from t where payment_status = 'in_progress')::int as "inProgress",
               (select count(*) from roster where golfers > 0 and checked = golfers)::int as "checkedIn"`,
  );
  // The money is the Payments page's for the tournament: every record, team places and purchases alike, so 'Received'
  // says the same on both pages (and is what 'Raised' counts, R38).
  const { count: _records, ...money } = await ledgerTotals(db, { tournamentId: selected.id });
  return { tournaments: active, tournament: selected, stats: { ...stats!, ...money } };
}
