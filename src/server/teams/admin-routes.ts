// /api/admin/teams: staff read the teams (R8: moderators read only); only admins add, re-status or delete one.
import { z } from '@hono/zod-openapi';
import { getActor } from '../http/context';
import { csvResponse, toCsv } from '../http/csv';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { adminCreateTeamSchema, teamListQuerySchema, teamStatusSchema } from '../../shared/admin-schemas';
import { PAYMENT_STATUS_LABELS } from '../../shared/payment-status';
import {
  createTeamAsAdmin,
  deleteTeam,
  getTeamForAdmin,
  listTeamsForAdmin,
  setTeamPaymentStatus,
  teamFormOptions,
  teamsForExport,
} from './admin-service';
import { sendReceipts } from '../payments/receipts';
import { offerFreedPlaces } from '../holds/sweeper';
import { paymentStatus } from '../http/answer-fields';
import { adminTeamDetail, adminTeamList, teamFormOptions as formOptions } from './schemas';
import { teamIdParam } from '../http/path-params';

export const adminTeamRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'staff',
      summary: 'One page (50) of teams with search, filters and sort, the number matching, and the tournaments for the filter',
      request: { query: teamListQuerySchema },
      responses: { 200: jsonResponse('OK', adminTeamList) },
    }),
    async (c) => c.json(await listTeamsForAdmin(c.var.deps.database.db, c.req.valid('query')), 200),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/export.csv',
      access: 'staff',
      summary: 'Every team matching the filters, in the list order, as CSV',
      request: { query: teamListQuerySchema.omit({ page: true }) },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const rows = await teamsForExport(c.var.deps.database.db, c.req.valid('query'));
      const csv = toCsv(
        ['Team', 'Company', 'Tournament', 'Level', 'Players', 'Payment', 'Contact name', 'Contact email', 'Contact phone', 'Registered'],
        rows.map((r) => [
          r.name,
          r.company,
          r.tournamentName,
          r.levelName ?? '',
          r.playerCount,
          PAYMENT_STATUS_LABELS[r.paymentStatus],
          r.contactName,
          r.contactEmail,
          r.contactPhone,
          r.createdAt,
        ]),
      );
      return csvResponse(c, 'teams.csv', csv);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/form-options',
      access: 'admin',
      summary: 'Tournaments and the levels each offers, with places left, for the Add Team dialog',
      responses: { 200: jsonResponse('OK', formOptions) },
    }),
    async (c) => c.json({ ...(await teamFormOptions(c.var.deps.database.db)), currency: c.var.deps.config.currency }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Add a team (name and tournament required; level, contact, 0–4 players) with its payment record',
      description: "Checks the level's and the tournament's places under the tournament's row lock, as registrations do (R13).",
      request: { body: jsonBody(adminCreateTeamSchema) },
      responses: {
        201: jsonResponse('Created', z.object({ team: z.object({ id: z.string(), name: z.string() }) })),
        409: errorResponse('No places left at the level or in the tournament; nothing saved'),
      },
    }),
    async (c) => c.json({ team: await createTeamAsAdmin(c.var.deps.database.db, c.req.valid('json'), (await getActor(c)).userId) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}',
      access: 'staff',
      summary: 'One team with its players (contacts included, R11), payment records and what deleting it would remove',
      request: { params: teamIdParam },
      responses: { 200: jsonResponse('OK', z.object({ team: adminTeamDetail, currency: z.string() })), 404: errorResponse('No such team') },
    }),
    async (c) => {
      const { database, config, now } = c.var.deps;
      const team = await getTeamForAdmin(database.db, await getActor(c), c.req.valid('param').id, now(), config.timeZone);
      return c.json({ team, currency: config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'patch',
      path: '/{id}/status',
      access: 'admin',
      summary: "Set a team's payment status; its payment records take the same state in the same transaction",
      request: { params: teamIdParam, body: jsonBody(teamStatusSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ team: z.object({ id: z.string(), paymentStatus }) })),
        404: errorResponse('No such team'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const { paidPaymentIds, ...team } = await setTeamPaymentStatus(
        c.var.deps.database.db,
        c.req.valid('param').id,
        c.req.valid('json'),
        actor.userId,
      );
      await sendReceipts(c.var.deps, paidPaymentIds);
      return c.json({ team }, 200);
    },
  )
  .openapi(
    ...deleteRoute({
      path: '/{id}',
      access: 'admin',
      summary: 'Delete a team with its players, payment records, scores, check-ins and starting hole',
      params: teamIdParam,
      refusals: { 404: errorResponse('No such team') },
      remove: async (c, { id }) => {
        const { database, config, mailer, logger, now } = c.var.deps;
        await deleteTeam(database.db, id);
        // The freed place goes to the first in line of a waitlist at once (R25); a failure waits for the next sweep.
        await offerFreedPlaces({ db: database.db, config, mailer, logger, now }).catch((error) =>
          logger.error('waitlist offer failed', { error: String(error) }),
        );
      },
    }),
  );
