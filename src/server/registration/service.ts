// Registering one or several teams (R13, R14): capacity checked and rows written in one transaction, all or nothing.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedPerDatabase, type Db } from '../db/connect';
import { readInWaves } from '../db/read-waves';
import { lockedSection, lockedSectionIn, type LockedOutcome, type LockedRequest } from './locked-section';
import { idempotencyKeys, sponsorshipLevels, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { golfersAtLevel, golfersInTournament } from '../holds/holds-place';
import { waitlistEntries } from '../db/schema';
import { AppError } from '../http/errors';
import { GOLFERS_PER_TEAM, golferCapacityRefusal } from '../../shared/capacity';
import { firstOpenStartDate, HOLD_HOURS, isEditable, REGISTRATION_CLOSED_MESSAGE } from '../../shared/editing-lock';
import { PLAYERS_PER_TEAM, multiTeamSchema, singlePlaceSchema, singleToTeams, type RegistrationInput } from '../../shared/team-schemas';
import { newLink } from '../golfer-answers/links';
import type { Invitation } from '../golfer-answers/invitations';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import type { UnpaidLimit } from '../holds/unpaid-limit';
import { priceLevel, priceNote } from '../pricing/quote';
import type { FeeRule, Price } from '../../shared/pricing';
import { CODE_MESSAGES } from '../../shared/pricing-schemas';

export interface Registration {
  /** What the price function decided (R57, R58): base, discount, per team, the covered fee and the total. */
  price: Price;
  discountCode: string | null;
  teams: { id: string; name: string; players: { firstName: string; lastName: string; email: string }[] }[];
  tournament: { name: string; startDate: string };
  levelName: string;
  priceCents: number;
  totalCents: number;
  paymentOption: RegistrationInput['paymentOption'];
  holdUntil: Date | null;
  contactEmail: string;
  contactName: string;
  /** R43: a single place (one golfer), not a team. */
  single: boolean;
  /** R42: the golfers asked to answer for themselves, each with their personal link's token (for the e-mail only). */
  invitations: Invitation[];
}

/**
 * The tournament, the chosen level and both counts, in one statement built once (the first look of every registration,
 * 400 at once when a tournament opens). Places kept for waitlist offers count as taken, except the caller's own offer
 * (`offerEntryId`) when registering through it (R25).
 */
const capacityQuery = preparedPerDatabase((db) =>
  db
    .select({
      name: tournaments.name,
      startDate: tournaments.startDate,
      active: tournaments.active,
      tournamentMaxTeams: tournaments.maxTeams,
      levelId: tournamentSponsorshipLevels.id,
      levelName: sponsorshipLevels.name,
      priceCents: tournamentSponsorshipLevels.priceCents,
      singlePriceCents: tournamentSponsorshipLevels.singlePriceCents,
      earlyPriceCents: tournamentSponsorshipLevels.earlyPriceCents,
      earlyUntil: tournamentSponsorshipLevels.earlyUntil,
      levelMaxTeams: tournamentSponsorshipLevels.maxTeams,
      // Golfer places taken (R43: a team 4, a single 1; an offer's kept teams 4 each).
      inTournament: golfersInTournament(tournaments.id, sql.placeholder('offerEntryId')),
      atLevel: golfersAtLevel(tournamentSponsorshipLevels.id, sql.placeholder('offerEntryId')),
    })
    .from(tournaments)
    .leftJoin(
      tournamentSponsorshipLevels,
      and(eq(tournamentSponsorshipLevels.id, sql.placeholder('levelId')), eq(tournamentSponsorshipLevels.tournamentId, tournaments.id)),
    )
    .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .where(eq(tournaments.id, sql.placeholder('tournamentId')))
    .prepare('golf_registration_golfer_capacity'),
);

/**
 * The first look's figures. Registrations that ask for the same level while a read of it is in flight share the next
 * read (read-waves.ts): a sell-out's 400 make a handful of reads, each started after its callers asked.
 */
const readCapacity = readInWaves(
  async (db: Db, tournamentId: string, levelId: string, offerEntryId: string | null) => {
    const [row] = await capacityQuery(db).execute({ tournamentId, levelId, offerEntryId });
    return row;
  },
  (tournamentId, levelId, offerEntryId) => `${tournamentId} ${levelId} ${offerEntryId ?? ''}`,
);
type CapacityRow = NonNullable<Awaited<ReturnType<typeof readCapacity>>>;

/** The caller's open offer for this level, or a refusal. */
async function findOffer(db: Pick<Db, 'select'>, userId: string, token: string, levelId: string, now: Date) {
  const [entry] = await db
    .select({ id: waitlistEntries.id, expiresAt: waitlistEntries.offerExpiresAt })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.offerToken, token),
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.tournamentSponsorshipLevelId, levelId),
        eq(waitlistEntries.status, 'offered'),
      ),
    );
  if (!entry || !entry.expiresAt || entry.expiresAt <= now) throw new AppError('CONFLICT', OFFER_GONE_MESSAGE);
  return entry;
}

/** Refuses what cannot be registered (an inactive or closed tournament, a foreign level, too few places), else the level. */
function admit(row: CapacityRow | undefined, wanted: Wanted, now: Date, timeZone: string | undefined) {
  if (!row || !row.active) {
    throw new AppError('VALIDATION', 'This tournament is not open for registration', { tournamentId: 'Please select a tournament' });
  }
  if (timeZone && !isEditable(row.startDate, now, timeZone)) {
    throw new AppError('CONFLICT', REGISTRATION_CLOSED_MESSAGE, { tournamentId: REGISTRATION_CLOSED_MESSAGE });
  }
  if (!row.levelId || row.levelMaxTeams == null || row.priceCents == null || row.levelName == null) {
    throw new AppError('VALIDATION', 'Please select a sponsorship level', { sponsorshipLevelId: 'Please select a sponsorship level' });
  }
  if (wanted.singles > 0 && row.singlePriceCents == null) {
    throw new AppError('VALIDATION', SINGLES_NOT_SOLD_MESSAGE, { sponsorshipLevelId: SINGLES_NOT_SOLD_MESSAGE });
  }
  // Refused by the cap that binds: the tournament's or the level's (R13), counted in golfers (R43).
  const refusal = golferCapacityRefusal(
    { maxTeams: row.levelMaxTeams, golfers: row.atLevel },
    { maxTeams: row.tournamentMaxTeams, golfers: row.inTournament },
    wanted,
  );
  if (refusal) throw new AppError('CONFLICT', refusal);
  return {
    id: row.levelId,
    name: row.levelName,
    prices: {
      priceCents: row.priceCents,
      singlePriceCents: row.singlePriceCents,
      earlyPriceCents: row.earlyPriceCents,
      earlyUntil: row.earlyUntil,
    },
  };
}

/** What a registration asks for: whole teams, or single places (R43). */
interface Wanted {
  teams: number;
  singles: number;
}

export const SINGLES_NOT_SOLD_MESSAGE = 'This level does not sell single places';

export interface RegisterOptions {
  /** How long the places are kept unpaid (R24); HOLD_HOURS by default. */
  holdHours?: number;
  /**
   * Card payments are on (R23): an unpaid card registration gets a deadline, as a hold does. Without them 'Pay now' is
   * refused and nothing saved: no place is ever pending without a deadline (R24, issue 31).
   */
  cardPayments?: boolean;
  /** What the account may hold unpaid at once (docs/decisions/094); none for staff and fixtures. */
  unpaidLimit?: UnpaidLimit | null;
  /** The browser's Idempotency-Key (R27): the first answer is saved with the registration and returned to a replay. */
  idempotencyKey?: string;
  /** A waitlist offer's token (R25): its kept places are this registration's to use. */
  offerToken?: string;
  /** R58: the card fee rule the payer may cover (Admin → Settings); null or absent: none. */
  fee?: FeeRule | null;
}

/** R57: the code ran out between the price shown and the save; nothing was saved (docs/decisions/113). */
export const CODE_USED_UP = CODE_MESSAGES.usedUp;

export const OFFER_GONE_MESSAGE = 'This waitlist offer has expired or was already used';

/** A replay of an earlier request with the same Idempotency-Key: its saved answer. */
export interface Replay {
  replay: { status: number; body: unknown };
}

export const IDEMPOTENCY_MISMATCH_MESSAGE = 'This Idempotency-Key was already used for a different registration';

const requestHash = (input: unknown) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

async function savedAnswer(db: Pick<Db, 'select'>, userId: string, key: string, hash: string): Promise<Replay | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new AppError('CONFLICT', IDEMPOTENCY_MISMATCH_MESSAGE);
  return { replay: { status: row.status, body: JSON.parse(row.response) } };
}

/** The answer the route gives for a registration, saved for replays (R27). */
export const registrationAnswer = (registration: Registration, extra: Record<string, unknown> = {}) => ({
  teams: registration.teams.map(({ id, name }) => ({ id, name })),
  totalCents: registration.totalCents,
  holdUntil: registration.holdUntil?.toISOString() ?? null,
  ...extra,
});

/** Replaces a saved answer (the Checkout link is added once the session exists). */
export async function updateSavedAnswer(db: Db, userId: string, key: string, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ response: JSON.stringify(body) })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/**
 * Fixtures' registration: as the route with card payments on (a 'Pay now' team is pending until its deadline) and no
 * limit of unpaid teams. `timeZone` closes registration at the editing lock (R17), as the route always asks; fixtures
 * that seed a team into a tournament already under way leave it out.
 */
export async function registerTeams(db: Db, userId: string, rawInput: unknown, now: Date, timeZone?: string): Promise<Registration> {
  const outcome = await registerTeamsOnce(db, userId, rawInput, now, timeZone, { cardPayments: true });
  if ('replay' in outcome) throw new Error('unreachable: no idempotency key was given');
  return outcome;
}

/** registerTeams with the options of R24 and R27: a replayed Idempotency-Key answers the first answer and saves nothing. */
export async function registerTeamsOnce(
  db: Db,
  userId: string,
  rawInput: unknown,
  now: Date,
  timeZone?: string,
  options: RegisterOptions = {},
): Promise<Registration | Replay> {
  return registerParsedOnce(db, userId, { kind: 'team', input: multiTeamSchema.parse(rawInput) }, now, timeZone, options);
}

/**
 * What the route's own schema already parsed (multiTeamSchema for a team, singlePlaceSchema for a single place): the
 * same registration without parsing it a second time (zod was ~4 % of the server's CPU in a registration race).
 */
export type ParsedRegistration =
  { kind: 'team'; input: z.output<typeof multiTeamSchema> } | { kind: 'single'; input: z.output<typeof singlePlaceSchema> };

export async function registerParsedOnce(
  db: Db,
  userId: string,
  parsed: ParsedRegistration,
  now: Date,
  timeZone?: string,
  options: RegisterOptions = {},
): Promise<Registration | Replay> {
  const input = parsed.kind === 'single' ? singleToTeams(parsed.input) : parsed.input;
  return registerOnce(db, userId, input, parsed.kind, now, timeZone, options);
}

/** R43: one golfer buys a single place, by the same path as a team (card or hold, R23/R24; Idempotency-Key, R27). */
export async function registerSingleOnce(
  db: Db,
  userId: string,
  rawInput: unknown,
  now: Date,
  timeZone?: string,
  options: RegisterOptions = {},
): Promise<Registration | Replay> {
  return registerParsedOnce(db, userId, { kind: 'single', input: singlePlaceSchema.parse(rawInput) }, now, timeZone, options);
}

async function registerOnce(
  db: Db,
  userId: string,
  input: RegistrationInput,
  kind: 'team' | 'single',
  now: Date,
  timeZone: string | undefined,
  options: RegisterOptions,
): Promise<Registration | Replay> {
  const wanted: Wanted = kind === 'single' ? { teams: 0, singles: input.teams.length } : { teams: input.teams.length, singles: 0 };
  if (input.paymentOption === 'pay' && options.cardPayments !== true) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
  const holdHours = options.holdHours ?? HOLD_HOURS;
  // Every registration is unpaid at first, so every one has its deadline (R24).
  const holdUntil = new Date(now.getTime() + holdHours * 3600_000);
  const key = options.idempotencyKey;
  const hash = key ? requestHash({ kind, input }) : '';

  if (key) {
    const saved = await savedAnswer(db, userId, key, hash);
    if (saved) return saved;
  }

  const offer = options.offerToken ? await findOffer(db, userId, options.offerToken, input.sponsorshipLevelId, now) : null;
  // A first look without the lock refuses what cannot fit (a sold-out level, a closed tournament) without queueing
  // behind every registration in progress. A refusal here is at worst a moment stale; an acceptance is decided again
  // below, under the lock.
  const level = admit(await readCapacity(db, input.tournamentId, input.sponsorshipLevelId, offer?.id ?? null), wanted, now, timeZone);
  // R57, R58: the price the form showed, worked out by the one price function from the first look's prices; a code that
  // does not apply is refused here with its reason. Its uses are counted again under the lock (migration 0016).
  const priced = await priceLevel(db, level.prices, kind === 'single', {
    tournamentId: input.tournamentId,
    code: input.code,
    target: { levelId: input.sponsorshipLevelId, uses: input.teams.length },
    now,
    timeZone: timeZone ?? 'UTC',
    fee: options.fee ?? null,
    coverFee: input.coverFee && input.paymentOption === 'pay',
  });
  const { price } = priced;
  // A free registration (a sponsor's included foursome) is paid at 0 with its code recorded: nothing to hold or collect.
  const free = price.unitCents === 0;

  // The locked section is one statement (locked-section.ts): the tournament's row lock is held for the database's own
  // work and the commit, not for round trips to a busy app (docs/decisions/065).
  const status = free ? 'paid' : input.paymentOption === 'pay' ? 'pending' : 'hold';
  const created = input.teams.map((team) => ({ id: randomUUID(), name: team.teamName, paymentId: randomUUID() }));
  // Golfers who answer for themselves (R42) get their personal link in the same statement.
  const asked = created.flatMap((team, i) =>
    input.teams[i]!.players.flatMap((p) =>
      p.answeredBy === 'golfer' ? [{ player: p, link: newLink(randomUUID()), teamName: team.name }] : [],
    ),
  );
  const idOf = new Map(asked.map((a) => [a.player, a.link.row.playerId]));
  const request: LockedRequest = {
    user_id: userId,
    level_id: input.sponsorshipLevelId,
    offer_entry_id: offer?.id ?? null,
    now: now.toISOString(),
    min_start_date: timeZone ? firstOpenStartDate(now, timeZone) : null,
    payment_state: free ? 'paid' : input.paymentOption === 'pay' ? 'pending' : 'in_progress',
    payment_note: free
      ? `Free with code ${priced.code!.code}`
      : input.paymentOption === 'pay'
        ? 'Card payment chosen at registration'
        : `Held for ${holdHours} hours at registration`,
    unit_price_cents: price.unitCents,
    discount_code_id: priced.code?.id ?? null,
    discount_code: priced.code?.code ?? null,
    discount_cents: price.discountCents,
    price_note: priceNote(priced),
    teams: created.map((team) => ({
      id: team.id,
      payment_id: team.paymentId,
      name: team.name,
      company: input.company,
      contact_name: input.contactName,
      contact_phone: input.contactPhone,
      contact_email: input.contactEmail,
      show_company_as_sponsor: input.showCompanyAsSponsor,
      payment_status: status,
      hold_until: free ? null : holdUntil.toISOString(),
      kind,
      places: kind === 'single' ? 1 : GOLFERS_PER_TEAM,
    })),
    players: created.flatMap((team, i) =>
      input.teams[i]!.players.map((p, j) => ({
        id: idOf.get(p) ?? randomUUID(),
        team_id: team.id,
        answered_by: p.answeredBy ?? 'leader',
        first_name: p.firstName,
        last_name: p.lastName,
        email: p.email,
        phone: p.phone,
        handicap_index: p.handicapIndex ?? null,
        position: i * PLAYERS_PER_TEAM + j,
      })),
    ),
    links: asked.map((a) => ({ token_hash: a.link.row.tokenHash, player_id: a.link.row.playerId })),
  };

  const registration = (row: LockedOutcome | undefined): Registration => {
    if (row && !row.offer_open) throw new AppError('CONFLICT', OFFER_GONE_MESSAGE);
    if (row && !row.code_open) throw new AppError('CONFLICT', CODE_USED_UP, { code: CODE_USED_UP });
    if (!row?.registered) {
      // Nothing was inserted: the refusal is worded from the counts the database decided on.
      admit(row && lockedCapacity(row, kind), wanted, now, timeZone);
      throw new Error('golf_register_teams refused what admit() accepts: their rules differ');
    }
    // The unit price the function charged: the price function's (R57, R58).
    const unitPrice = price.unitCents;
    return {
      price,
      discountCode: priced.code?.code ?? null,
      single: kind === 'single',
      teams: created.map((team, i) => ({ id: team.id, name: team.name, players: input.teams[i]!.players })),
      tournament: { name: row.name, startDate: row.start_date },
      levelName: row.level_name!,
      priceCents: unitPrice,
      totalCents: unitPrice * created.length,
      paymentOption: input.paymentOption,
      holdUntil: free ? null : holdUntil,
      contactEmail: input.contactEmail,
      contactName: input.contactName,
      invitations: asked.map((a) => ({
        email: a.player.email,
        firstName: a.player.firstName,
        teamName: a.teamName,
        token: a.link.token,
      })),
    };
  };
  // Without an Idempotency-Key the statement commits by itself, with the other registrations this process has for the
  // tournament by then.
  const limit = options.unpaidLimit ?? null;
  if (!key) return registration(await lockedSection(db, input.tournamentId, request, limit));

  return db.transaction(async (tx): Promise<Registration | Replay> => {
    // Claims the key first: a second request with it waits here until the first commits, then finds its answer (or,
    // if the first failed and rolled back, carries on as the first).
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, status: 201, response: 'null' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return (await savedAnswer(tx, userId, key, hash))!;
    const registered = registration(await lockedSectionIn(tx as unknown as Db, input.tournamentId, request, limit));
    await tx
      .update(idempotencyKeys)
      .set({ response: JSON.stringify(registrationAnswer(registered)) })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return registered;
  });
}

/** The locked section's figures in the first look's shape, for admit(). */
const lockedCapacity = (row: LockedOutcome, kind: 'team' | 'single'): CapacityRow => ({
  name: row.name,
  startDate: row.start_date,
  active: row.active,
  tournamentMaxTeams: row.tournament_max_teams,
  levelId: row.level_id,
  levelName: row.level_name,
  priceCents: kind === 'single' ? 0 : row.price_cents,
  singlePriceCents: kind === 'single' ? row.price_cents : null,
  earlyPriceCents: null,
  earlyUntil: null,
  levelMaxTeams: row.level_max_teams,
  inTournament: row.in_tournament,
  atLevel: row.at_level,
});
