// /api/tournaments: what a team leader can register for.
import { runningEarlyPrice } from '../../shared/pricing';
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { day } from '../http/answer-fields';
import { listActiveTournaments, listTournamentLevels } from './service';

const tournamentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    startDate: day,
    endDate: day.nullable(),
    maxTeams: z.number().nullable(),
    /** Registration closes at the editing lock (R17). */
    registrationOpen: z.boolean(),
  })
  .openapi('ActiveTournament');
const levelSchema = z
  .object({
    id: z.string(),
    sponsorshipLevelId: z.string(),
    name: z.string(),
    description: z.string(),
    priceCents: z.number(),
    maxTeams: z.number(),
    placesLeft: z.number(),
    /** R43: the price of a single place; null when the level sells whole teams only. */
    singlePriceCents: z.number().nullable(),
    /** R43: golfer places left for singles (0 when the level sells none). */
    singlePlacesLeft: z.number(),
    /** R58: the early-bird price and its last day (TIME_ZONE), while it still runs at this request; else null. */
    earlyPriceCents: z.number().nullable(),
    earlyUntil: z.string().nullable(),
  })
  .openapi('OfferedLevel');

export const tournamentRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/active',
      access: 'public',
      summary: 'Active tournaments, soonest first, each saying whether it still takes registrations',
      responses: {
        200: jsonResponse(
          'OK',
          z.object({ tournaments: z.array(tournamentSchema), currency: z.string(), cardPayments: z.boolean(), holdHours: z.number() }),
        ),
      },
    }),
    async (c) => {
      const { database, config, now, stripe } = c.var.deps;
      const tournaments = await listActiveTournaments(database.db, now(), config.timeZone);
      // cardPayments and holdHours tell the form what 'Pay now' does and how long a hold lasts (R23, R24).
      return c.json({ tournaments, currency: config.currency, cardPayments: stripe !== null, holdHours: config.holdHours }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}/levels',
      access: 'public',
      summary: 'The sponsorship levels an active tournament offers, with price and places left',
      request: { params: z.object({ id: z.uuid('Tournament not found') }) },
      responses: {
        200: jsonResponse('OK', z.object({ levels: z.array(levelSchema) })),
        404: errorResponse('No such active tournament'),
      },
    }),
    async (c) => {
      const { database, now, config } = c.var.deps;
      const levels = await listTournamentLevels(database.db, c.req.valid('param').id);
      return c.json({ levels: levels.map((level) => ({ ...level, ...runningEarlyPrice(level, now(), config.timeZone) })) }, 200);
    },
  );
