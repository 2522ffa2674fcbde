// R59, the next year and after the outing. /api/admin: copy a tournament into a new one, send the thank-you, send a year's
// statements (admins, R8). /api/results/:tournamentId: a finished tournament's public results.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { tournamentIdParam, tournamentParam } from '../http/path-params';
import { sender } from '../messages/routes';
import { linkSecret } from '../payments/receipts';
import { copyTournamentSchema } from '../../shared/tournament-schemas';
import { yearStatementsSchema } from '../../shared/year-statement-schemas';
import { copyTournament } from './copy';
import { publicResults } from './results';
import { queueThankYou } from './thank-you';
import { queueYearStatements } from './year-statements';

const queued = z.object({ id: z.string(), recipientCount: z.number() });

export const adminNextYearRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/tournaments/{id}/copy',
      access: 'admin',
      summary: "Copy a tournament's setup into a new one with a new name and dates, closed, nothing sold (one transaction)",
      description:
        'Copies the settings (format, texts, hero image, goal, side games, course), course links, offered levels, sponsorship items, add-ons and golfer questions; never teams, purchases, payments, check-ins, scores or messages.',
      request: { params: tournamentIdParam, body: jsonBody(copyTournamentSchema) },
      responses: {
        201: jsonResponse(
          'Copied',
          z.object({
            tournament: z.object({
              id: z.string(),
              name: z.string(),
              startDate: z.string(),
              endDate: z.string().nullable(),
              copiedFromId: z.string(),
            }),
          }),
        ),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => c.json({ tournament: await copyTournament(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/tournaments/{id}/thank-you',
      access: 'admin',
      summary: 'Queue the thank-you to every golfer, sponsor and donor of a finished tournament, each address once, never twice',
      request: { params: tournamentIdParam },
      responses: {
        201: jsonResponse('Queued', queued),
        404: errorResponse('No such tournament'),
        409: errorResponse('Not over yet, or everyone has already been thanked; nothing queued'),
      },
    }),
    async (c) => {
      const { database, config, now } = c.var.deps;
      const context = { now: now(), timeZone: config.timeZone, appUrl: config.appUrl, currency: config.currency };
      return c.json(await queueThankYou(database.db, c.req.valid('param').id, await sender(c), context), 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/year-statements',
      access: 'admin',
      summary: "Queue each payer of a calendar year their year statement's link, each address once, never twice",
      request: { body: jsonBody(yearStatementsSchema) },
      responses: {
        201: jsonResponse('Queued', queued),
        400: errorResponse('Nobody paid in that year'),
        409: errorResponse('Every payer of the year has already been sent their statement'),
      },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      const context = { timeZone: config.timeZone, appUrl: config.appUrl, secret: await linkSecret(c.var.deps) };
      return c.json(await queueYearStatements(database.db, c.req.valid('json').year, await sender(c), context), 201);
    },
  );

const resultsAnswer = z
  .object({
    tournament: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string().nullable() }),
    organisation: z.string(),
    currency: z.string(),
    board: z.array(
      z.object({ place: z.string(), position: z.number(), team: z.string(), score: z.string(), players: z.array(z.string()) }),
    ),
    sideGames: z.array(z.string()),
    raisedCents: z.number(),
    goalCents: z.number().nullable(),
    sponsors: z.array(z.string()),
  })
  .openapi('TournamentResults');

export const resultsRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/{tournamentId}',
    access: 'public',
    summary: "A finished tournament's results: the final board, side-game winners, raised against the goal, the sponsors",
    request: { params: tournamentParam },
    responses: { 200: jsonResponse('OK', resultsAnswer), 404: errorResponse('No such tournament, or not over yet') },
  }),
  async (c) => {
    const { database, config, now, organisation } = c.var.deps;
    const context = { now: now(), timeZone: config.timeZone, organisation: (await organisation.read()).name, currency: config.currency };
    return c.json(await publicResults(database.db, c.req.valid('param').tournamentId, context), 200);
  },
);
