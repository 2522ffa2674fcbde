// The admin tournament form's rules and messages (spec §5, R13, R16): the API body, and the form that
// turns typed text (dates, "1,200.50", "24") into it. Both share the field rules and the end-date check below.
import { z } from './zod';
import { requiredText } from './field-schemas';
import { parseMoneyToCents } from './money';
import { BEST_BALLS, FORMATS } from './formats';

export const MAX_PRICE_CENTS = 100_000_000; // 1,000,000.00: far above any sponsorship, far below the integer column's limit.
export const MAX_TOURNAMENT_TEAMS = 10_000;
export const MAX_LEVEL_PLACES = 1_000;
/** R40: the event page's texts (plain text, shown as written with its line breaks; never HTML). */
export const MAX_CAUSE_LENGTH = 2_000;
export const MAX_SCHEDULE_LINES = 12;
export const MAX_SCHEDULE_LINE_LENGTH = 120;
export const MAX_ADDRESS_LENGTH = 300;

export const TOURNAMENT_MESSAGES = {
  name: 'Name is required',
  startDate: 'Start date is required',
  endDate: 'End date cannot be before the start date',
  maxTeams: `Max teams must be a whole number from 1 to ${MAX_TOURNAMENT_TEAMS.toLocaleString('en-US')}, or empty for no limit`,
  course: 'Select a golf course from the list',
  level: 'Select a sponsorship level from the list',
  price: 'Enter a price of 0 or more, with at most two decimals',
  priceTooHigh: 'Price is too high',
  singlePrice: 'Enter a single place price of 0 or more, or leave it empty to sell whole teams only',
  earlyPrice: 'Enter an early-bird price of 0 or more, or leave it empty for none',
  earlyUntil: 'Enter the early-bird price’s last day as YYYY-MM-DD',
  places: `Places must be a whole number from 1 to ${MAX_LEVEL_PLACES}`,
  levelTwice: 'Each sponsorship level can be offered once',
  format: 'Choose stroke play, scramble or best ball',
  bestBalls: 'Best ball counts the best 1 or 2 scores',
  formatLocked: 'Scores exist: the format can no longer change',
  singleGroupHoles: 'List hole numbers from 1 to 36, separated by commas (e.g. 9, 18)',
  cause: `The cause can be at most ${MAX_CAUSE_LENGTH.toLocaleString('en-US')} characters`,
  scheduleLine: `Each schedule line can be at most ${MAX_SCHEDULE_LINE_LENGTH} characters`,
  scheduleLines: `At most ${MAX_SCHEDULE_LINES} schedule lines`,
  address: `The address can be at most ${MAX_ADDRESS_LENGTH} characters`,
  addressLink: 'Enter a street address, not a link',
  heroImage: 'Upload the event image again',
  goal: 'Enter a goal above 0, with at most two decimals, or leave it empty',
  fmv: 'Enter the value received (golf, cart, meal) as 0 or more, with at most two decimals',
} as const;
const M = TOURNAMENT_MESSAGES;

const name = requiredText(M.name, 120);

/** A calendar date as YYYY-MM-DD that exists (no 31 April). */
const isoDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, 'Enter a date that exists');

function endNotBeforeStart(value: { startDate: string; endDate: string | null }, ctx: z.RefinementCtx) {
  if (value.endDate && value.endDate < value.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endDate });
}

// R40's texts: plain text only. A link in the address is refused: the page makes its own map link from the text.
const looksLikeLink = (text: string) => /^[a-z][a-z0-9+.-]*:(?!\s)|\/\/|\b(javascript|data|vbscript):/i.test(text.trim());
const cause = z.string({ error: M.cause }).trim().max(MAX_CAUSE_LENGTH, M.cause);
const address = z
  .string({ error: M.address })
  .trim()
  .max(MAX_ADDRESS_LENGTH, M.address)
  .refine((text) => !looksLikeLink(text), M.addressLink);
const scheduleLine = z.string({ error: M.scheduleLine }).trim().min(1, M.scheduleLine).max(MAX_SCHEDULE_LINE_LENGTH, M.scheduleLine);

/** The schedule as typed in the form's box: one line each, blank lines dropped. */
export const scheduleFromText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

// ── The API body ──────────────────────────────────────────────────────────────────────────────────────────────────────
export const offeredLevelSchema = z
  .object({
    sponsorshipLevelId: z.guid({ error: M.level }),
    priceCents: z.int({ error: M.price }).min(0, M.price).max(MAX_PRICE_CENTS, M.priceTooHigh),
    /** Places at this level in this tournament; when left out, the level's own max_teams (R13). */
    maxTeams: z.int({ error: M.places }).min(1, M.places).max(MAX_LEVEL_PLACES, M.places).optional(),
    /** R39: the fair market value of what a team at this level receives; when left out, kept as it is (0 for a new one). */
    fmvCents: z.int({ error: M.fmv }).min(0, M.fmv).max(MAX_PRICE_CENTS, M.fmv).optional(),
    /** R43: the price of a single place (one golfer); null sells whole teams only; left out keeps what it was. */
    singlePriceCents: z.int({ error: M.singlePrice }).min(0, M.singlePrice).max(MAX_PRICE_CENTS, M.priceTooHigh).nullable().optional(),
    /** R58: the early-bird price of a team (null: none; left out keeps what it was), charged until the end of `earlyUntil`. */
    earlyPriceCents: z.int({ error: M.earlyPrice }).min(0, M.earlyPrice).max(MAX_PRICE_CENTS, M.priceTooHigh).nullable().optional(),
    earlyUntil: isoDate(M.earlyUntil).nullable().optional(),
  })
  .refine((level) => level.earlyPriceCents == null || level.earlyUntil != null, { path: ['earlyUntil'], message: M.earlyUntil });

export const tournamentSchema = z
  .object({
    name,
    startDate: isoDate(M.startDate),
    endDate: isoDate('Enter a date as YYYY-MM-DD').nullable().default(null),
    maxTeams: z.int({ error: M.maxTeams }).min(1, M.maxTeams).max(MAX_TOURNAMENT_TEAMS, M.maxTeams).nullable().default(null),
    active: z.boolean().default(false),
    courseId: z.guid({ error: M.course }).nullable().default(null),
    format: z.enum(FORMATS, { error: M.format }).default('stroke'),
    bestBalls: z.union([z.literal(BEST_BALLS[0]), z.literal(BEST_BALLS[1])], { error: M.bestBalls }).default(1),
    netScoring: z.boolean().default(false),
    /** R38: the fundraising goal in cents; null for none. */
    goalCents: z.int({ error: M.goal }).min(1, M.goal).max(MAX_PRICE_CENTS, M.goal).nullable().default(null),
    singleGroupHoles: z
      .array(z.int({ error: M.singleGroupHoles }).min(1, M.singleGroupHoles).max(36, M.singleGroupHoles))
      .max(36, M.singleGroupHoles)
      .default([])
      .transform((holes) => [...new Set(holes)].sort((a, b) => a - b)),
    levels: z
      .array(offeredLevelSchema)
      .max(100, 'Too many sponsorship levels')
      .default([])
      .refine((levels) => new Set(levels.map((l) => l.sponsorshipLevelId)).size === levels.length, M.levelTwice),
    cause: cause.default(''),
    schedule: z.array(scheduleLine, { error: M.scheduleLine }).max(MAX_SCHEDULE_LINES, M.scheduleLines).default([]),
    address: address.default(''),
    /** R40: the event page's hero image (uploaded to /api/images as 'hero'); null removes it, left out keeps it. */
    heroImageId: z.guid({ error: M.heroImage }).nullable().optional(),
  })
  .superRefine(endNotBeforeStart);
export type TournamentInput = z.output<typeof tournamentSchema>;

/**
 * R59: 'Copy to a new tournament': the new name and dates, with the tournament form's own rules and messages. The form sends
 * the end date as typed ('' for none); the API takes that or null.
 */
export const copyTournamentSchema = z
  .object({
    name,
    startDate: isoDate(M.startDate),
    endDate: z
      .union([z.literal('').transform(() => null), isoDate('Enter a date as YYYY-MM-DD')])
      .nullable()
      .default(null),
  })
  .superRefine(endNotBeforeStart);
export type CopyTournamentValues = z.input<typeof copyTournamentSchema>;
export type CopyTournamentInput = z.output<typeof copyTournamentSchema>;

export const setActiveSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) });

// ── The form ──────────────────────────────────────────────────────────────────────────────────────────────────────────
const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : NaN);

/** One row per sponsorship level in the catalogue; only the offered ones are checked and sent. */
const levelRowSchema = z
  .object({
    sponsorshipLevelId: z.string(),
    offered: z.boolean(),
    price: z.string(),
    maxTeams: z.string(),
    fmv: z.string(),
    singlePrice: z.string(),
    earlyPrice: z.string(),
    earlyUntil: z.string(),
  })
  .superRefine((row, ctx) => {
    if (!row.offered) return;
    const early = row.earlyPrice.trim();
    if (early !== '') {
      const earlyCents = parseMoneyToCents(early);
      if (earlyCents == null || earlyCents > MAX_PRICE_CENTS) ctx.addIssue({ code: 'custom', path: ['earlyPrice'], message: M.earlyPrice });
      if (!/^\d{4}-\d{2}-\d{2}$/.test(row.earlyUntil.trim())) ctx.addIssue({ code: 'custom', path: ['earlyUntil'], message: M.earlyUntil });
    }
    const fmv = row.fmv.trim() === '' ? 0 : parseMoneyToCents(row.fmv.trim());
    if (fmv == null || fmv > MAX_PRICE_CENTS) ctx.addIssue({ code: 'custom', path: ['fmv'], message: M.fmv });
    const cents = parseMoneyToCents(row.price.trim());
    if (cents == null) ctx.addIssue({ code: 'custom', path: ['price'], message: M.price });
    else if (cents > MAX_PRICE_CENTS) ctx.addIssue({ code: 'custom', path: ['price'], message: M.priceTooHigh });
    const places = wholeNumber(row.maxTeams.trim());
    if (!(places >= 1 && places <= MAX_LEVEL_PLACES)) ctx.addIssue({ code: 'custom', path: ['maxTeams'], message: M.places });
    const single = row.singlePrice.trim();
    if (single !== '') {
      const singleCents = parseMoneyToCents(single);
      if (singleCents == null) ctx.addIssue({ code: 'custom', path: ['singlePrice'], message: M.singlePrice });
      else if (singleCents > MAX_PRICE_CENTS) ctx.addIssue({ code: 'custom', path: ['singlePrice'], message: M.priceTooHigh });
    }
  });

export const tournamentFormSchema = z
  .object({
    name,
    startDate: isoDate(M.startDate),
    endDate: z.union([z.literal('').transform(() => null), isoDate('Enter a date as YYYY-MM-DD')]),
    maxTeams: z
      .string()
      .trim()
      .transform((text) => (text === '' ? null : wholeNumber(text)))
      .refine((n) => n === null || (n >= 1 && n <= MAX_TOURNAMENT_TEAMS), M.maxTeams),
    active: z.boolean(),
    courseId: z.string().transform((id) => id || null),
    format: z.enum(FORMATS, { error: M.format }),
    bestBalls: z.enum(['1', '2'], { error: M.bestBalls }).transform((n) => Number(n) as 1 | 2),
    netScoring: z.boolean(),
    goal: z
      .string()
      .trim()
      .refine((text) => {
        if (text === '') return true;
        const cents = parseMoneyToCents(text);
        return cents != null && cents >= 1 && cents <= MAX_PRICE_CENTS;
      }, M.goal)
      .transform((text) => (text === '' ? null : parseMoneyToCents(text)!)),
    singleGroupHoles: z
      .string()
      .trim()
      .refine((text) => text === '' || /^\d{1,2}(\s*,\s*\d{1,2})*$/.test(text), M.singleGroupHoles)
      .transform((text) => (text === '' ? [] : text.split(',').map((n) => Number(n.trim()))))
      .refine((holes) => holes.every((n) => n >= 1 && n <= 36), M.singleGroupHoles),
    levels: z.array(levelRowSchema),
    cause,
    schedule: z
      .string()
      .transform(scheduleFromText)
      .superRefine((lines, ctx) => {
        const message =
          lines.length > MAX_SCHEDULE_LINES
            ? M.scheduleLines
            : lines.some((l) => l.length > MAX_SCHEDULE_LINE_LENGTH)
              ? M.scheduleLine
              : null;
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    address,
  })
  .superRefine(endNotBeforeStart)
  .transform(({ levels, goal, ...tournament }): TournamentInput => ({
    ...tournament,
    goalCents: goal ?? null,
    levels: levels
      .filter((row) => row.offered)
      .map((row) => ({
        sponsorshipLevelId: row.sponsorshipLevelId,
        priceCents: parseMoneyToCents(row.price.trim())!,
        maxTeams: Number(row.maxTeams.trim()),
        fmvCents: row.fmv.trim() === '' ? 0 : parseMoneyToCents(row.fmv.trim())!,
        singlePriceCents: row.singlePrice.trim() === '' ? null : parseMoneyToCents(row.singlePrice.trim())!,
        earlyPriceCents: row.earlyPrice.trim() === '' ? null : parseMoneyToCents(row.earlyPrice.trim())!,
        earlyUntil: row.earlyPrice.trim() === '' ? null : row.earlyUntil.trim(),
      })),
  }));
export type TournamentFormValues = z.input<typeof tournamentFormSchema>;

/** Cents as the money input shows them: "1200.50" (no currency sign or grouping, so it reads back unchanged). */
export const centsToInput = (cents: number) => (cents / 100).toFixed(2);
