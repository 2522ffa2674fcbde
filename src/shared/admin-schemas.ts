// The admin Teams and Payments pages' inputs (spec §2, R15), used by their forms and by the server.
import { z } from './zod';
import {
  CHOICE_MESSAGES,
  optionalChoiceId,
  optionalEmail,
  optionalNameText,
  optionalText,
  teamName,
  tooLongMessage,
  tournamentChoice,
} from './field-schemas';
import { PAYMENT_STATUSES, SETTABLE_PAYMENT_STATUSES } from './payment-status';
import { playerSchema, PLAYERS_PER_TEAM } from './team-schemas';

/** Rows per page of the admin lists: small enough to stay fast with thousands of teams. */
export const ADMIN_PAGE_SIZE = 50;

export const TEAM_SORTS = ['name', 'company', 'players', 'status', 'registered'] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const optionalId = optionalChoiceId('Tournament not found');
const optionalStatus = z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAYMENT_STATUSES).optional());
const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** The Teams list's filters, search, sort and page (query string). */
export const teamListQuerySchema = z.object({
  tournamentId: optionalId,
  status: optionalStatus,
  q: z.string().trim().max(100).optional().default(''),
  sort: z.enum(TEAM_SORTS).default('registered'),
  dir: z.enum(SORT_DIRECTIONS).default('desc'),
  page,
});
export type TeamListQuery = z.output<typeof teamListQuerySchema>;

/** The Payments ledger's filters and page (query string). */
export const paymentListQuerySchema = z.object({ tournamentId: optionalId, state: optionalStatus, page });
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

export const paymentStatusSchema = z.enum(SETTABLE_PAYMENT_STATUSES, { error: CHOICE_MESSAGES.paymentStatus });

/** Update Status in the team dialog: any of the four statuses (R15). */
export const teamStatusSchema = z.object({ status: paymentStatusSchema });

/** An admin's change to one payment record: its state, its note, or both. */
export const paymentUpdateSchema = z
  .object({
    state: paymentStatusSchema.optional(),
    note: z.string().trim().max(500, tooLongMessage(500)).optional(),
  })
  .refine((v) => v.state !== undefined || v.note !== undefined, { message: 'Nothing to change', path: ['state'] });
export type PaymentUpdateInput = z.input<typeof paymentUpdateSchema>;

/** Add Team (admin): name and tournament required (spec §5); level, contact and 0–4 players optional. */
export const adminCreateTeamSchema = z.object({
  tournamentId: tournamentChoice,
  sponsorshipLevelId: optionalChoiceId(CHOICE_MESSAGES.sponsorshipLevel),
  teamName,
  company: optionalNameText(200),
  contactName: optionalNameText(200),
  contactPhone: optionalText(40),
  contactEmail: optionalEmail,
  paymentStatus: paymentStatusSchema.default('pending'),
  players: z.array(playerSchema(), { error: 'At most 4 players' }).max(PLAYERS_PER_TEAM, `At most ${PLAYERS_PER_TEAM} players`).default([]),
});
export type AdminCreateTeamInput = z.input<typeof adminCreateTeamSchema>;
