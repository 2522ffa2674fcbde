// Every table of the product (spec §3) and of authentication. Changes go through `npm run db:generate` (a new migration).
import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Binary data: a Buffer from either driver (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ── Authentication (better-auth's model names and fields) ────────────────────────────────────────────────────────────
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('team_leader'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_role_check', sql`${t.role} in ('team_leader', 'moderator', 'admin')`)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/** Relations better-auth's adapter reads a session and its user with, in one joined query (advanced.database.joins). */
export const sessionRelations = relations(session, ({ one }) => ({ user: one(user, { fields: [session.userId], references: [user.id] }) }));
export const accountRelations = relations(account, ({ one }) => ({ user: one(user, { fields: [account.userId], references: [user.id] }) }));
export const userRelations = relations(user, ({ many }) => ({ sessions: many(session), accounts: many(account) }));

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Sign-in and sign-up attempts per key (account and address, account, address) in fixed windows; in the database so every process shares it (R4, R6). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** Per-account sign-in failures: no attempt before this time (a growing delay, never a lock; R34). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Values the app generates once and every process shares (the session-signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// ── Product ───────────────────────────────────────────────────────────────────────────────────────────────────────────
export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  company: text('company').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const golfCourses = pgTable(
  'golf_courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    totalHoles: integer('total_holes').notNull().default(18),
    description: text('description').notNull().default(''),
    /** R29: the tees' slope (55–155, 113 standard) and course rating (null: the course's par). */
    slope: integer('slope').notNull().default(113),
    rating: numeric('rating', { precision: 4, scale: 1, mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('golf_courses_total_holes_check', sql`${t.totalHoles} between 9 and 36`),
    check('golf_courses_slope_check', sql`${t.slope} between 55 and 155`),
    check('golf_courses_rating_check', sql`${t.rating} is null or ${t.rating} between 20 and 90`),
  ],
);

export const courseHoles = pgTable(
  'course_holes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => golfCourses.id, { onDelete: 'cascade' }),
    holeNumber: integer('hole_number').notNull(),
    par: integer('par').notNull().default(4),
    /** R29: 1..holes, each once per course (the unique index); null until the organiser enters it. */
    strokeIndex: integer('stroke_index'),
  },
  (t) => [
    uniqueIndex('course_holes_course_hole_unique').on(t.courseId, t.holeNumber),
    uniqueIndex('course_holes_stroke_index_unique').on(t.courseId, t.strokeIndex),
    check('course_holes_stroke_index_check', sql`${t.strokeIndex} is null or ${t.strokeIndex} between 1 and 36`),
    check('course_holes_par_check', sql`${t.par} between 3 and 5`),
    check('course_holes_hole_number_check', sql`${t.holeNumber} between 1 and 36`),
  ],
);

export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    active: boolean('active').notNull().default(false),
    maxTeams: integer('max_teams'),
    /** Legacy single course (spec §3); tournament_courses is the current link. */
    courseId: uuid('course_id').references(() => golfCourses.id, { onDelete: 'restrict' }),
    /** R28: 'stroke' (every player's strokes), 'scramble' (one team score per hole) or 'best_ball' (best `best_balls`). */
    format: text('format').notNull().default('stroke'),
    bestBalls: integer('best_balls').notNull().default(1),
    /** R29: rank by net (gross minus handicap strokes). */
    netScoring: boolean('net_scoring').notNull().default(false),
    /** R31: holes the organiser keeps to one group in the shotgun draw. */
    singleGroupHoles: integer('single_group_holes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** R40: the event page's texts, written by staff, shown as plain text (line breaks kept, never HTML). */
    cause: text('cause').notNull().default(''),
    /** R40: the day's schedule, one line each ('12:00 Check-in'). */
    schedule: text('schedule')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** R40: where the course is, for the map link and the calendar entry. */
    address: text('address').notNull().default(''),
    /** R40: the event page's hero image (src/server/images, purpose 'hero'); null for none. The image goes only when deleted by hand. */
    heroImageId: uuid('hero_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** R38: the fundraising goal in cents; null when the tournament has none. */
    goalCents: integer('goal_cents'),
    /** R44: skins between the teams on the board: 'off', 'gross' or 'net' (ties carry over). */
    skins: text('skins').notNull().default('off'),
    /** R44: the holes with a closest-to-the-pin and a longest-drive contest. */
    closestToPinHoles: integer('closest_to_pin_holes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    longestDriveHoles: integer('longest_drive_holes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** R53: when the silent auction opens and closes (each lot's own close starts here and may move later, soft close). */
    auctionOpensAt: timestamp('auction_opens_at', { withTimezone: true }),
    auctionClosesAt: timestamp('auction_closes_at', { withTimezone: true }),
    /** R59: the tournament this one was copied from ('Copy to a new tournament'): its field gets the save-the-date message. */
    copiedFromId: uuid('copied_from_id').references((): AnyPgColumn => tournaments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'tournaments_auction_times_check',
      sql`${t.auctionClosesAt} is null or ${t.auctionOpensAt} is null or ${t.auctionClosesAt} > ${t.auctionOpensAt}`,
    ),
    check('tournaments_skins_check', sql`${t.skins} in ('off', 'gross', 'net')`),
    check('tournaments_max_teams_check', sql`${t.maxTeams} is null or ${t.maxTeams} >= 1`),
    check('tournaments_goal_check', sql`${t.goalCents} is null or ${t.goalCents} > 0`),
    check('tournaments_format_check', sql`${t.format} in ('stroke', 'scramble', 'best_ball')`),
    check('tournaments_best_balls_check', sql`${t.bestBalls} in (1, 2)`),
    check('tournaments_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const tournamentCourses = pgTable(
  'tournament_courses',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => golfCourses.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.courseId] })],
);

export const sponsorshipLevels = pgTable(
  'sponsorship_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The places a tournament offers at this level by default (R13). */
    maxTeams: integer('max_teams').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [check('sponsorship_levels_max_teams_check', sql`${t.maxTeams} between 1 and 10`)],
);

export const tournamentSponsorshipLevels = pgTable(
  'tournament_sponsorship_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    sponsorshipLevelId: uuid('sponsorship_level_id')
      .notNull()
      .references(() => sponsorshipLevels.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    maxTeams: integer('max_teams').notNull(),
    /** R39: the fair market value of what a team at this level receives (golf, cart, meal), in cents. */
    fmvCents: integer('fmv_cents').notNull().default(0),
    /** R43: the price of a single place (one golfer); null when the level sells whole teams only. */
    singlePriceCents: integer('single_price_cents'),
    /** R58: the early-bird price of a team, charged until the end of `earlyUntil` in TIME_ZONE (both or neither). */
    earlyPriceCents: integer('early_price_cents'),
    earlyUntil: date('early_until', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('tsl_tournament_level_unique').on(t.tournamentId, t.sponsorshipLevelId),
    check('tsl_early_price_check', sql`(${t.earlyPriceCents} is null) = (${t.earlyUntil} is null) and ${t.earlyPriceCents} >= 0`),
    check('tsl_price_check', sql`${t.priceCents} >= 0`),
    check('tsl_fmv_check', sql`${t.fmvCents} >= 0`),
    check('tsl_max_teams_check', sql`${t.maxTeams} >= 1`),
    check('tsl_single_price_check', sql`${t.singlePriceCents} >= 0`),
  ],
);

export const paymentStatusCheck = (column: unknown) => sql`${column} in ('pending', 'hold', 'in_progress', 'paid', 'expired')`;

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'restrict' }),
    tournamentSponsorshipLevelId: uuid('tournament_sponsorship_level_id').references(() => tournamentSponsorshipLevels.id, {
      onDelete: 'restrict',
    }),
    userId: text('user_id').references(() => user.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default('pending'),
    /** The deadline of a hold or an unpaid card registration (R24); null for teams that never expire (paid, staff-added). */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** When the 24-hour reminder went out (R24): set once, so it is sent once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** R40: the leader agreed at registration that the company is named among the event's sponsors (default no). */
    showCompanyAsSponsor: boolean('show_company_as_sponsor').notNull().default(false),
    /** R43: 'team' (registered whole, or formed by staff from singles) or 'single' (one golfer waiting to be paired). */
    kind: text('kind').notNull().default('team'),
    /** R43: the golfer places this row takes against the caps (R13 counts golfers): 4 for a team, 1 for a single. */
    places: integer('places').notNull().default(4),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('teams_tournament_idx').on(t.tournamentId),
    // The expiry sweep's scan: only teams that can still expire.
    index('teams_expiry_idx')
      .on(t.holdUntil)
      .where(sql`${t.paymentStatus} in ('hold', 'pending')`),
    index('teams_user_idx').on(t.userId),
    index('teams_level_idx').on(t.tournamentSponsorshipLevelId),
    check('teams_payment_status_check', paymentStatusCheck(t.paymentStatus)),
    check('teams_name_check', sql`length(${t.name}) >= 1`),
    check('teams_kind_check', sql`${t.kind} in ('team', 'single')`),
    check('teams_places_check', sql`${t.places} between 1 and 4`),
  ],
);

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** R29: Handicap Index, -10.0 to 54.0, one decimal; null when the player has none. */
    handicapIndex: numeric('handicap_index', { precision: 3, scale: 1, mode: 'number' }),
    /** R42: 'leader' (the leader fills the details in) or 'golfer' (the golfer answers through a personal link). */
    answeredBy: text('answered_by').notNull().default('leader'),
    /** R42: when the golfer last saved their answers; null until they do. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** R42: when the one reminder (7 days before the editing lock) was sent; set once, so it is sent once. */
    answerReminderSentAt: timestamp('answer_reminder_sent_at', { withTimezone: true }),
    shirtSize: text('shirt_size').notNull().default(''),
    dietaryNeeds: text('dietary_needs').notNull().default(''),
    /**
     * R61: the golfer's check-in code (the QR on the e-mail, their page and the badge): 122 random bits from PostgreSQL's
     * cryptographic source, not derived from any id, kept as it is so every place can show it (docs/decisions/116).
     */
    checkInCode: text('check_in_code')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('players_team_idx').on(t.teamId),
    uniqueIndex('players_check_in_code_idx').on(t.checkInCode),
    check('players_handicap_index_check', sql`${t.handicapIndex} is null or ${t.handicapIndex} between -10 and 54`),
    check('players_answered_by_check', sql`${t.answeredBy} in ('leader', 'golfer')`),
  ],
);

// ── Fundraising (R35–R39) ─────────────────────────────────────────────────────────────────────────────────
/** R36: what a tournament sells besides team places (hole signs, beverage cart, lunch…). */
export const sponsorshipItems = pgTable(
  'sponsorship_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    includes: text('includes').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** R39: the fair market value of what the sponsor receives, in cents. */
    fmvCents: integer('fmv_cents').notNull().default(0),
    /** A hole sponsorship: each purchase names its hole, one sponsor per hole. */
    isHole: boolean('is_hole').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('sponsorship_items_tournament_idx').on(t.tournamentId),
    check('sponsorship_items_price_check', sql`${t.priceCents} >= 0`),
    check('sponsorship_items_quantity_check', sql`${t.quantity} >= 1`),
    check('sponsorship_items_fmv_check', sql`${t.fmvCents} >= 0`),
  ],
);

/** R37: extras sold per golfer (mulligans, raffle tickets), each with a cap per golfer. */
export const addons = pgTable(
  'addons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    fmvCents: integer('fmv_cents').notNull().default(0),
    maxPerGolfer: integer('max_per_golfer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('addons_tournament_idx').on(t.tournamentId),
    check('addons_price_check', sql`${t.priceCents} > 0`),
    check('addons_fmv_check', sql`${t.fmvCents} >= 0`),
    check('addons_max_per_golfer_check', sql`${t.maxPerGolfer} >= 1`),
  ],
);

/**
 * Every money line that is not a team (R35–R37): a gift, a sponsorship item or an add-on. Each has one payment record (like a
 * team) and follows the team's statuses, holds and expiry (R15, R24).
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** The signed-in buyer; null for a visitor or an offline gift. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    amountCents: integer('amount_cents').notNull(),
    /** R39: the value of what the buyer receives (0 for a gift). */
    fmvCents: integer('fmv_cents').notNull().default(0),
    note: text('note').notNull().default(''),
    /** The staff member who recorded an offline gift or a check-in sale. */
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** R35: the donor's name may appear on the wall ('Anonymous' otherwise). */
    showName: boolean('show_name').notNull().default(false),
    dedication: text('dedication').notNull().default(''),
    itemId: uuid('item_id').references(() => sponsorshipItems.id, { onDelete: 'restrict' }),
    holeNumber: integer('hole_number'),
    sponsorName: text('sponsor_name').notNull().default(''),
    /** The sponsor's logo (src/server/images); the image goes with the purchase's row only when deleted by hand. */
    logoImageId: uuid('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
    addonId: uuid('addon_id').references(() => addons.id, { onDelete: 'restrict' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /** R55: the auction lot this purchase pays for (kind 'lot'). */
    lotId: uuid('lot_id').references((): AnyPgColumn => auctionLots.id, { onDelete: 'restrict' }),
    /** R56: the paddle raise a pledge (kind 'donation') was made in, and its bidder. */
    paddleRaiseId: uuid('paddle_raise_id').references((): AnyPgColumn => paddleRaises.id, { onDelete: 'restrict' }),
    bidderId: uuid('bidder_id').references((): AnyPgColumn => bidders.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('purchases_tournament_idx').on(t.tournamentId),
    uniqueIndex('purchases_one_per_lot')
      .on(t.lotId)
      .where(sql`${t.lotId} is not null and ${t.paymentStatus} <> 'expired'`),
    index('purchases_paddle_raise_idx').on(t.paddleRaiseId),
    // The expiry sweep's scan.
    index('purchases_expiry_idx').on(t.paymentStatus, t.holdUntil),
    index('purchases_item_idx').on(t.itemId),
    index('purchases_player_idx').on(t.playerId),
    index('purchases_user_idx').on(t.userId),
    uniqueIndex('purchases_one_sponsor_per_hole')
      .on(t.itemId, t.holeNumber)
      .where(sql`${t.holeNumber} is not null and ${t.paymentStatus} <> 'expired'`),
    check('purchases_kind_check', sql`${t.kind} in ('donation', 'item', 'addon', 'lot')`),
    check('purchases_lot_check', sql`${t.kind} <> 'lot' or ${t.lotId} is not null`),
    check('purchases_payment_status_check', paymentStatusCheck(t.paymentStatus)),
    // R57: an item bought with a 'free' code costs nothing (its payment is paid at 0 with the code recorded).
    check('purchases_amount_check', sql`${t.amountCents} > 0 or (${t.kind} = 'item' and ${t.amountCents} = 0)`),
    check('purchases_fmv_check', sql`${t.fmvCents} >= 0`),
    check('purchases_quantity_check', sql`${t.quantity} >= 1`),
    check('purchases_hole_check', sql`${t.holeNumber} is null or ${t.holeNumber} between 1 and 36`),
    check('purchases_item_check', sql`${t.kind} <> 'item' or ${t.itemId} is not null`),
    check('purchases_addon_check', sql`${t.kind} <> 'addon' or (${t.addonId} is not null and ${t.playerId} is not null)`),
  ],
);

/**
 * R42: a golfer's personal answer links, stored as the SHA-256 of the token (the token itself is only in the e-mail). A
 * golfer may hold several (the first e-mail's and the reminder's); removing the golfer removes them.
 */
export const golferLinks = pgTable(
  'golfer_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('golfer_links_player_idx').on(t.playerId)],
);

/** R42: the questions staff ask every golfer of a tournament, beside Handicap Index, shirt size and dietary needs. */
export const golferQuestions = pgTable(
  'golfer_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** 'text', 'choice' (one of `choices`) or 'yes_no'. */
    kind: text('kind').notNull(),
    choices: text('choices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('golfer_questions_tournament_idx').on(t.tournamentId, t.createdAt),
    check('golfer_questions_kind_check', sql`${t.kind} in ('text', 'choice', 'yes_no')`),
  ],
);

/** R42: a golfer's answer to one of the tournament's questions. */
export const golferAnswers = pgTable(
  'golfer_answers',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => golferQuestions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.questionId] }), index('golfer_answers_question_idx').on(t.questionId)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Exactly one of team_id and purchase_id: the money line this payment is for. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').notNull(),
    note: text('note').notNull().default(''),
    /** The card payment's reference at the provider (Stripe's PaymentIntent id), set by the webhook (R23). */
    providerRef: text('provider_ref'),
    /** Money given back through the provider (R23); the record keeps its state. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** R57: the discount code this record was priced with and what it took off; the list price is amount + discount. */
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_team_idx').on(t.teamId),
    index('payments_purchase_idx').on(t.purchaseId),
    check('payments_one_line_check', sql`(${t.teamId} is null) <> (${t.purchaseId} is null)`),
    check('payments_refund_check', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
    check('payments_discount_check', sql`${t.discountCents} >= 0 and (${t.discountCents} = 0 or ${t.discountCode} is not null)`),
    check('payments_state_check', paymentStatusCheck(t.state)),
  ],
);

/** Check-in is per golfer, with who and when (R19). */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .unique()
      .references(() => players.id, { onDelete: 'cascade' }),
    checkedIn: boolean('checked_in').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('checkins_team_idx').on(t.teamId)],
);

export const teamAssignments = pgTable(
  'team_assignments',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    startingHole: integer('starting_hole').notNull(),
    /** R31: 'A', or 'B' for the second team on a hole; 'A' alone where a hole has one team. */
    startGroup: text('start_group').notNull().default('A'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.teamId] }),
    uniqueIndex('team_assignments_hole_group_unique').on(t.tournamentId, t.startingHole, t.startGroup),
    check('team_assignments_start_group_check', sql`${t.startGroup} in ('A', 'B')`),
    check('team_assignments_hole_check', sql`${t.startingHole} between 1 and 36`),
  ],
);

export const playerScores = pgTable(
  'player_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    holeNumber: integer('hole_number').notNull(),
    strokes: integer('strokes').notNull(),
  },
  (t) => [
    uniqueIndex('player_scores_unique').on(t.tournamentId, t.playerId, t.holeNumber),
    index('player_scores_team_idx').on(t.tournamentId, t.teamId),
    check('player_scores_strokes_check', sql`${t.strokes} between 1 and 15`),
    check('player_scores_hole_check', sql`${t.holeNumber} between 1 and 36`),
  ],
);

/**
 * Every change of money, append-only (R26): written in the same transaction as the change. `actor_user_id` is the staff
 * member or leader, `provider_event_id` the Stripe event; the system (expiry) has neither.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    amountCents: integer('amount_cents').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    providerEventId: text('provider_event_id'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId, t.createdAt),
    check('payment_events_kind_check', sql`${t.kind} in ('registered', 'status', 'card', 'refund', 'expired', 'extended', 'reinstated')`),
  ],
);

/** Stripe events already handled (R23): the same event delivered again changes nothing. */
export const processedProviderEvents = pgTable('processed_provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** A Checkout Session and the teams it pays for, so the return page can tell its leader when the money arrived (R23). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    /** The signed-in payer; null for a visitor's gift (R35). */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    teamIds: uuid('team_ids').array().notNull(),
    /** The purchases (gifts, items, add-ons) this session pays for. */
    purchaseIds: uuid('purchase_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/** The first answer to a registration per leader and Idempotency-Key (R27), saved in the registration's transaction. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: text('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * The waitlist of a sold-out level (R25), in order of joining. When places free up, the first in line gets an offer: its
 * places are kept (counted against the caps) until `offer_expires_at`; registering through the offer uses them.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentSponsorshipLevelId: uuid('tournament_sponsorship_level_id')
      .notNull()
      .references(() => tournamentSponsorshipLevels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    teamsWanted: integer('teams_wanted').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** waiting → offered → used, or passed (declined or lapsed), or removed by staff. */
    status: text('status').notNull().default('waiting'),
    offerToken: text('offer_token').unique(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_level_idx').on(t.tournamentSponsorshipLevelId, t.status, t.createdAt),
    check('waitlist_status_check', sql`${t.status} in ('waiting', 'offered', 'used', 'passed', 'removed')`),
    check('waitlist_teams_check', sql`${t.teamsWanted} between 1 and 10`),
    uniqueIndex('waitlist_one_open_entry')
      .on(t.tournamentSponsorshipLevelId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);
// ── Offline score entry (R32) ─────────────────────────────────────────────────────────────────────────────
/** Every change of a score cell, whoever made it and however (a whole-card save or a cell-by-cell sync): the card's history. */
export const scoreEvents = pgTable(
  'score_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    holeNumber: integer('hole_number').notNull(),
    /** null: the cell was empty before (old) or was cleared (new). */
    oldStrokes: integer('old_strokes'),
    newStrokes: integer('new_strokes'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('score_events_team_idx').on(t.teamId, t.createdAt)],
);

/**
 * One row per cell-by-cell save that was applied, by the key its phone gave it: a save sent again (its answer was lost on
 * the way back) is answered from here and changes nothing. `answer` is the conflicts it reported.
 */
export const scoreSaves = pgTable('score_saves', {
  idempotencyKey: uuid('idempotency_key').primaryKey(),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  conflicts: jsonb('conflicts').notNull(),
  createdAt: createdAt(),
});

/**
 * Scheduled backup copies (R46): one row per period, claimed by the first process to insert it, so several processes on one
 * PostgreSQL write one copy per period. The newest finished row is what the admin's Data page shows.
 */
export const backupCopies = pgTable('backup_copies', {
  /** The start of the period this copy belongs to (BACKUP_EVERY_HOURS wide, counted from the Unix epoch). */
  periodStart: timestamp('period_start', { withTimezone: true }).primaryKey(),
  /** host:pid of the process that claimed the period. */
  claimedBy: text('claimed_by').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  fileName: text('file_name'),
  bytes: bigint('bytes', { mode: 'number' }),
  /** Why the copy failed (the error's message), when it did. */
  error: text('error'),
});

/**
 * Uploaded images (R36: sponsors' logos; the event's hero image), re-encoded by the server (src/server/images): the original
 * is never kept, only the variants the pages show. In the database so every process serves them (and backups hold them).
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the image is for: it decides the variants (IMAGE_SIZES in src/server/images/image-processing.ts). */
    purpose: text('purpose').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    /** The upload's size after orientation, before resizing. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('images_purpose_check', sql`${t.purpose} in ('logo', 'hero')`)],
);

/**
 * The organisation's details (R51): one row, written by Admin → Settings; until then the environment's ORG_* and MAIL_FROM
 * answer (src/server/settings/organisation.ts). Every process caches it and drops it at the commit of a change (NOTIFY 'o').
 */
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    /** Always true: the table holds at most one row. */
    id: boolean('id').primaryKey().default(true),
    name: text('name').notNull(),
    legalName: text('legal_name').notNull(),
    taxId: text('tax_id').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    /** The organisation's logo (R36's rules, purpose 'logo'); the unused-image sweep counts it as used. */
    logoImageId: uuid('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
    /** The display name of the From header; the address stays MAIL_FROM's. */
    mailFromName: text('mail_from_name').notNull(),
    /** R58: the card fee a payer may cover: a percentage in hundredths of a percent (290 = 2.9 %) plus fixed cents. */
    feeBasisPoints: integer('fee_basis_points').notNull().default(0),
    feeFixedCents: integer('fee_fixed_cents').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organisation_settings_one_row', sql`${t.id}`),
    check('organisation_settings_fee_check', sql`${t.feeBasisPoints} between 0 and 2000 and ${t.feeFixedCents} between 0 and 10000`),
  ],
);

/** One re-encoded size of an image: its bytes and their hash (the ETag; an image's variants never change). */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** 'w320', 'w160', …: the width it was resized to (never enlarged: `width` says what it is). */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.name] })],
);

// ── Side games (R44) ──────────────────────────────────────────────────────────────────────────────────────
/**
 * The winner of one contest on one hole, entered by staff on the day. `distance`: inches from the pin for closest to the pin,
 * yards for longest drive. The golfer is optional (a team may be all staff know); deleting the team clears the row.
 */
export const contestResults = pgTable(
  'contest_results',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    holeNumber: integer('hole_number').notNull(),
    contest: text('contest').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    distance: integer('distance').notNull(),
    holeInOne: boolean('hole_in_one').notNull().default(false),
    enteredBy: text('entered_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.holeNumber, t.contest] }),
    check('contest_results_contest_check', sql`${t.contest} in ('closest_to_pin', 'longest_drive')`),
    check('contest_results_distance_check', sql`${t.distance} between 0 and 100000`),
  ],
);

// ── Messages to the field (R45) ───────────────────────────────────────────────────────────────────────────
/** One e-mail written by staff to a group; its recipients are fixed when it is queued. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for a year's statements (R39, R59): they go to the payers of every tournament of the year. */
    tournamentId: uuid('tournament_id').references(() => tournaments.id, { onDelete: 'cascade' }),
    /** 'leaders', 'golfers', 'unpaid', 'level' (with `levelId`), 'waitlist', 'last_year' (R59's save the date), or for the
     * messages the portal writes itself 'thank_you' and 'statements' (R59). */
    audience: text('audience').notNull(),
    /** R59: what the sender renders: 'field' (staff's words), 'thank_you' (the results in `content`) or 'statements' (each
     * recipient's statement link, `message_recipients.link`, for `year`). */
    kind: text('kind').notNull().default('field'),
    /** R59: the thank-you's results as they were when it was queued (every recipient reads the same board). */
    content: jsonb('content'),
    /** R39: the calendar year of a 'statements' message. */
    year: integer('year'),
    levelId: uuid('level_id'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    /** The sender's name as it was when sent: the e-mail names it. */
    senderName: text('sender_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_kind_check', sql`${t.kind} in ('field', 'thank_you', 'statements')`),
    check('messages_tournament_check', sql`${t.tournamentId} is not null or ${t.kind} = 'statements'`),
    index('messages_kind_idx').on(t.kind, t.tournamentId, t.year),
  ],
);

/**
 * The queue: one row per recipient of a message, claimed by one process at a time (FOR UPDATE SKIP LOCKED). waiting →
 * sending (claimed until `claimed_until`) → sent, or back to waiting with a later `next_attempt_at`, or failed.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** Why this person gets it, as the e-mail says ("you lead the team Eagles"). */
    reason: text('reason').notNull(),
    /** R59: this recipient's own link where the e-mail has one (a year statement's keyed address). */
    link: text('link'),
    status: text('status').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_recipients_once').on(t.messageId, t.email),
    index('message_recipients_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('waiting', 'sending')`),
    index('message_recipients_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
    check('message_recipients_status_check', sql`${t.status} in ('waiting', 'sending', 'sent', 'failed')`),
  ],
);

// ── The auction and the paddle raise (R53–R56) ──────────────────────────────────────────────────────────────
/**
 * R54: a bidder of one tournament: a signed-in person (`user_id`) or a golfer through their personal link (`player_id`).
 * The number is what public pages and the paddle show; the name only when `show_name` (never the e-mail).
 */
export const bidders = pgTable(
  'bidders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    showName: boolean('show_name').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bidders_number_once').on(t.tournamentId, t.number),
    uniqueIndex('bidders_user_once')
      .on(t.tournamentId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('bidders_player_once')
      .on(t.tournamentId, t.playerId)
      .where(sql`${t.playerId} is not null`),
    check('bidders_number_check', sql`${t.number} >= 1`),
  ],
);

/**
 * R53: one lot of the silent auction. `closes_at` starts at the auction's close and moves later on a late bid (soft close);
 * the current standing (`current_bid_cents`, `leader_bidder_id`, `leader_max_cents`) is kept on the row and changed only
 * under the row's lock, so bids are ordered by the database whatever process takes them (R54). When the lot closes,
 * `winner_bidder_id` and `won_cents` are fixed once; `purchase_id` is the winner's money line (R55).
 */
export const auctionLots = pgTable(
  'auction_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    /** R39: the fair market value of the lot. */
    valueCents: integer('value_cents').notNull().default(0),
    openingBidCents: integer('opening_bid_cents').notNull(),
    minRaiseCents: integer('min_raise_cents').notNull(),
    buyNowCents: integer('buy_now_cents'),
    donor: text('donor').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    currentBidCents: integer('current_bid_cents'),
    leaderBidderId: uuid('leader_bidder_id').references(() => bidders.id, { onDelete: 'restrict' }),
    leaderMaxCents: integer('leader_max_cents'),
    bidCount: integer('bid_count').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    winnerBidderId: uuid('winner_bidder_id').references(() => bidders.id, { onDelete: 'restrict' }),
    wonCents: integer('won_cents'),
    /**
     * The winner's purchase. No foreign key: `purchases.lot_id` already references the lot, and a cycle of keys between the
     * two tables is one the backup format cannot order (backups/backup-file.ts); closing.ts writes both in one transaction.
     */
    purchaseId: uuid('purchase_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('auction_lots_tournament_idx').on(t.tournamentId, t.sortOrder),
    check('auction_lots_value_check', sql`${t.valueCents} >= 0`),
    check('auction_lots_opening_check', sql`${t.openingBidCents} > 0`),
    check('auction_lots_raise_check', sql`${t.minRaiseCents} > 0`),
    check('auction_lots_buy_now_check', sql`${t.buyNowCents} is null or ${t.buyNowCents} > ${t.openingBidCents}`),
  ],
);

/**
 * R54: every accepted bid, in order (`seq` from one sequence, so order holds across processes). `amount_cents` is the bid
 * shown; `max_cents` the bidder's maximum for proxy bidding (equal to the amount for a plain bid). A proxy raise on a
 * leader's behalf is a row of its own with `proxy` true.
 */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => auctionLots.id, { onDelete: 'cascade' }),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => bidders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    maxCents: integer('max_cents').notNull(),
    proxy: boolean('proxy').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('auction_bids_lot_idx').on(t.lotId, t.seq),
    index('auction_bids_bidder_idx').on(t.bidderId),
    check('auction_bids_amount_check', sql`${t.amountCents} > 0 and ${t.maxCents} >= ${t.amountCents}`),
  ],
);

/**
 * R56: a paddle raise ('fund-a-need') of one tournament: its giving levels in cents, open between `opened_at` and
 * `closed_at`. Each pledge is a donation purchase (R35) pointing back here (`purchases.paddle_raise_id`).
 */
export const paddleRaises = pgTable(
  'paddle_raises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    levelsCents: integer('levels_cents').array().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('paddle_raises_tournament_idx').on(t.tournamentId)],
);

// ── Volunteers (R60) ─────────────────────────────────────────────────────────────────────────────────────────────────
/**
 * R60: one invitation of a volunteer to one tournament, as scorer or for check-in, until a date (the end of that day in
 * TIME_ZONE). The e-mailed link carries a token; only its SHA-256 is kept. Accepting binds it to one account
 * (`accepted_user_id`); staff end it at once (`ended_at`). Every volunteer route reads this row on every request, so an end
 * holds in every process on the next request (docs/decisions/115).
 */
export const volunteerGrants = pgTable(
  'volunteer_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** 'scorer' (score entry) or 'check-in' (check-in and add-on sales at check-in). */
    role: text('role').notNull(),
    /** The last day of access, in TIME_ZONE. */
    until: date('until', { mode: 'string' }).notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    acceptedUserId: text('accepted_user_id').references(() => user.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('volunteer_grants_tournament_idx').on(t.tournamentId, t.createdAt),
    index('volunteer_grants_user_idx').on(t.acceptedUserId, t.tournamentId),
    check('volunteer_grants_role_check', sql`${t.role} in ('scorer', 'check-in')`),
  ],
);

// ── Discount codes (R57) ──────────────────────────────────────────────────────────────────────────────────────
/**
 * A tournament's discount code: a percentage or an amount off, or free, for chosen levels and items, between two dates
 * (in TIME_ZONE, both ends included), up to `maxUses` discounted lines. `uses` is counted in the transaction that saves
 * the registration or purchase, by a conditional update (docs/decisions/113); the check makes overselling impossible.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** Stored upper case: a code is typed in any case. */
    code: text('code').notNull(),
    /** 'percent', 'amount' or 'free'. */
    kind: text('kind').notNull(),
    percent: integer('percent'),
    amountCents: integer('amount_cents'),
    /** The tournament's levels (tournament_sponsorship_levels ids) and items the code is for. */
    levelIds: uuid('level_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    itemIds: uuid('item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_tournament_code_unique').on(t.tournamentId, t.code),
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'amount', 'free')`),
    check('discount_codes_percent_check', sql`${t.kind} <> 'percent' or ${t.percent} between 1 and 100`),
    check('discount_codes_amount_check', sql`${t.kind} <> 'amount' or ${t.amountCents} >= 1`),
    check('discount_codes_uses_check', sql`${t.uses} between 0 and ${t.maxUses} and ${t.maxUses} >= 1`),
  ],
);
