// The admin tournament form's rules and messages (SPEC.md §5, PRODUCT.md R13, R16): the API body, and the form that
// turns typed text (dates, "1,200.50", "24") into it. Both share the field rules and the end-date check below.
import { z } from './zod';
import { requiredText } from './field-schemas';
import { parseMoneyToCents } from './money';
import { BEST_BALLS, FORMATS } from './formats';

export const MAX_PRICE_CENTS = 100_000_000; // 1,000,000.00: far above any sponsorship, far below the integer column's limit.
export const MAX_TOURNAMENT_TEAMS = 10_000;
export const MAX_LEVEL_PLACES = 1_000;

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
  places: `Places must be a whole number from 1 to ${MAX_LEVEL_PLACES}`,
  levelTwice: 'Each sponsorship level can be offered once',
  format: 'Choose stroke play, scramble or best ball',
  bestBalls: 'Best ball counts the best 1 or 2 scores',
  formatLocked: 'Scores exist: the format can no longer change',
  singleGroupHoles: 'List hole numbers from 1 to 36, separated by commas (e.g. 9, 18)',
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

// ── The API body ──────────────────────────────────────────────────────────────────────────────────────────────────────
export const offeredLevelSchema = z.object({
  sponsorshipLevelId: z.guid({ error: M.level }),
  priceCents: z.int({ error: M.price }).min(0, M.price).max(MAX_PRICE_CENTS, M.priceTooHigh),
  /** Places at this level in this tournament; when left out, the level's own max_teams (R13). */
  maxTeams: z.int({ error: M.places }).min(1, M.places).max(MAX_LEVEL_PLACES, M.places).optional(),
  /** R43: the price of a single place (one golfer); null sells whole teams only; left out keeps what it was. */
  singlePriceCents: z.int({ error: M.singlePrice }).min(0, M.singlePrice).max(MAX_PRICE_CENTS, M.priceTooHigh).nullable().optional(),
});

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
  })
  .superRefine(endNotBeforeStart);
export type TournamentInput = z.output<typeof tournamentSchema>;

export const setActiveSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) });

// ── The form ──────────────────────────────────────────────────────────────────────────────────────────────────────────
const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : NaN);

/** One row per sponsorship level in the catalogue; only the offered ones are checked and sent. */
const levelRowSchema = z
  .object({ sponsorshipLevelId: z.string(), offered: z.boolean(), price: z.string(), maxTeams: z.string(), singlePrice: z.string() })
  .superRefine((row, ctx) => {
    if (!row.offered) return;
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
    singleGroupHoles: z
      .string()
      .trim()
      .refine((text) => text === '' || /^\d{1,2}(\s*,\s*\d{1,2})*$/.test(text), M.singleGroupHoles)
      .transform((text) => (text === '' ? [] : text.split(',').map((n) => Number(n.trim()))))
      .refine((holes) => holes.every((n) => n >= 1 && n <= 36), M.singleGroupHoles),
    levels: z.array(levelRowSchema),
  })
  .superRefine(endNotBeforeStart)
  .transform(({ levels, ...tournament }): TournamentInput => ({
    ...tournament,
    levels: levels
      .filter((row) => row.offered)
      .map((row) => ({
        sponsorshipLevelId: row.sponsorshipLevelId,
        priceCents: parseMoneyToCents(row.price.trim())!,
        maxTeams: Number(row.maxTeams.trim()),
        singlePriceCents: row.singlePrice.trim() === '' ? null : parseMoneyToCents(row.singlePrice.trim())!,
      })),
  }));
export type TournamentFormValues = z.input<typeof tournamentFormSchema>;

/** Cents as the money input shows them: "1200.50" (no currency sign or grouping, so it reads back unchanged). */
export const centsToInput = (cents: number) => (cents / 100).toFixed(2);
