// /api/registrations: a signed-in leader registers one or several teams.
import { errorFields } from '../logger';
import { z } from '@hono/zod-openapi';
import { getViewer } from '../http/context';
import { createRouter, defineRoute } from '../http/define-route';
import { unauthenticated } from '../http/errors';
import { registrationMessage } from '../mail/templates';
import { formatMoney } from '../../shared/money';
import { registrationSchema } from '../../shared/team-schemas';
import { registerTeams } from './service';

export const registrationRoutes = createRouter().openapi(
  defineRoute({
    method: 'post',
    path: '/',
    access: 'signed-in',
    summary: 'Register one or several teams of four at a sponsorship level (one transaction); e-mails the contact',
    description: 'Refused whole with 409 when the level or the tournament has too few places left.',
    request: { body: { required: true, content: { 'application/json': { schema: registrationSchema } } } },
    responses: {
      201: {
        description: 'Registered',
        content: {
          'application/json': {
            schema: z.object({
              teams: z.array(z.object({ id: z.string(), name: z.string() })),
              totalCents: z.number(),
              holdUntil: z.string().nullable(),
            }),
          },
        },
      },
      409: { description: 'Not enough places left, or registration has closed (the editing lock, R17)' },
    },
  }),
  async (c) => {
    const viewer = await getViewer(c);
    if (!viewer) throw unauthenticated();
    const { database, config, mailer, logger, now } = c.var.deps;
    const registration = await registerTeams(database.db, viewer.userId, c.req.valid('json'), now(), config.timeZone);
    logger.info('teams registered', { userId: viewer.userId, teams: registration.teams.length, level: registration.levelName });

    const money = (cents: number) => formatMoney(cents, config.currency);
    const holdUntil = registration.holdUntil
      ? new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(registration.holdUntil)
      : null;
    const message = registrationMessage({
      ...registration,
      amount: money(registration.priceCents),
      total: money(registration.totalCents),
      holdUntil,
      dashboardUrl: `${config.appUrl}/register`,
    });
    // The registration stands even if the mail server is down; the failure is logged for staff.
    mailer.send({ to: registration.contactEmail, ...message }).catch((error) => logger.error('registration e-mail failed', errorFields(error)));

    return c.json(
      {
        teams: registration.teams.map(({ id, name }) => ({ id, name })),
        totalCents: registration.totalCents,
        holdUntil: registration.holdUntil?.toISOString() ?? null,
      },
      201,
    );
  },
);
