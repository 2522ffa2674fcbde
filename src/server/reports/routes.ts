// /api/admin/reports: the registrations report, its CSV and the form's choices (admin only, R8). Mounted at /api/admin.
import { z } from '@hono/zod-openapi';
import { csvResponse, toCsv } from '../http/csv';
import { paymentStatus } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { reportFiltersSchema, reportOptionsQuerySchema, reportQuerySchema } from '../../shared/report-schemas';
import { PAYMENT_STATUS_LABELS } from '../../shared/payment-status';
import { buildReport, reportForExport, reportOptions } from './service';
import { decimalText } from '../../shared/money';
const tournamentChoice = z.object({ id: z.string(), name: z.string(), active: z.boolean() });
/** Every tournament to choose from, and the one chosen (or the default), in both answers. */
const tournamentChoices = { tournaments: z.array(tournamentChoice), tournamentId: z.string().nullable() };
const row = z
  .object({
    id: z.string(),
    name: z.string(),
    company: z.string(),
    levelName: z.string().nullable(),
    registeredOn: z.string(),
    status: paymentStatus,
    golfers: z.number(),
    amountCents: z.number(),
  })
  .openapi('ReportRow');
const totals = z.object({
  teams: z.number(),
  golfers: z.number(),
  byStatus: z.object({ paid: z.number(), in_progress: z.number(), pending: z.number(), hold: z.number(), expired: z.number() }),
  expectedCents: z.number(),
  expiredCents: z.number(),
  receivedCents: z.number(),
  outstandingCents: z.number(),
});

/** Cents as a plain decimal for spreadsheets (no currency sign, no grouping). */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'tournament';

export const reportRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/reports',
      access: 'admin',
      summary:
        'Registrations of one tournament (default: the newest active) matching the filters: one page of 100 rows, counts and totals of all',
      description: 'Dates are calendar days of the registration in the TIME_ZONE setting, both inclusive.',
      request: { query: reportQuerySchema },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            ...tournamentChoices,
            rows: z.array(row),
            totals,
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            pages: z.number(),
            currency: z.string(),
            timeZone: z.string(),
          }),
        ),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      return c.json(
        {
          ...(await buildReport(database.db, c.req.valid('query'), config.timeZone)),
          currency: config.currency,
          timeZone: config.timeZone,
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/reports/options',
      access: 'admin',
      summary: "The report form's choices: every tournament, the chosen (or default) one and its teams by name",
      request: { query: reportOptionsQuerySchema },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            ...tournamentChoices,
            teams: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
        ),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => {
      return c.json(await reportOptions(c.var.deps.database.db, c.req.valid('query').tournamentId), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/reports.csv',
      access: 'admin',
      summary: 'The same report, every matching row, as CSV',
      request: { query: reportFiltersSchema },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      const report = await reportForExport(database.db, c.req.valid('query'), config.timeZone);
      const csv = toCsv(
        ['Team', 'Company', 'Level', 'Registered', 'Status', 'Golfers', `Amount (${config.currency})`],
        report.rows.map((r) => [
          r.name,
          r.company,
          r.levelName ?? '',
          r.registeredOn,
          PAYMENT_STATUS_LABELS[r.status],
          r.golfers,
          decimalText(r.amountCents),
        ]),
      );
      return csvResponse(c, `report-${slug(report.tournamentName ?? 'none')}.csv`, csv);
    },
  );
