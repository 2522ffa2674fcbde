// Tournaments as admins run them: the list with registrations, and saving a tournament with its course and its offered
// sponsorship levels in one transaction, never below what is already registered (R13).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { imageUrl } from '../images/service';
import {
  golfCourses,
  images,
  playerScores,
  sponsorshipLevels,
  teams,
  tournamentCourses,
  tournamentSponsorshipLevels,
  tournaments,
} from '../db/schema';
import { AppError } from '../http/errors';
import { tournamentSummary } from './columns';
import { TOURNAMENT_MESSAGES, tournamentSchema, type TournamentInput } from '../../shared/tournament-schemas';
import { holdsPlace } from '../holds/holds-place';
import type { Format } from '../../shared/formats';

const teamsOf = (n: number) => `${n} ${n === 1 ? 'team' : 'teams'} registered`;
const notFound = () => new AppError('NOT_FOUND', 'Tournament not found');
/** What the admin list and the edit form both show of a tournament. */
const adminFields = {
  ...tournamentSummary,
  maxTeams: tournaments.maxTeams,
  courseId: tournaments.courseId,
  /** The check constraint holds it to one of FORMATS (R28). */
  format: sql<Format>`${tournaments.format}`,
  bestBalls: tournaments.bestBalls,
  netScoring: tournaments.netScoring,
  singleGroupHoles: tournaments.singleGroupHoles,
  /** R40: the event page's texts. */
  cause: tournaments.cause,
  schedule: tournaments.schedule,
  address: tournaments.address,
  goalCents: tournaments.goalCents,
  heroImageId: tournaments.heroImageId,
};

/** Every tournament, newest first (spec §7), with its course and how many teams have registered. */
export async function listTournamentsForAdmin(db: Db) {
  return db
    .select({
      ...adminFields,
      courseName: golfCourses.name,
      teamsRegistered: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentId} = ${tournaments.id} and ${holdsPlace})`,
      createdAt: tournaments.createdAt,
    })
    .from(tournaments)
    .leftJoin(golfCourses, eq(golfCourses.id, tournaments.courseId))
    .orderBy(desc(tournaments.createdAt), desc(tournaments.id));
}

/** One tournament as the edit form needs it: its fields, course and offered levels with the teams registered at each. */
export async function getTournamentForAdmin(db: Db, id: string) {
  const [tournament] = await db
    .select({ ...adminFields, createdAt: tournaments.createdAt })
    .from(tournaments)
    .where(eq(tournaments.id, id));
  if (!tournament) throw notFound();
  const [registered] = await db
    .select({ n: count() })
    .from(teams)
    .where(and(eq(teams.tournamentId, id), holdsPlace));
  const levels = await db
    .select({
      id: tournamentSponsorshipLevels.id,
      levelId: tournamentSponsorshipLevels.sponsorshipLevelId,
      name: sponsorshipLevels.name,
      priceCents: tournamentSponsorshipLevels.priceCents,
      maxTeams: tournamentSponsorshipLevels.maxTeams,
      fmvCents: tournamentSponsorshipLevels.fmvCents,
      singlePriceCents: tournamentSponsorshipLevels.singlePriceCents,
      earlyPriceCents: tournamentSponsorshipLevels.earlyPriceCents,
      earlyUntil: tournamentSponsorshipLevels.earlyUntil,
      teamsRegistered: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentSponsorshipLevelId} = ${tournamentSponsorshipLevels.id} and ${holdsPlace})`,
    })
    .from(tournamentSponsorshipLevels)
    .innerJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .where(eq(tournamentSponsorshipLevels.tournamentId, id))
    .orderBy(desc(tournamentSponsorshipLevels.priceCents), sponsorshipLevels.name);
  return {
    ...tournament,
    heroImageUrl: tournament.heroImageId ? imageUrl(tournament.heroImageId, 'w1280') : null,
    teamsRegistered: registered!.n,
    levels,
  };
}
export type AdminTournament = Awaited<ReturnType<typeof getTournamentForAdmin>>;

export async function createTournament(db: Db, rawInput: unknown): Promise<AdminTournament> {
  const input = tournamentSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const catalogue = await lockReferences(tx, input);
    await checkHeroImage(tx, input);
    const [row] = await tx.insert(tournaments).values(tournamentRow(input)).returning({ id: tournaments.id });
    await saveLinks(tx, row!.id, input, [], catalogue);
    return getTournamentForAdmin(tx, row!.id);
  });
}

export async function updateTournament(db: Db, id: string, rawInput: unknown): Promise<AdminTournament> {
  const input = tournamentSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    // The lock registrations take (registration/service.ts): no team can be added between the checks below and the commit.
    const [locked] = await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, id)).for('update');
    if (!locked) throw notFound();
    const current = await getTournamentForAdmin(tx, id);
    refuseBelowRegistrations(input, current.levels, current.teamsRegistered);
    if (input.format !== current.format || (input.format === 'best_ball' && input.bestBalls !== current.bestBalls)) {
      const [scored] = await tx
        .select({ one: sql<number>`1` })
        .from(playerScores)
        .where(eq(playerScores.tournamentId, id))
        .limit(1);
      if (scored) throw new AppError('CONFLICT', TOURNAMENT_MESSAGES.formatLocked, { format: TOURNAMENT_MESSAGES.formatLocked });
    }
    const catalogue = await lockReferences(tx, input);
    await checkHeroImage(tx, input);
    await tx.update(tournaments).set(tournamentRow(input)).where(eq(tournaments.id, id));
    await saveLinks(tx, id, input, current.levels, catalogue);
    return getTournamentForAdmin(tx, id);
  });
}

export async function setTournamentActive(db: Db, id: string, active: boolean) {
  const [row] = await db
    .update(tournaments)
    .set({ active })
    .where(eq(tournaments.id, id))
    .returning({ id: tournaments.id, active: tournaments.active });
  if (!row) throw notFound();
  return row;
}

const tournamentRow = (input: TournamentInput) => ({
  name: input.name,
  startDate: input.startDate,
  endDate: input.endDate,
  maxTeams: input.maxTeams,
  active: input.active,
  courseId: input.courseId,
  format: input.format,
  bestBalls: input.bestBalls,
  netScoring: input.netScoring,
  singleGroupHoles: input.singleGroupHoles,
  cause: input.cause,
  schedule: input.schedule,
  address: input.address,
  goalCents: input.goalCents,
  // Left out: kept as it is (an API client that does not know the field does not remove the image).
  ...(input.heroImageId === undefined ? {} : { heroImageId: input.heroImageId }),
});

/** The hero image must be one uploaded as the event's image (its 1280 and 640 px variants): a logo's are too small. */
async function checkHeroImage(tx: Db, input: TournamentInput) {
  if (!input.heroImageId) return;
  const [image] = await tx.select({ purpose: images.purpose }).from(images).where(eq(images.id, input.heroImageId)).for('share');
  if (image?.purpose !== 'hero')
    throw new AppError('VALIDATION', TOURNAMENT_MESSAGES.heroImage, { heroImageId: TOURNAMENT_MESSAGES.heroImage });
}

type CurrentLevel = AdminTournament['levels'][number];

/**
 * A save may not leave fewer places than teams already registered, nor drop a level that has teams (R13). `fields` name
 * the input that caused the refusal, so the form can show it beside that field.
 */
function refuseBelowRegistrations(input: TournamentInput, current: CurrentLevel[], registered: number) {
  if (input.maxTeams != null && input.maxTeams < registered) {
    throw new AppError('CONFLICT', `The tournament has ${teamsOf(registered)}: max teams cannot be fewer than ${registered}`, {
      maxTeams: `At least ${registered} (teams registered)`,
    });
  }
  for (const level of current) {
    if (level.teamsRegistered === 0) continue;
    const index = input.levels.findIndex((l) => l.sponsorshipLevelId === level.levelId);
    const kept = input.levels[index];
    if (!kept) throw new AppError('CONFLICT', `${level.name} has ${teamsOf(level.teamsRegistered)}: it cannot be removed`);
    if (kept.maxTeams != null && kept.maxTeams < level.teamsRegistered) {
      throw new AppError(
        'CONFLICT',
        `${level.name} has ${teamsOf(level.teamsRegistered)}: places cannot be fewer than ${level.teamsRegistered}`,
        {
          [`levels.${index}.maxTeams`]: `At least ${level.teamsRegistered} (teams registered)`,
        },
      );
    }
  }
}

type Catalogue = { id: string; maxTeams: number }[];

/**
 * The chosen course and levels must exist; FOR SHARE holds them until we commit, so a course or level being deleted at
 * this moment waits for us (and then sees it is in use). Answers the levels' own max teams, the default places (R13).
 */
async function lockReferences(tx: Db, input: TournamentInput): Promise<Catalogue> {
  if (input.courseId) {
    const [course] = await tx.select({ id: golfCourses.id }).from(golfCourses).where(eq(golfCourses.id, input.courseId)).for('share');
    if (!course) throw new AppError('VALIDATION', 'Golf course not found', { courseId: 'Golf course not found' });
  }
  const wanted = input.levels.map((l) => l.sponsorshipLevelId);
  if (wanted.length === 0) return [];
  const catalogue = await tx
    .select({ id: sponsorshipLevels.id, maxTeams: sponsorshipLevels.maxTeams })
    .from(sponsorshipLevels)
    .where(inArray(sponsorshipLevels.id, wanted))
    .for('share');
  const unknown = wanted.findIndex((levelId) => !catalogue.some((c) => c.id === levelId));
  if (unknown >= 0)
    throw new AppError('VALIDATION', 'Sponsorship level not found', {
      [`levels.${unknown}.sponsorshipLevelId`]: 'Sponsorship level not found',
    });
  return catalogue;
}

/** The course link (tournament_courses mirrors tournaments.course_id) and the offered levels: removed, changed, new. */
async function saveLinks(tx: Db, tournamentId: string, input: TournamentInput, current: CurrentLevel[], catalogue: Catalogue) {
  await tx.delete(tournamentCourses).where(eq(tournamentCourses.tournamentId, tournamentId));
  if (input.courseId) await tx.insert(tournamentCourses).values({ tournamentId, courseId: input.courseId });

  const wanted = new Set(input.levels.map((l) => l.sponsorshipLevelId));
  const removed = current.filter((level) => !wanted.has(level.levelId)).map((level) => level.id);
  if (removed.length) await tx.delete(tournamentSponsorshipLevels).where(inArray(tournamentSponsorshipLevels.id, removed));
  for (const level of input.levels) {
    const existing = current.find((c) => c.levelId === level.sponsorshipLevelId);
    const maxTeams = level.maxTeams ?? existing?.maxTeams ?? catalogue.find((c) => c.id === level.sponsorshipLevelId)!.maxTeams;
    const fmvCents = level.fmvCents ?? existing?.fmvCents ?? 0;
    const singlePriceCents = level.singlePriceCents === undefined ? (existing?.singlePriceCents ?? null) : level.singlePriceCents;
    // R58: the early-bird price and its last day, both or neither; left out keeps what it was.
    const early =
      level.earlyPriceCents === undefined
        ? { earlyPriceCents: existing?.earlyPriceCents ?? null, earlyUntil: existing?.earlyUntil ?? null }
        : { earlyPriceCents: level.earlyPriceCents, earlyUntil: level.earlyPriceCents === null ? null : (level.earlyUntil ?? null) };
    if (!existing) {
      await tx.insert(tournamentSponsorshipLevels).values({
        tournamentId,
        sponsorshipLevelId: level.sponsorshipLevelId,
        priceCents: level.priceCents,
        maxTeams,
        fmvCents,
        singlePriceCents,
        ...early,
      });
    } else if (
      existing.priceCents !== level.priceCents ||
      existing.maxTeams !== maxTeams ||
      existing.fmvCents !== fmvCents ||
      existing.singlePriceCents !== singlePriceCents ||
      existing.earlyPriceCents !== early.earlyPriceCents ||
      existing.earlyUntil !== early.earlyUntil
    ) {
      await tx
        .update(tournamentSponsorshipLevels)
        .set({ priceCents: level.priceCents, maxTeams, fmvCents, singlePriceCents, ...early })
        .where(eq(tournamentSponsorshipLevels.id, existing.id));
    }
  }
}
