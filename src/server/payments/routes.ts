// /api/admin/payments: the payment ledger, its CSV and an admin's change to one record (admin only, R8).
import { z } from '@hono/zod-openapi';
import { csvResponse, toCsv } from '../http/csv';
import { paymentEventKind, paymentStatus } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { paymentListQuerySchema, paymentUpdateSchema } from '../../shared/admin-schemas';
import { PAYMENT_STATUS_LABELS } from '../../shared/payment-status';
import { getActor } from '../http/context';
import { AppError } from '../http/errors';
import { refundPayment } from './card-payments';
import { paymentHistory } from './payment-events';
import { sendReceipts } from './receipts';
import { getLedgerRow, listPayments, paymentsForExport, updatePayment } from './service';
import { decimalText } from '../../shared/money';
const item = z
  .object({
    id: z.string(),
    /** The record's line: a team, or a purchase (a gift, a sponsorship item, an add-on: R35–R37). */
    teamId: z.string().nullable(),
    purchaseId: z.string().nullable(),
    kind: z.enum(['team', 'donation', 'item', 'addon', 'lot']),
    /** The line's name: the team's, or what the purchase is and who bought it. */
    teamName: z.string(),
    teamStatus: paymentStatus,
    tournamentName: z.string(),
    levelName: z.string().nullable(),
    amountCents: z.number(),
    state: paymentStatus,
    note: z.string(),
    providerRef: z.string().nullable(),
    refundedCents: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Payment');
const totals = z.object({
  count: z.number(),
  expectedCents: z.number(),
  receivedCents: z.number(),
  outstandingCents: z.number(),
  expiredCents: z.number(),
});

/** What a money line is, in the CSV. */
const LINE_KIND_LABELS = { team: 'Team', donation: 'Gift', item: 'Sponsorship', addon: 'Add-on', lot: 'Auction lot' } as const;

/** Cents as a plain decimal for spreadsheets (no currency sign, no grouping). */

export const paymentRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: 'One page (50) of payment records, newest first, with the totals of all matching and the tournaments for the filter',
      request: { query: paymentListQuerySchema },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            payments: z.array(item),
            totals,
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            pages: z.number(),
            tournaments: z.array(z.object({ id: z.string(), name: z.string() })),
            currency: z.string(),
          }),
        ),
      },
    }),
    async (c) => {
      return c.json({ ...(await listPayments(c.var.deps.database.db, c.req.valid('query'))), currency: c.var.deps.config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/export.csv',
      access: 'admin',
      summary: 'Every money line (teams, gifts, items, add-ons) matching the filters as CSV, with its kind and refunds (R38)',
      request: { query: paymentListQuerySchema.omit({ page: true }) },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const currency = c.var.deps.config.currency;
      const rows = await paymentsForExport(c.var.deps.database.db, c.req.valid('query'));
      const csv = toCsv(
        ['Team', 'Tournament', 'Level', `Amount (${currency})`, 'State', 'Note', 'Date', 'Kind', `Refunded (${currency})`],
        rows.map((r) => [
          r.teamName,
          r.tournamentName,
          r.levelName ?? '',
          decimalText(r.amountCents),
          PAYMENT_STATUS_LABELS[r.state],
          r.note,
          r.createdAt,
          LINE_KIND_LABELS[r.kind],
          decimalText(r.refundedCents),
        ]),
      );
      return csvResponse(c, 'payments.csv', csv);
    },
  )
  .openapi(
    defineRoute({
      method: 'patch',
      path: '/{id}',
      access: 'admin',
      summary: "Record a note and/or a new state on a payment; a new state becomes the team's payment status in the same transaction",
      request: { params: z.object({ id: z.uuid('Payment not found') }), body: jsonBody(paymentUpdateSchema) },
      responses: { 200: jsonResponse('Saved', z.object({ payment: item })), 404: errorResponse('No such payment') },
    }),
    async (c) => {
      const actor = await getActor(c);
      const { payment, becamePaid } = await updatePayment(
        c.var.deps.database.db,
        c.req.valid('param').id,
        c.req.valid('json'),
        actor.userId,
      );
      if (becamePaid) await sendReceipts(c.var.deps, [payment.id]);
      return c.json({ payment }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}/history',
      access: 'admin',
      summary: "A payment's history, oldest first: every change of money with who or which provider event, and when (R26)",
      request: { params: z.object({ id: z.uuid('Payment not found') }) },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            events: z.array(
              z.object({
                id: z.string(),
                kind: paymentEventKind,
                fromState: paymentStatus.nullable(),
                toState: paymentStatus,
                amountCents: z.number(),
                providerEventId: z.string().nullable(),
                note: z.string(),
                by: z.string(),
                createdAt: z.string(),
              }),
            ),
          }),
        ),
      },
    }),
    async (c) => {
      return c.json({ events: await paymentHistory(c.var.deps.database.db, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/refund',
      access: 'admin',
      summary: 'Refund a card payment in full through Stripe and record it in its history (R23)',
      request: { params: z.object({ id: z.uuid('Payment not found') }) },
      responses: {
        200: jsonResponse('Refunded', z.object({ payment: item, refundId: z.string() })),
        404: errorResponse('No such payment'),
        409: errorResponse('Not a card payment, or already refunded; or card payments are off'),
      },
    }),
    async (c) => {
      const { database, stripe } = c.var.deps;
      if (!stripe) throw new AppError('CONFLICT', 'Card payments are not connected (Stripe settings are missing)');
      const actor = await getActor(c);
      const id = c.req.valid('param').id;
      const { refundId } = await refundPayment(database.db, stripe, id, actor.userId);
      return c.json({ payment: await getLedgerRow(database.db, id), refundId }, 200);
    },
  );
