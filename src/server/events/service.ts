// The event page (R40): what Home shows of each open tournament, read in one place for the page, its server
// render, its sharing tags and its calendar file. Places left come from the registration form's own read
// (tournaments/service.ts listTournamentLevels) and the item purchase's (items/service.ts itemsWithPlaces), raised from the
// one definition (payments/raised.ts, R38), so the page never shows a different figure.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { golfCourses, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { holdsPlace } from '../holds/holds-place';
import { courseIdOf } from '../scoring/tournament-course';
import { listTournamentLevels } from '../tournaments/service';
import { holeSponsors, itemsWithPlaces } from '../items/service';
import { imageUrl } from '../images/service';
import { raisedFor } from '../payments/raised';
import { isEditable } from '../../shared/editing-lock';
import { isFinished } from '../../shared/results';
import { runningEarlyPrice } from '../../shared/pricing';

const eventColumns = {
  id: tournaments.id,
  name: tournaments.name,
  startDate: tournaments.startDate,
  endDate: tournaments.endDate,
  cause: tournaments.cause,
  schedule: tournaments.schedule,
  address: tournaments.address,
  heroImageId: tournaments.heroImageId,
  courseName: golfCourses.name,
  /** R53: the tournament has an auction with lots: the event page links it. */
  auction: sql<boolean>`(${tournaments.auctionClosesAt} is not null and exists (select 1 from auction_lots l where l.tournament_id = ${tournaments.id}))`,
};

export interface EventContext {
  now: Date;
  timeZone: string;
  /** The organisation running the outing (ORG_NAME). */
  organisation: string;
}

/** The companies of a tournament's teams that agreed to be named (R40), each once, in alphabetical order. */
export async function sponsorsOf(db: Db, tournamentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ company: sql<string>`trim(${teams.company})` })
    .from(teams)
    .where(and(eq(teams.tournamentId, tournamentId), eq(teams.showCompanyAsSponsor, true), sql`trim(${teams.company}) <> ''`, holdsPlace));
  return rows.map((r) => r.company).sort((a, b) => a.localeCompare(b));
}

async function withDetails(db: Db, row: Awaited<ReturnType<typeof selectEvents>>[number], context: EventContext) {
  const [levels, sponsors, items, holes, raised] = await Promise.all([
    listTournamentLevels(db, row.id),
    sponsorsOf(db, row.id),
    itemsWithPlaces(db, [row.id]),
    holeSponsors(db, row.id),
    raisedFor(db, [row.id]),
  ]);
  const { courseName, heroImageId, ...event } = row;
  return {
    ...event,
    heroImage: heroImageId ? { url: imageUrl(heroImageId, 'w1280'), smallUrl: imageUrl(heroImageId, 'w640') } : null,
    organisation: context.organisation,
    course: courseName == null ? null : { name: courseName },
    registrationOpen: isEditable(row.startDate, context.now, context.timeZone),
    finished: isFinished(row.startDate, row.endDate, context.now, context.timeZone),
    // R58: the early price and its last day while it runs at this request (the same rule as the registration form's).
    levels: levels.map((l) => ({
      name: l.name,
      description: l.description,
      priceCents: l.priceCents,
      ...runningEarlyPrice(l, context.now, context.timeZone),
      placesLeft: l.placesLeft,
    })),
    sponsors,
    items: items.map((i) => ({ name: i.name, includes: i.includes, priceCents: i.priceCents, placesLeft: i.placesLeft })),
    /** Hole sponsors (R36) with their logo's small variant (160 px wide; null when they gave none). */
    holeSponsors: holes.map((h) => ({
      holeNumber: h.holeNumber,
      name: h.sponsorName,
      logoUrl: h.logoUrl?.replace(/w320$/, 'w160') ?? null,
    })),
    raisedCents: raised.get(row.id)?.raisedCents ?? 0,
    goalCents: raised.get(row.id)?.goalCents ?? null,
  };
}
export type EventPage = Awaited<ReturnType<typeof withDetails>>;

const selectEvents = (db: Db, where = eq(tournaments.active, true)) =>
  db.select(eventColumns).from(tournaments).leftJoin(golfCourses, eq(golfCourses.id, courseIdOf)).where(where);

/** Every open (active) tournament's page, the soonest first. */
export async function listOpenEvents(db: Db, context: EventContext): Promise<EventPage[]> {
  const rows = await selectEvents(db).orderBy(asc(tournaments.startDate), asc(tournaments.name));
  return Promise.all(rows.map((row) => withDetails(db, row, context)));
}

/** One open tournament's page (its calendar file); 404 for an unknown or closed one. */
export async function getOpenEvent(db: Db, id: string, context: EventContext): Promise<EventPage> {
  const [row] = await selectEvents(db, and(eq(tournaments.id, id), eq(tournaments.active, true)));
  if (!row) throw new AppError('NOT_FOUND', 'Event not found');
  return withDetails(db, row, context);
}
