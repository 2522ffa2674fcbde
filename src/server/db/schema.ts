// Every table of the product (SPEC.md §3) and of authentication. Changes go through `npm run db:generate` (a new migration).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
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

/** Sign-in attempts per key (`email:…`, `ip:…`) in fixed windows; in the database so every process shares it (R4, R6). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [check('golf_courses_total_holes_check', sql`${t.totalHoles} between 9 and 36`)],
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
  },
  (t) => [
    uniqueIndex('course_holes_course_hole_unique').on(t.courseId, t.holeNumber),
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
    createdAt: createdAt(),
  },
  (t) => [
    check('tournaments_max_teams_check', sql`${t.maxTeams} is null or ${t.maxTeams} >= 1`),
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
  },
  (t) => [
    uniqueIndex('tsl_tournament_level_unique').on(t.tournamentId, t.sponsorshipLevelId),
    check('tsl_price_check', sql`${t.priceCents} >= 0`),
    check('tsl_max_teams_check', sql`${t.maxTeams} >= 1`),
  ],
);

const paymentStatusCheck = (column: unknown) => sql`${column} in ('pending', 'hold', 'in_progress', 'paid')`;

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'restrict' }),
    tournamentSponsorshipLevelId: uuid('tournament_sponsorship_level_id').references(
      () => tournamentSponsorshipLevels.id,
      { onDelete: 'restrict' },
    ),
    userId: text('user_id').references(() => user.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default('pending'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('teams_tournament_idx').on(t.tournamentId),
    index('teams_user_idx').on(t.userId),
    index('teams_level_idx').on(t.tournamentSponsorshipLevelId),
    check('teams_payment_status_check', paymentStatusCheck(t.paymentStatus)),
    check('teams_name_check', sql`length(${t.name}) >= 1`),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('players_team_idx').on(t.teamId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_team_idx').on(t.teamId),
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
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.teamId] }),
    uniqueIndex('team_assignments_hole_unique').on(t.tournamentId, t.startingHole),
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
