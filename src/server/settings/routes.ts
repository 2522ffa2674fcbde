// /api/admin/settings: the organisation's details (R51), the test e-mail and card payments' state. Admin only. No answer
// here ever carries a secret: not the Stripe keys, not SMTP_URL (its password); card payments say only set, test or live.
import { z } from '@hono/zod-openapi';
import { getViewer, type AppContext } from '../http/context';
import { instant } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { imageUrl } from '../images/service';
import { MailLimitReached, reserveMailToOthers } from '../mail/mail-to-others';
import { cardPaymentsState } from './card-state';
import { mailFromParts } from './organisation';
import { sendTestMail } from './test-mail';
import { organisationSchema, testEmailSchema, type OrganisationInput } from '../../shared/settings-schemas';
import { feeRuleSchema } from '../../shared/pricing-schemas';

const settingsSchema = z
  .object({
    organisation: z.object({
      name: z.string(),
      legalName: z.string(),
      taxId: z.string(),
      contactEmail: z.string(),
      logoImageId: z.string().nullable(),
      /** The logo's 320 px variant, or null. */
      logoUrl: z.string().nullable(),
      mailFromName: z.string(),
      /** R58: the card fee a payer may cover: hundredths of a percent (290 = 2.9 %) and fixed cents. */
      feeBasisPoints: z.number(),
      feeFixedCents: z.number(),
      /** False while the environment's ORG_* and MAIL_FROM answer (nothing saved yet). */
      saved: z.boolean(),
    }),
    mail: z.object({
      /** SMTP_URL is set (its value, which may hold a password, is never sent). */
      configured: z.boolean(),
      /** MAIL_FROM's address, which every e-mail is sent from under `mailFromName`. */
      fromAddress: z.string(),
    }),
    cardPayments: z.object({
      keysSet: z.boolean(),
      mode: z.enum(['test', 'live']).nullable(),
      /** The newest event the webhook applied (a refused one writes nothing: decision 099). */
      lastWebhook: z.object({ at: instant, result: z.enum(['applied']), type: z.string() }).nullable(),
    }),
  })
  .openapi('Settings');

const testMailAnswer = z
  .object({
    result: z.enum(['accepted', 'refused', 'unreachable', 'not-configured']),
    to: z.string(),
    reply: z.string(),
  })
  .openapi('TestEmail');

async function settingsAnswer(c: AppContext) {
  const { organisation, config, database, mailer } = c.var.deps;
  const stored = await organisation.read();
  return {
    organisation: { ...stored, logoUrl: stored.logoImageId ? imageUrl(stored.logoImageId, 'w320') : null },
    mail: { configured: mailer.configured, fromAddress: mailFromParts(config.mailFrom).address },
    cardPayments: await cardPaymentsState(database.db, config.stripe),
  };
}

export const settingsRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: "The organisation's settings, whether e-mail is set up, and card payments' state (R51); never a secret",
      responses: { 200: jsonResponse('OK', settingsSchema) },
    }),
    async (c) => c.json(await settingsAnswer(c), 200),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/',
      access: 'admin',
      summary: "Saves the organisation's settings; receipts, the event page and e-mails use them at once, in every process",
      request: { body: jsonBody(organisationSchema) },
      responses: { 200: jsonResponse('Saved', settingsSchema) },
    }),
    async (c) => {
      await c.var.deps.organisation.save(c.req.valid('json') as OrganisationInput);
      return c.json(await settingsAnswer(c), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/fee',
      access: 'admin',
      summary: 'Saves the card fee rule a payer may cover at card checkout (R58): a percentage and a fixed amount',
      request: { body: jsonBody(feeRuleSchema) },
      responses: { 200: jsonResponse('Saved', settingsSchema) },
    }),
    async (c) => {
      await c.var.deps.organisation.saveFee(c.req.valid('json'));
      return c.json(await settingsAnswer(c), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/test-email',
      access: 'admin',
      summary: "Sends a test e-mail (to the admin's own address, or the one given) and answers what the mail server said",
      description:
        'accepted (with the reply), refused (with its text, e.g. a 550), unreachable (connection refused or timed out), or ' +
        'not-configured (SMTP_URL is not set). A typed address counts against the mail-to-others limits (429 over them).',
      request: { body: jsonBody(testEmailSchema) },
      responses: { 200: jsonResponse('What the mail server answered', testMailAnswer), 429: errorResponse('Over a mail limit') },
    }),
    async (c) => {
      const viewer = (await getViewer(c))!;
      const { database, config, mailer } = c.var.deps;
      const to = c.req.valid('json').to || viewer.email;
      if (mailer.configured) {
        // An address typed here is someone else's inbox: counted as any person's mail to others is (issue 31), the admin's
        // role notwithstanding, so the button is no relay.
        await reserveMailToOthers(database.db, { key: `user:${viewer.userId}`, ownEmail: viewer.email }, [to], config.mailToOthers).catch(
          (error: unknown) => {
            if (error instanceof MailLimitReached) c.set('wroteNothing', true);
            throw error;
          },
        );
      }
      const identity = await mailer.identity();
      return c.json(await sendTestMail(config, identity, { to, adminName: viewer.name }), 200);
    },
  );
