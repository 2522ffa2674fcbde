// Every table of the product (SPEC.md §3) and of authentication. Changes go through `npm run db:generate` (a new migration).
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
    /** Legacy single course (SPEC.md §3); tournament_courses is the current link. */
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
    createdAt: createdAt(),
  },
  (t) => [
    check('tournaments_max_teams_check', sql`${t.maxTeams} is null or ${t.maxTeams} >= 1`),
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
    /** R43: the price of a single place (one golfer); null when the level sells whole teams only. */
    singlePriceCents: integer('single_price_cents'),
  },
  (t) => [
    uniqueIndex('tsl_tournament_level_unique').on(t.tournamentId, t.sponsorshipLevelId),
    check('tsl_price_check', sql`${t.priceCents} >= 0`),
    check('tsl_max_teams_check', sql`${t.maxTeams} >= 1`),
    check('tsl_single_price_check', sql`${t.singlePriceCents} >= 0`),
  ],
);

const paymentStatusCheck = (column: unknown) => sql`${column} in ('pending', 'hold', 'in_progress', 'paid', 'expired')`;

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('players_team_idx').on(t.teamId),
    check('players_handicap_index_check', sql`${t.handicapIndex} is null or ${t.handicapIndex} between -10 and 54`),
    check('players_answered_by_check', sql`${t.answeredBy} in ('leader', 'golfer')`),
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
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').notNull(),
    note: text('note').notNull().default(''),
    /** The card payment's reference at the provider (Stripe's PaymentIntent id), set by the webhook (R23). */
    providerRef: text('provider_ref'),
    /** Money given back through the provider (R23); the record keeps its state. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_team_idx').on(t.teamId),
    check('payments_refund_check', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
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
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    teamIds: uuid('team_ids').array().notNull(),
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
// ── Offline score entry (PRODUCT.md R32) ─────────────────────────────────────────────────────────────────────────────
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
