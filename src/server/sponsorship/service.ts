// The sponsorship level catalogue (spec §2): the levels a tournament can offer, each with its default places (R13).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { isForeignKeyViolation } from '../db/errors';
import { sponsorshipLevels, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { listNames } from '../../shared/list-names';
import { sponsorshipLevelSchema } from '../../shared/sponsorship-schemas';

const levelColumns = {
  id: sponsorshipLevels.id,
  name: sponsorshipLevels.name,
  description: sponsorshipLevels.description,
  maxTeams: sponsorshipLevels.maxTeams,
};
export type SponsorshipLevel = { id: string; name: string; description: string; maxTeams: number };

const notFound = () => new AppError('NOT_FOUND', 'Sponsorship level not found');
const IN_USE = 'This level is offered by a tournament: remove it from the tournament first';

export async function listSponsorshipLevels(db: Db): Promise<SponsorshipLevel[]> {
  return db.select(levelColumns).from(sponsorshipLevels).orderBy(asc(sponsorshipLevels.createdAt), asc(sponsorshipLevels.name));
}

/** Two levels of one name would be indistinguishable in the tournament form's list. */
async function refuseDuplicateName(db: Db, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ name: sponsorshipLevels.name })
    .from(sponsorshipLevels)
    .where(and(sql`lower(${sponsorshipLevels.name}) = lower(${name})`, exceptId ? ne(sponsorshipLevels.id, exceptId) : undefined));
  // The existing level's own spelling: it is the one the organiser will find in the list.
  if (clash) throw new AppError('CONFLICT', `A sponsorship level named ${clash.name} already exists`, { name: 'Choose another name' });
}

export async function createSponsorshipLevel(db: Db, rawInput: unknown): Promise<SponsorshipLevel> {
  const input = sponsorshipLevelSchema.parse(rawInput);
  await refuseDuplicateName(db, input.name);
  const [level] = await db.insert(sponsorshipLevels).values(input).returning(levelColumns);
  return level!;
}

/** Changing max teams changes the default for tournaments that offer the level from now on, not the places already offered. */
export async function updateSponsorshipLevel(db: Db, id: string, rawInput: unknown): Promise<SponsorshipLevel> {
  const input = sponsorshipLevelSchema.parse(rawInput);
  await refuseDuplicateName(db, input.name, id);
  const [level] = await db.update(sponsorshipLevels).set(input).where(eq(sponsorshipLevels.id, id)).returning(levelColumns);
  if (!level) throw notFound();
  return level;
}

/** Refused while a tournament offers the level: its teams were registered at it (the foreign key restricts too). */
export async function deleteSponsorshipLevel(db: Db, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [level] = await tx
        .select({ name: sponsorshipLevels.name })
        .from(sponsorshipLevels)
        .where(eq(sponsorshipLevels.id, id))
        .for('update');
      if (!level) throw notFound();
      const offeredBy = await tx
        .select({ name: tournaments.name })
        .from(tournamentSponsorshipLevels)
        .innerJoin(tournaments, eq(tournaments.id, tournamentSponsorshipLevels.tournamentId))
        .where(eq(tournamentSponsorshipLevels.sponsorshipLevelId, id))
        .orderBy(asc(tournaments.name));
      if (offeredBy.length) {
        const names = offeredBy.map((t) => t.name);
        const from = names.length === 1 ? 'the tournament' : 'those tournaments';
        throw new AppError('CONFLICT', `${level.name} is offered by ${listNames(names)}: remove it from ${from} first`);
      }
      await tx.delete(sponsorshipLevels).where(eq(sponsorshipLevels.id, id));
    });
  } catch (error) {
    // A tournament that started offering the level after our check.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', IN_USE);
    throw error;
  }
}
