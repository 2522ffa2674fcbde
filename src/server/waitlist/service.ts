// The waitlist of a sold-out level (R25): leaders join it; when places free up (an expiry, a deletion, a raised cap) the
// first in line gets an e-mail offer and the places are kept for them for 24 hours; an unused offer passes to the next.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { sponsorshipLevels, tournaments, tournamentSponsorshipLevels, waitlistEntries } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { AppError } from '../http/errors';
import { GOLFERS_PER_TEAM, teamPlacesLeft } from '../../shared/capacity';
import { isEditable, REGISTRATION_CLOSED_MESSAGE } from '../../shared/editing-lock';
import {
  ALREADY_WAITING_MESSAGE,
  atMostTeamsMessage,
  joinWaitlistSchema,
  mostTeamsToWaitFor,
  OFFER_HOURS,
  PLACES_AVAILABLE_MESSAGE,
} from '../../shared/waitlist-schemas';
import { golfersAtLevel, golfersInTournament } from '../holds/holds-place';

/** One level's figures: its places and the tournament's, the golfer places taken (teams, singles and kept offers). */
async function levelCapacity(db: Db, levelId: string) {
  const [row] = await queryRows<{
    levelId: string;
    tournamentId: string;
    active: boolean;
    startDate: string;
    levelMax: number;
    tournamentMax: number | null;
    atLevel: number;
    inTournament: number;
  }>(
    db,
    sql`select l.id as "levelId", t.id as "tournamentId", t.active, t.start_date::text as "startDate", l.max_teams as "levelMax", t.max_teams as "tournamentMax",
               ${golfersAtLevel(sql`l.id`)} as "atLevel", ${golfersInTournament(sql`t.id`)} as "inTournament"
        from tournament_sponsorship_levels l join tournaments t on t.id = l.tournament_id where l.id = ${levelId}`,
  );
  return row;
}

/** A leader joins a level's waitlist: only when it cannot take that many teams now, and once per level. */
export async function joinWaitlist(db: Db, userId: string, rawInput: unknown, now: Date, timeZone: string) {
  const input = joinWaitlistSchema.parse(rawInput);
  const level = await levelCapacity(db, input.sponsorshipLevelId);
  if (!level || !level.active)
    throw new AppError('VALIDATION', 'Please select a sponsorship level', { sponsorshipLevelId: 'Please select a sponsorship level' });
  if (!isEditable(level.startDate, now, timeZone)) throw new AppError('CONFLICT', REGISTRATION_CLOSED_MESSAGE);
  const most = mostTeamsToWaitFor(level.levelMax, level.tournamentMax);
  if (input.teamsWanted > most) throw new AppError('VALIDATION', atMostTeamsMessage(most), { teamsWanted: atMostTeamsMessage(most) });
  const left = teamPlacesLeft(
    { maxTeams: level.levelMax, golfers: level.atLevel },
    { maxTeams: level.tournamentMax, golfers: level.inTournament },
  );
  if (left >= input.teamsWanted) throw new AppError('CONFLICT', PLACES_AVAILABLE_MESSAGE);
  try {
    const [entry] = await db
      .insert(waitlistEntries)
      .values({
        tournamentSponsorshipLevelId: input.sponsorshipLevelId,
        userId,
        teamsWanted: input.teamsWanted,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
      })
      .returning({ id: waitlistEntries.id });
    const position = await positionOf(db, entry!.id);
    return { id: entry!.id, position };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ALREADY_WAITING_MESSAGE);
    throw error;
  }
}

async function positionOf(db: Db, entryId: string): Promise<number> {
  const [row] = await queryRows<{ position: number }>(
    db,
    sql`select (select count(*)::int from waitlist_entries o where o.tournament_sponsorship_level_id = e.tournament_sponsorship_level_id
                  and o.status in ('waiting', 'offered') and (o.created_at, o.id) <= (e.created_at, e.id)) as position
        from waitlist_entries e where e.id = ${entryId}`,
  );
  return row?.position ?? 0;
}

const entryFields = {
  id: waitlistEntries.id,
  status: waitlistEntries.status,
  teamsWanted: waitlistEntries.teamsWanted,
  contactName: waitlistEntries.contactName,
  contactEmail: waitlistEntries.contactEmail,
  offerToken: waitlistEntries.offerToken,
  offerExpiresAt: waitlistEntries.offerExpiresAt,
  createdAt: waitlistEntries.createdAt,
  levelId: tournamentSponsorshipLevels.id,
  levelName: sponsorshipLevels.name,
  tournamentId: tournaments.id,
  tournamentName: tournaments.name,
  position: sql<number>`(select count(*)::int from waitlist_entries o where o.tournament_sponsorship_level_id = ${waitlistEntries.tournamentSponsorshipLevelId}
    and o.status in ('waiting', 'offered') and (o.created_at, o.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id}))`,
};

function entriesQuery(db: Db) {
  return db
    .select(entryFields)
    .from(waitlistEntries)
    .innerJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, waitlistEntries.tournamentSponsorshipLevelId))
    .innerJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .innerJoin(tournaments, eq(tournaments.id, tournamentSponsorshipLevels.tournamentId));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesQuery>['execute']>>[number];
const toEntry = (row: EntryRow) => ({
  ...row,
  status: row.status as 'waiting' | 'offered',
  offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The leader's open entries (waiting, or with an offer), with their place in line. */
export async function myWaitlist(db: Db, userId: string) {
  const rows = await entriesQuery(db)
    .where(and(eq(waitlistEntries.userId, userId), inArray(waitlistEntries.status, ['waiting', 'offered'])))
    .orderBy(asc(waitlistEntries.createdAt));
  return rows.map(toEntry);
}

/** Staff: every open entry of a tournament, per level in order of joining. */
export async function waitlistForStaff(db: Db, tournamentId: string | undefined) {
  const rows = await entriesQuery(db)
    .where(and(inArray(waitlistEntries.status, ['waiting', 'offered']), tournamentId ? eq(tournaments.id, tournamentId) : undefined))
    .orderBy(asc(tournaments.startDate), asc(sponsorshipLevels.name), asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  return rows.map(({ offerToken: _token, ...row }) => toEntry({ ...row, offerToken: null }));
}

/** Staff remove an entry (an open offer's places are released with it). */
export async function removeEntry(db: Db, entryId: string) {
  const removed = await db
    .update(waitlistEntries)
    .set({ status: 'removed' })
    .where(and(eq(waitlistEntries.id, entryId), inArray(waitlistEntries.status, ['waiting', 'offered'])))
    .returning({ id: waitlistEntries.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'Waitlist entry not found');
}

/** The caller's open offer, for the registration form it opens. */
export async function getOffer(db: Db, userId: string, token: string, now: Date) {
  const [row] = await entriesQuery(db).where(
    and(eq(waitlistEntries.offerToken, token), eq(waitlistEntries.userId, userId), eq(waitlistEntries.status, 'offered')),
  );
  if (!row || !row.offerExpiresAt || row.offerExpiresAt <= now)
    throw new AppError('NOT_FOUND', 'This waitlist offer has expired or was already used');
  return toEntry(row);
}

/** The leader passes an offer on: its places go to the next in line at the next sweep. */
export async function declineOffer(db: Db, userId: string, token: string) {
  const passed = await db
    .update(waitlistEntries)
    .set({ status: 'passed' })
    .where(and(eq(waitlistEntries.offerToken, token), eq(waitlistEntries.userId, userId), eq(waitlistEntries.status, 'offered')))
    .returning({ id: waitlistEntries.id });
  if (passed.length === 0) throw new AppError('NOT_FOUND', 'This waitlist offer has expired or was already used');
}

export interface Offer {
  entryId: string;
  token: string;
  contactName: string;
  contactEmail: string;
  teamsWanted: number;
  levelName: string;
  tournamentName: string;
  expiresAt: Date;
}

/**
 * One pass of the offers (a constant number of statements): lapsed offers pass on; then, under the row locks of the
 * tournaments that have someone waiting (the lock every registration takes, so a freed place is never both offered and
 * sold), the first in line of each level is offered its places when that many are free, at most one offer per tournament
 * per pass (two levels offered at once could together pass the tournament's cap).
 */
export async function lapseAndOffer(db: Db, now: Date): Promise<Offer[]> {
  const at = now.toISOString();
  await db.execute(sql`update waitlist_entries set status = 'passed' where status = 'offered' and offer_expires_at <= ${at}::timestamptz`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from tournaments where id in (
        select l.tournament_id from waitlist_entries w join tournament_sponsorship_levels l on l.id = w.tournament_sponsorship_level_id where w.status = 'waiting')
      order by id for update`);
    const token = () => randomBytes(24).toString('base64url');
    // Tokens for every candidate are made here (a statement cannot call our random source); unused ones are dropped.
    const candidates = await queryRows<{ id: string }>(
      tx,
      sql`select distinct on (tournament_sponsorship_level_id) id from waitlist_entries where status = 'waiting'
          order by tournament_sponsorship_level_id, created_at, id`,
    );
    if (candidates.length === 0) return [];
    const tokens = candidates.map((c) => sql`(${c.id}::uuid, ${token()})`);
    const offered = await queryRows<Omit<Offer, 'expiresAt'> & { expiresAt: string }>(
      tx,
      sql`with tokens(id, token) as (values ${sql.join(tokens, sql`, `)}),
          firsts as (
            select w.id, w.teams_wanted, l.id as level_id, l.tournament_id, l.max_teams as level_max, t.max_teams as t_max
            from waitlist_entries w join tokens k on k.id = w.id
            join tournament_sponsorship_levels l on l.id = w.tournament_sponsorship_level_id
            join tournaments t on t.id = l.tournament_id
            where w.status = 'waiting' and t.active
          ),
          free as (
            select f.*,
              -- Golfer places free (R43: singles take one each).
              least(f.level_max * ${GOLFERS_PER_TEAM} - ${golfersAtLevel(sql`f.level_id`)},
                    coalesce(f.t_max * ${GOLFERS_PER_TEAM}, 2147483647) - ${golfersInTournament(sql`f.tournament_id`)}) as places
            from firsts f
          ),
          chosen as (
            select distinct on (tournament_id) id from free where teams_wanted * ${GOLFERS_PER_TEAM} <= places order by tournament_id, id
          )
          update waitlist_entries w set status = 'offered', offer_token = k.token, offered_at = ${at}::timestamptz,
                 offer_expires_at = ${at}::timestamptz + make_interval(hours => ${OFFER_HOURS})
          from chosen c, tokens k
          where w.id = c.id and k.id = c.id
          returning w.id as "entryId", w.offer_token as token, w.contact_name as "contactName", w.contact_email as "contactEmail",
                    w.teams_wanted as "teamsWanted", w.offer_expires_at::text as "expiresAt",
                    (select s.name from tournament_sponsorship_levels l join sponsorship_levels s on s.id = l.sponsorship_level_id where l.id = w.tournament_sponsorship_level_id) as "levelName",
                    (select t.name from tournament_sponsorship_levels l join tournaments t on t.id = l.tournament_id where l.id = w.tournament_sponsorship_level_id) as "tournamentName"`,
    );
    return offered.map((o) => ({ ...o, expiresAt: new Date(o.expiresAt) }));
  });
}
