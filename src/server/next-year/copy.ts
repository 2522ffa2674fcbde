// R59: 'Copy to a new tournament'. The new tournament takes over the setup of the old one (its row's settings: format,
// texts, hero image, goal, side games, course; its course links, offered levels, sponsorship items, add-ons and golfer
// questions), with its own name and dates, closed until staff open it, and nothing sold: no team, purchase, payment,
// check-in, score, draw or message is read, let alone copied. One transaction: a failure anywhere leaves nothing.
//
// Each setup row is copied whole (every column but its id, its tournament and when it was made), so a column added to one
// of these tables later is copied too without a change here (docs/decisions/114).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { addons, golferQuestions, sponsorshipItems, tournamentCourses, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { tournamentNotFound } from '../scoring/tournament-course';
import type { CopyTournamentInput } from '../../shared/tournament-schemas';

/** A row of the source's setup without what makes it the source's. */
function fresh<T extends { tournamentId: string; id?: string; createdAt?: Date }>(row: T, tournamentId: string) {
  const { id: _id, createdAt: _createdAt, ...rest } = row;
  return { ...rest, tournamentId };
}

export async function copyTournament(db: Db, sourceId: string, input: CopyTournamentInput) {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(tournaments).where(eq(tournaments.id, sourceId));
    if (!source) throw tournamentNotFound();
    // The auction's times belong to last year's dates (R53): staff set this year's.
    const { id: _id, createdAt: _createdAt, auctionOpensAt: _opens, auctionClosesAt: _closes, ...settings } = source;
    const [created] = await tx
      .insert(tournaments)
      .values({ ...settings, ...input, active: false, copiedFromId: source.id })
      .returning({ id: tournaments.id, name: tournaments.name, startDate: tournaments.startDate, endDate: tournaments.endDate });
    const id = created!.id;
    // One after another: a transaction is one connection, which runs one statement at a time anyway.
    const links = await tx.select().from(tournamentCourses).where(eq(tournamentCourses.tournamentId, sourceId));
    const levels = await tx.select().from(tournamentSponsorshipLevels).where(eq(tournamentSponsorshipLevels.tournamentId, sourceId));
    const items = await tx.select().from(sponsorshipItems).where(eq(sponsorshipItems.tournamentId, sourceId));
    const extras = await tx.select().from(addons).where(eq(addons.tournamentId, sourceId)).orderBy(asc(addons.createdAt), asc(addons.id));
    const questions = await tx
      .select()
      .from(golferQuestions)
      .where(eq(golferQuestions.tournamentId, sourceId))
      .orderBy(asc(golferQuestions.createdAt), asc(golferQuestions.id));
    if (links.length) await tx.insert(tournamentCourses).values(links.map((l) => ({ ...l, tournamentId: id })));
    if (levels.length) await tx.insert(tournamentSponsorshipLevels).values(levels.map((l) => fresh(l, id)));
    if (items.length) await tx.insert(sponsorshipItems).values(items.map((i) => fresh(i, id)));
    if (extras.length) await tx.insert(addons).values(extras.map((a) => fresh(a, id)));
    // Questions are asked in the order they were made: kept by giving each its place in time (one millisecond apart).
    const start = Date.now();
    if (questions.length)
      await tx.insert(golferQuestions).values(questions.map((q, i) => ({ ...fresh(q, id), createdAt: new Date(start + i) })));
    return { ...created!, copiedFromId: source.id };
  });
}
