// /api/admin/pairing: the pairing page of an admin (R43): a tournament's unpaired singles and teams with free spots,
// and placing singles into a team; each golfer placed is told their team by e-mail.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { instant } from '../http/answer-fields';
import { errorFields } from '../logger';
import { pairedMessage } from '../mail/golfer-templates';
import { tournamentChoice } from '../../shared/field-schemas';
import { PAYMENT_STATUSES } from '../../shared/payment-status';
import { pairingSchema } from '../../shared/pairing';
import { pairingBoard, placeSingles } from './service';

const board = z
  .object({
    singles: z.array(
      z.object({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        handicapIndex: z.number().nullable(),
        levelId: z.string().nullable(),
        levelName: z.string().nullable(),
        status: z.enum(PAYMENT_STATUSES),
        /** Paid (or in progress): a single on hold or waiting for a card payment is placed once paid. */
        placeable: z.boolean(),
        registeredAt: instant,
      }),
    ),
    teams: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        levelId: z.string().nullable(),
        levelName: z.string().nullable(),
        golfers: z.array(z.string()),
        freeSpots: z.number(),
      }),
    ),
  })
  .openapi('PairingBoard');

export const pairingRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: "A tournament's unpaired singles and its teams with free spots (R43)",
      request: { query: z.object({ tournamentId: tournamentChoice }) },
      responses: { 200: jsonResponse('OK', board) },
    }),
    async (c) => c.json(await pairingBoard(c.var.deps.database.db, c.req.valid('query').tournamentId), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Place 1 to 4 singles into a team with free spots or a new team; each golfer placed is e-mailed the team',
      description:
        'All or nothing, under the tournament lock registrations take. A new team is the first chosen single’s registration renamed; the others’ golfers and payments move into it. Refused (409) when a single was paired or expired meanwhile, is not yet paid, is at another level, or the team lacks the spots.',
      request: { body: jsonBody(pairingSchema) },
      responses: {
        200: jsonResponse('Placed', z.object({ team: z.object({ id: z.string(), name: z.string(), golfers: z.array(z.string()) }) })),
        404: errorResponse('No such team'),
        409: errorResponse('A single is gone or unpaid, at another level, or the team has too few free spots'),
      },
    }),
    async (c) => {
      const { database, mailer, config, logger } = c.var.deps;
      const placement = await placeSingles(database.db, c.req.valid('json'));
      // The placement stands even if the mail server is down; the failure is logged.
      for (const golfer of placement.placed) {
        const message = pairedMessage({
          firstName: golfer.firstName,
          teamName: placement.team.name,
          teammates: placement.team.golfers.filter((name) => name !== `${golfer.firstName} ${golfer.lastName}`),
          tournamentName: placement.tournament.name,
          url: `${config.appUrl}/register`,
        });
        await mailer.send({ to: golfer.email, ...message }).catch((error) => logger.error('pairing e-mail failed', errorFields(error)));
      }
      logger.info('singles placed', { teamId: placement.team.id, placed: placement.placed.length });
      return c.json({ team: placement.team }, 200);
    },
  );
