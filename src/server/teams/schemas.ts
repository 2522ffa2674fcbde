// The answers about teams (a leader's and staff's), declared once: the OpenAPI document, the handlers' compile-time check and
// the client's types all come from these (docs/decisions/060).
import { z } from '@hono/zod-openapi';
import { ANSWERED_BY } from '../../shared/team-schemas';
import { instant, named, paymentStatus, startGroup, tournamentDates } from '../http/answer-fields';

export const teamSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    company: z.string(),
    contactName: z.string(),
    contactPhone: z.string(),
    contactEmail: z.string(),
    /** R40: named among the event's sponsors (the leader agreed). */
    showCompanyAsSponsor: z.boolean(),
    paymentStatus,
    /** R24: when an unpaid team's place runs out; null when paid or without a deadline. */
    holdUntil: instant.nullable(),
    createdAt: instant,
    startingHole: z.number().nullable(),
    startGroup: startGroup.nullable(),
    playerCount: z.number(),
    /** R42: the golfers asked to answer for themselves, in entered order, and whether each has. */
    golfersAsked: z.array(z.object({ name: z.string(), answered: z.boolean() })),
    /** Before the editing lock (R17). */
    editable: z.boolean(),
    /** hasCourse: whether scores can be entered yet (the tournament has a course). */
    tournament: tournamentDates.extend({ hasCourse: z.boolean() }),
    level: z.object({ name: z.string(), priceCents: z.number() }).nullable(),
  })
  .openapi('TeamSummary');

/** A team on its leader's dashboard: what it still owes, and what covering the card fee adds to 'Pay now' (R58). */
export const leaderTeam = teamSummary
  .extend({
    /** Its unpaid payment records' total; 0 once paid. */
    dueCents: z.number(),
    /** The card fee on dueCents (Admin → Settings), 0 without a fee rule or card payments. */
    coverableFeeCents: z.number(),
    /** Its paid payment records, oldest first: each is a receipt its leader may open (R39). */
    receiptIds: z.array(z.string()),
  })
  .openapi('LeaderTeam');

export const teamPlayer = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    handicapIndex: z.number().nullable(),
    /** R42: who fills the details in, and when the golfer answered (null: not yet, or the leader fills them in). */
    answeredBy: z.enum(ANSWERED_BY),
    answeredAt: instant.nullable(),
    shirtSize: z.string(),
    dietaryNeeds: z.string(),
  })
  .openapi('TeamPlayer');

export const teamDetail = teamSummary.extend({ players: z.array(teamPlayer) }).openapi('TeamDetail');

export const adminTeamListItem = z
  .object({
    id: z.string(),
    name: z.string(),
    company: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    paymentStatus,
    createdAt: instant,
    playerCount: z.number(),
    tournamentId: z.string(),
    tournamentName: z.string(),
    levelName: z.string().nullable(),
  })
  .openapi('AdminTeamListItem');

export const adminTeamList = z.object({
  teams: z.array(adminTeamListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pages: z.number(),
  tournaments: z.array(named.extend({ active: z.boolean() })),
});

export const adminTeamDetail = teamDetail
  .extend({
    payments: z.array(
      z.object({ id: z.string(), amountCents: z.number(), state: paymentStatus, note: z.string(), createdAt: instant, updatedAt: instant }),
    ),
    /** What deleting the team would remove. */
    removes: z.object({ players: z.number(), payments: z.number(), scores: z.number(), checkins: z.number() }),
  })
  .openapi('AdminTeam');

export const teamFormOptions = z.object({
  tournaments: z.array(
    named.extend({
      active: z.boolean(),
      levels: z.array(named.extend({ priceCents: z.number(), maxTeams: z.number(), placesLeft: z.number() })),
    }),
  ),
  currency: z.string(),
});

/** R24: a team's deadline after an admin extended it or reinstated the team. */
export const teamHold = z.object({ team: z.object({ id: z.string(), paymentStatus, holdUntil: instant }) });
