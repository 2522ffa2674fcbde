// /api/receipts/{id}: the printable receipt (R39), for its payer (signed in, or holding the e-mail's keyed link) and staff.
// /api/statements: a payer's year statement, the same way. /api/admin/statements.csv: every payer's year for staff.
import { z } from '@hono/zod-openapi';
import { getViewer, type AppContext, type Viewer } from '../http/context';
import { instant } from '../http/answer-fields';
import { csvResponse, toCsv } from '../http/csv';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { AppError } from '../http/errors';
import { imageUrl } from '../images/service';
import { linkSecret } from '../payments/receipts';
import { keyMatches, receiptsFor, receiptSubject, statementSubject, yearStatement } from './service';
import { email } from '../../shared/field-schemas';
import { statementYear } from '../../shared/fundraising-schemas';
import { isStaff } from '../../shared/roles';
import { decimalText } from '../../shared/money';

const RECEIPT_NOT_FOUND = 'Receipt not found';
const STATEMENT_NOT_FOUND = 'Statement not found';
export const STATEMENT_KEY_OTHER = 'This link does not open this statement: a receipt e-mail’s link opens that year’s statement only';
export const STATEMENT_NEEDS_CONFIRMED =
  'Confirm your e-mail address to see your statement: use the link in the confirmation e-mail, or open the statement from a receipt e-mail';
export const STATEMENT_LINK_ONLY = 'Open your statement from the link in a receipt e-mail: this site does not confirm e-mail addresses';
const key = z.string().max(100).optional();

const receiptSchema = z
  .object({
    paymentId: z.string(),
    kind: z.enum(['team', 'donation', 'item', 'addon', 'lot']),
    payerName: z.string(),
    payerEmail: z.string(),
    tournamentName: z.string(),
    description: z.string(),
    received: z.string(),
    /** Goods or services were received (a team place, an add-on, a lot, an item with a value); not for a gift (R39). */
    goods: z.boolean(),
    /** R57: the price before a discount code, what it took off, and the code; amountCents is what was paid. */
    priceCents: z.number(),
    discountCents: z.number(),
    discountCode: z.string().nullable(),
    amountCents: z.number(),
    refundedCents: z.number(),
    fmvCents: z.number(),
    deductibleCents: z.number(),
    /** The quid pro quo disclosure is due (over 75.00, goods or services received: R39). */
    disclosure: z.boolean(),
    reference: z.string(),
    paidAt: instant,
  })
  .openapi('Receipt');
/** As Admin → Settings stores it (R51); `logoUrl`: the logo's 320 px variant, or null. */
const organisation = z.object({ name: z.string(), legalName: z.string(), taxId: z.string(), logoUrl: z.string().nullable() });

const toAnswer = (r: Awaited<ReturnType<typeof receiptsFor>>[number]) => {
  const { ownerUserId: _owner, paid: _paid, forWhat: _for, ...rest } = r;
  return rest;
};
/** The organisation as stored now (R51): a change in Admin → Settings shows on the next receipt, in every process. */
const org = async (c: AppContext) => {
  const { name, legalName, taxId, logoImageId } = await c.var.deps.organisation.read();
  return { name, legalName, taxId, logoUrl: logoImageId ? imageUrl(logoImageId, 'w320') : null };
};

/**
 * Whether a signed-in caller's own address opens its statement (R39, R7): staff always; the address's owner once they
 * confirmed it, which needs SMTP (without it nobody confirms an address, so only a receipt e-mail's link opens it).
 */
function ownStatement(viewer: Viewer | null, email: string, mailConfigured: boolean): 'open' | 'link-only' | 'unconfirmed' | 'not-theirs' {
  if (!viewer) return 'not-theirs';
  if (isStaff(viewer.role)) return 'open';
  if (viewer.email.toLowerCase() !== email.toLowerCase()) return 'not-theirs';
  if (!mailConfigured) return 'link-only';
  return viewer.emailVerified ? 'open' : 'unconfirmed';
}

export const receiptRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/receipts/{id}',
      access: 'public',
      summary: "A paid record's receipt (R39): for its payer (signed in, or with the e-mail link's key) and staff",
      description: 'Anyone else, and a record not paid, get 404.',
      request: { params: z.object({ id: z.uuid(RECEIPT_NOT_FOUND) }), query: z.object({ key }) },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            receipt: receiptSchema,
            organisation,
            currency: z.string(),
            timeZone: z.string(),
            /** Whether the caller, signed in, may open the payer's statement of the receipt's year (a link is then shown). */
            statementOpens: z.boolean(),
          }),
        ),
        404: errorResponse('No such receipt, or not the caller’s'),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const [receipt] = await receiptsFor(c.var.deps.database.db, [id]);
      const viewer = await getViewer(c);
      const allowed =
        receipt &&
        receipt.paid &&
        (keyMatches(await linkSecret(c.var.deps), receiptSubject(id), c.req.valid('query').key) ||
          (viewer && (isStaff(viewer.role) || viewer.userId === receipt.ownerUserId)));
      if (!receipt || !allowed) throw new AppError('NOT_FOUND', RECEIPT_NOT_FOUND);
      const { config, mailer } = c.var.deps;
      return c.json(
        {
          receipt: toAnswer(receipt),
          organisation: await org(c),
          currency: config.currency,
          timeZone: config.timeZone,
          statementOpens: ownStatement(viewer, receipt.payerEmail, mailer.configured) === 'open',
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/statements',
      access: 'public',
      summary: "A payer's statement of a calendar year (R39): every payment received from their e-mail address, with the totals",
      description:
        'With the link key of a receipt e-mail (it opens that address’s statement of that year only), for staff, or for the ' +
        'signed-in caller’s own address once it is confirmed (with SMTP set; without it, only the link).',
      request: { query: z.object({ email: email(), year: statementYear, key }) },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            email: z.string(),
            year: z.number(),
            receipts: z.array(receiptSchema),
            totals: z.object({ amountCents: z.number(), fmvCents: z.number(), deductibleCents: z.number() }),
            organisation,
            currency: z.string(),
            timeZone: z.string(),
          }),
        ),
        403: errorResponse('The caller’s own address, not confirmed (or no e-mail is confirmed without SMTP): only the link opens it'),
        404: errorResponse('Not the caller’s statement, or a link key of another address or year'),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const viewer = await getViewer(c);
      const { mailer } = c.var.deps;
      const keyOpens = keyMatches(await linkSecret(c.var.deps), statementSubject(query.email, query.year), query.key);
      if (!keyOpens) {
        const own = ownStatement(viewer, query.email, mailer.configured);
        if (own === 'link-only') throw new AppError('FORBIDDEN', STATEMENT_LINK_ONLY);
        if (own === 'unconfirmed') throw new AppError('FORBIDDEN', STATEMENT_NEEDS_CONFIRMED);
        if (own === 'not-theirs') throw new AppError('NOT_FOUND', query.key ? STATEMENT_KEY_OTHER : STATEMENT_NOT_FOUND);
      }
      const { config, database } = c.var.deps;
      const statement = await yearStatement(database.db, query.year, config.timeZone, query.email);
      return c.json(
        {
          email: query.email,
          year: statement.year,
          receipts: statement.receipts.map(toAnswer),
          totals: statement.totals,
          organisation: await org(c),
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
      path: '/admin/statements.csv',
      access: 'admin',
      summary: 'Every payment received in a calendar year, by payer, as CSV (R39): amount, value received and what may be deductible',
      request: { query: z.object({ year: statementYear, email: email().optional() }) },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const { config, database } = c.var.deps;
      const query = c.req.valid('query');
      const statement = await yearStatement(database.db, query.year, config.timeZone, query.email ?? null);
      const rows = [...statement.receipts]
        .sort((a, b) => a.payerEmail.localeCompare(b.payerEmail) || a.paidAt.localeCompare(b.paidAt))
        .map((r) => [
          r.payerName,
          r.payerEmail,
          r.paidAt.slice(0, 10),
          r.tournamentName,
          r.description,
          decimalText(r.amountCents),
          decimalText(r.refundedCents),
          decimalText(r.fmvCents),
          decimalText(r.deductibleCents),
          r.reference,
        ]);
      const currency = config.currency;
      const csv = toCsv(
        [
          'Payer',
          'E-mail',
          'Date',
          'Tournament',
          'For',
          `Amount (${currency})`,
          `Refunded (${currency})`,
          `Value received (${currency})`,
          `May be deductible (${currency})`,
          'Reference',
        ],
        rows,
      );
      return csvResponse(c, `statements-${query.year}.csv`, csv);
    },
  );
