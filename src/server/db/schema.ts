// Every table of the product (SPEC.md §3) and of authentication. Changes go through `npm run db:generate` (a new migration).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
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
    singleGroupHoles: integer('single_group_holes').array().notNull().default(sql`'{}'::integer[]`),
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
    /** R29: Handicap Index, -10.0 to 54.0, one decimal; null when the player has none. */
    handicapIndex: numeric('handicap_index', { precision: 3, scale: 1, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('players_team_idx').on(t.teamId),
    check('players_handicap_index_check', sql`${t.handicapIndex} is null or ${t.handicapIndex} between -10 and 54`),
  ],
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
