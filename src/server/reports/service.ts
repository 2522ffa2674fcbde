// The registrations report (admin only, R8; spec §2 Reports): the teams of one tournament matching the filters, with
// counts and money totals over every matching row, computed in SQL. A report is four queries whatever its size:
// the tournaments, the tournament's teams (for the team filter), the totals, and one page of rows (or every row for CSV).
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, players, sponsorshipLevels, teams, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { selectTeams } from '../teams/teams-query';
import { moneySums, toMoneyTotals } from '../payments/money-totals';
import { AppError } from '../http/errors';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../shared/payment-status';
import { REPORT_PAGE_SIZE, type ReportFilters, type ReportQuery } from '../../shared/report-schemas';

/** A team's amount: its payment records (the price when it registered), else its level's price, else nothing. */
const amountCents = sql<number>`coalesce(
  (select sum(${payments.amountCents}) from ${payments} where ${payments.teamId} = ${teams.id}),
  ${tournamentSponsorshipLevels.priceCents},
  0
)::int`;
const golferCount = sql<number>`(select count(*)::int from ${players} where ${players.teamId} = ${teams.id})`;

/**
 * The same two figures for the totals, which cover every matching team: each team's golfers and payment records grouped
 * once and joined, instead of the subqueries above run for every team (5,000 index lookups for 2,000 teams, twice as
 * slow). A page of rows keeps the subqueries: they run for its 100 teams only.
 */
function perTeamSums(db: Db, tournamentId: string) {
  const ofTournament = db.select({ id: teams.id }).from(teams).where(eq(teams.tournamentId, tournamentId));
  const roster = db
    .select({ teamId: players.teamId, golfers: sql<number>`count(*)::int`.as('golfers') })
    .from(players)
    .where(inArray(players.teamId, ofTournament))
    .groupBy(players.teamId)
    .as('roster');
  const billed = db
    .select({
      teamId: payments.teamId,
      cents: sql<number>`sum(${payments.amountCents})`.as('billed_cents'),
      refunded: sql<number>`sum(${payments.refundedCents})`.as('refunded_cents'),
    })
    .from(payments)
    .where(inArray(payments.teamId, ofTournament))
    .groupBy(payments.teamId)
    .as('billed');
  return {
    roster,
    billed,
    golfers: sql<number>`coalesce(${roster.golfers}, 0)`,
    amountCents: sql<number>`coalesce(${billed.cents}, ${tournamentSponsorshipLevels.priceCents}, 0)::int`,
    refundedCents: sql<number>`coalesce(${billed.refunded}, 0)::int`,
  };
}

/**
 * The filters as SQL. Dates are calendar days in the configured time zone, both ends inclusive: a team registered at
 * 23:30 local time on the 31st is in a report "to the 31st" even when that is already the 1st in UTC.
 */
function reportFilter(tournamentId: string, filters: ReportFilters, timeZone: string): SQL | undefined {
  return and(
    eq(teams.tournamentId, tournamentId),
    filters.teamId ? eq(teams.id, filters.teamId) : undefined,
    filters.status ? eq(teams.paymentStatus, filters.status) : undefined,
    filters.from ? sql`${teams.createdAt} >= (${filters.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    filters.to ? sql`${teams.createdAt} < (${filters.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );
}

function reportRows(db: Db, timeZone: string) {
  return selectTeams(db, {
    id: teams.id,
    name: teams.name,
    company: teams.company,
    levelName: sponsorshipLevels.name,
    registeredOn: sql<string>`to_char(${teams.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
    status: teams.paymentStatus,
    golfers: golferCount,
    amountCents,
  });
}

const registrationOrder = [asc(teams.createdAt), asc(teams.id)];

type Row = Awaited<ReturnType<ReturnType<typeof reportRows>['execute']>>[number];
const toItem = (row: Row) => ({
  ...row,
  status: row.status as PaymentStatus,
  amountCents: Number(row.amountCents),
  golfers: Number(row.golfers),
});
export type ReportRow = ReturnType<typeof toItem>;

/** Every tournament (newest first) and the one a report is about: the one asked for, else the newest active, else the newest. */
async function pickTournament(db: Db, tournamentId: string | undefined) {
  const list = await db
    .select({ id: tournaments.id, name: tournaments.name, active: tournaments.active })
    .from(tournaments)
    .orderBy(desc(tournaments.createdAt), desc(tournaments.id));
  if (tournamentId && !list.some((t) => t.id === tournamentId)) throw new AppError('NOT_FOUND', 'Tournament not found');
  const chosen = tournamentId ? list.find((t) => t.id === tournamentId)! : (list.find((t) => t.active) ?? list[0]);
  return { tournaments: list, tournament: chosen ?? null };
}

/** The form's choices: the tournaments, the chosen (or default) one, and its teams by name. Two queries. */
export async function reportOptions(db: Db, tournamentId: string | undefined) {
  const { tournaments: list, tournament } = await pickTournament(db, tournamentId);
  const teamList = tournament
    ? await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(eq(teams.tournamentId, tournament.id))
        .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
    : [];
  return { tournaments: list, tournamentId: tournament?.id ?? null, teams: teamList };
}

const emptyCounts = () => Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, 0])) as Record<PaymentStatus, number>;

/** One page of the report (REPORT_PAGE_SIZE rows, in registration order) with counts and totals of every matching team. */
export async function buildReport(db: Db, query: ReportQuery, timeZone: string) {
  const { tournaments: list, tournament } = await pickTournament(db, query.tournamentId);
  const empty = { teams: 0, golfers: 0, byStatus: emptyCounts(), expectedCents: 0, receivedCents: 0, expiredCents: 0, outstandingCents: 0 };
  if (!tournament)
    return { tournaments: list, tournamentId: null, rows: [], totals: empty, total: 0, page: 1, pageSize: REPORT_PAGE_SIZE, pages: 1 };

  const where = reportFilter(tournament.id, query, timeZone);
  const team = perTeamSums(db, tournament.id);
  const [sums] = await db
    .select({
      teams: sql<number>`count(*)::int`,
      golfers: sql<number>`coalesce(sum(${team.golfers}), 0)::int`,
      paid: sql<number>`(count(*) filter (where ${teams.paymentStatus} = 'paid'))::int`,
      inProgress: sql<number>`(count(*) filter (where ${teams.paymentStatus} = 'in_progress'))::int`,
      pending: sql<number>`(count(*) filter (where ${teams.paymentStatus} = 'pending'))::int`,
      hold: sql<number>`(count(*) filter (where ${teams.paymentStatus} = 'hold'))::int`,
      expired: sql<number>`(count(*) filter (where ${teams.paymentStatus} = 'expired'))::int`,
      // A team's money is judged by its status: an expired team's is counted apart (R24).
      ...moneySums({ amountCents: team.amountCents, refundedCents: team.refundedCents, state: teams.paymentStatus }),
    })
    .from(teams)
    .leftJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, teams.tournamentSponsorshipLevelId))
    .leftJoin(team.roster, eq(team.roster.teamId, teams.id))
    .leftJoin(team.billed, eq(team.billed.teamId, teams.id))
    .where(where);
  const total = Number(sums!.teams);
  const pages = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await reportRows(db, timeZone)
    .where(where)
    .orderBy(...registrationOrder)
    .limit(REPORT_PAGE_SIZE)
    .offset((page - 1) * REPORT_PAGE_SIZE);
  return {
    tournaments: list,
    tournamentId: tournament.id,
    rows: rows.map(toItem),
    totals: {
      teams: total,
      golfers: Number(sums!.golfers),
      byStatus: {
        paid: Number(sums!.paid),
        in_progress: Number(sums!.inProgress),
        pending: Number(sums!.pending),
        hold: Number(sums!.hold),
        expired: Number(sums!.expired),
      },
      ...toMoneyTotals(sums!),
    },
    total,
    page,
    pageSize: REPORT_PAGE_SIZE,
    pages,
  };
}

/** Every matching row, for the CSV, with the tournament's name. Two queries. */
export async function reportForExport(db: Db, filters: ReportFilters, timeZone: string) {
  const { tournament } = await pickTournament(db, filters.tournamentId);
  if (!tournament) return { tournamentName: null, rows: [] as ReportRow[] };
  const rows = await reportRows(db, timeZone)
    .where(reportFilter(tournament.id, filters, timeZone))
    .orderBy(...registrationOrder);
  return { tournamentName: tournament.name, rows: rows.map(toItem) };
}
