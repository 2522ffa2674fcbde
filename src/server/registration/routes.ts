// /api/registrations: a signed-in leader registers one or several teams.
import { errorFields } from '../logger';
import { z } from '@hono/zod-openapi';
import { getViewer, type AppContext } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { unauthenticated } from '../http/errors';
import { registrationMessage } from '../mail/templates';
import { checkInCodesOfTeams } from '../check-in/code-check-in';
import { formatMoney } from '../../shared/money';
import { multiTeamSchema, singlePlaceSchema } from '../../shared/team-schemas';
import { AppError } from '../http/errors';
import { createCheckout, linesOf, TEAMS_RETURN } from '../payments/checkout';
import { idempotencyKeySchema } from '../../shared/payment-schemas';
import { instant, named } from '../http/answer-fields';
import { sendInvitations } from '../golfer-answers/invitations';
import { isStaff } from '../../shared/roles';
import { registerParsedOnce, registrationAnswer, updateSavedAnswer, type ParsedRegistration } from './service';
import { reserveForRequest } from '../mail/reserve-for-request';
import { feeRuleOf } from '../settings/organisation';
import { insertFeeGift } from '../pricing/fee-gift';

type RegistrationAnswer = ReturnType<typeof registrationAnswer> & { checkoutUrl?: string; checkoutError?: string };

const registeredAnswer = z.object({
  teams: z.array(named),
  totalCents: z.number(),
  /** R24: when the places run out unless paid; null when nothing is held. */
  holdUntil: instant.nullable(),
  /** Card payments on (R23): the Stripe payment page to go to. */
  checkoutUrl: z.string().optional(),
  checkoutError: z.string().optional(),
});

export const registrationRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'signed-in',
      summary: 'Register one or several teams of four at a sponsorship level (one transaction); e-mails the contact',
      description:
        "Refused whole with 409 when the level or the tournament has too few places left, when the account would hold more unpaid teams than UNPAID_TEAMS_LIMIT, or for 'Pay now' without card payments. An `Idempotency-Key` header (one per submitted form) makes a retry safe: the same key again answers the first answer and saves nothing (R27). With card payments on, a card registration answers `checkoutUrl`, the Stripe payment page.",
      request: {
        body: jsonBody(multiTeamSchema),
        // A waitlist offer's token (R25): the registration uses the places kept for it.
        query: z.object({
          offer: z
            .string()
            .regex(/^[\w-]{16,64}$/, 'This waitlist offer has expired or was already used')
            .optional(),
        }),
      },
      responses: {
        201: jsonResponse('Registered', registeredAnswer),
        409: errorResponse(
          'Not enough places left, registration has closed (the editing lock, R17), the account holds its most unpaid teams, or card payments are not connected',
        ),
        429: errorResponse('The e-mails it would send (the contact’s, the golfers’ links) pass a daily limit: nothing saved'),
      },
    }),
    async (c) => register(c, { kind: 'team', input: c.req.valid('json') }, c.req.valid('query').offer),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/single',
      access: 'signed-in',
      summary: 'Buy a single place (one golfer) at a level that sells them (R43); staff pair singles into teams later',
      description:
        'The same path as a team: card or hold (R23, R24), an `Idempotency-Key` header (R27), capacity counted in golfer places (R13) and refused whole with 409 when none is left, or when the account would hold more unpaid places than UNPAID_PLACES_LIMIT.',
      request: { body: jsonBody(singlePlaceSchema) },
      responses: {
        201: jsonResponse('Registered', registeredAnswer),
        409: errorResponse(
          'No place left, registration has closed (the editing lock, R17), the account holds its most unpaid places, or card payments are not connected',
        ),
        429: errorResponse('The confirmation to an address not the account’s own passes a daily limit: nothing saved'),
      },
    }),
    async (c) => register(c, { kind: 'single', input: c.req.valid('json') }),
  );

const holdUntilFormats = new Map<string, Intl.DateTimeFormat>();
/** The hold's deadline as the e-mail words it, one formatter per time zone (building one costs ~0.1 ms, a race has hundreds). */
function holdUntilFormat(timeZone: string) {
  let format = holdUntilFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' });
    holdUntilFormats.set(timeZone, format);
  }
  return format;
}

/** The addresses a registration mails: its contact, and each golfer asked to answer for themselves (R42). */
function mailedBy(parsed: ParsedRegistration): string[] {
  if (parsed.kind === 'single') return [parsed.input.email];
  const asked = parsed.input.teams.flatMap((t) => t.players.filter((p) => p.answeredBy === 'golfer').map((p) => p.email));
  return [parsed.input.contactEmail, ...asked];
}

/** Registers teams or a single place, then mails the contact and, for a card registration, opens Stripe Checkout. */
async function register(c: AppContext, parsed: ParsedRegistration, offerToken?: string) {
  const viewer = await getViewer(c);
  if (!viewer) throw unauthenticated();
  const { database, config, mailer, logger, now, stripe } = c.var.deps;
  const keyHeader = c.req.header('idempotency-key');
  const key = keyHeader === undefined ? undefined : idempotencyKeySchema.safeParse(keyHeader);
  if (key && !key.success) throw new AppError('BAD_REQUEST', key.error.issues[0]!.message);
  const idempotencyKey = key?.data;

  // The confirmation and the golfers' links go to addresses the leader typed: counted first, all or none (issue 31).
  const release = await reserveForRequest(c, mailedBy(parsed), idempotencyKey);
  const fee = feeRuleOf(await c.var.deps.organisation.read());
  const outcome = await registerParsedOnce(database.db, viewer.userId, parsed, now(), config.timeZone, {
    fee,
    holdHours: config.holdHours,
    cardPayments: stripe !== null,
    // Staff add teams for others without any limit (admin → Teams); the limit is against strangers (decision 094).
    unpaidLimit: isStaff(viewer.role) ? null : config.unpaidPerAccount,
    idempotencyKey,
    offerToken,
  }).catch(async (error: unknown) => {
    // A refusal (sold out, closed, a bad level or offer) is decided before anything is written, or rolled back with it.
    if (error instanceof AppError) c.set('wroteNothing', true);
    await release();
    throw error;
  });
  if ('replay' in outcome) {
    await release();
    c.set('wroteNothing', true);
    // The same form sent again (a retry after a dropped connection): the first answer, nothing saved, no second e-mail.
    c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.replay.body as RegistrationAnswer, outcome.replay.status as 201);
  }
  const registration = outcome;
  logger.info('teams registered', { userId: viewer.userId, teams: registration.teams.length, level: registration.levelName });

  const money = (cents: number) => formatMoney(cents, config.currency);
  const holdUntil = registration.holdUntil ? holdUntilFormat(config.timeZone).format(registration.holdUntil) : null;
  // R61: every golfer's check-in code, as a QR in the confirmation (read back: the database made them).
  const checkInCodes = await checkInCodesOfTeams(
    database.db,
    registration.teams.map((t) => t.id),
  ).catch((error: unknown) => {
    logger.error('check-in codes for the confirmation e-mail failed', errorFields(error));
    return [];
  });
  const message = registrationMessage({
    ...registration,
    checkInCodes,
    amount: money(registration.priceCents),
    total: money(registration.totalCents),
    holdUntil,
    dashboardUrl: `${config.appUrl}/register`,
    giveUrl: `${config.appUrl}/give?tournament=${parsed.input.tournamentId}`,
  });
  // The registration stands even if the mail server is down; the failure is logged for staff.
  mailer
    .send({ to: registration.contactEmail, ...message })
    .catch((error) => logger.error('registration e-mail failed', errorFields(error)));
  // Golfers asked to answer for themselves get their personal link (R42).
  void sendInvitations(c.var.deps, registration.invitations, registration.tournament);

  let answer: RegistrationAnswer = registrationAnswer(registration);
  if (registration.paymentOption === 'pay' && stripe && registration.totalCents > 0) {
    // The places are taken; the browser goes on to Stripe. If Stripe cannot be reached the registration still stands
    // and 'Pay now' on the team card tries again.
    try {
      // R58: the covered fee is a gift paid in the same session as the teams.
      const feeGiftId = await insertFeeGift(database.db, {
        tournamentId: parsed.input.tournamentId,
        userId: viewer.userId,
        buyerName: registration.contactName,
        buyerEmail: registration.contactEmail,
        feeCents: registration.price.feeCents,
        holdUntil: registration.holdUntil,
      });
      const checkout = await createCheckout(database.db, stripe, {
        lines: [
          ...linesOf(
            'team',
            registration.teams.map((t) => t.id),
          ),
          ...linesOf('purchase', feeGiftId ? [feeGiftId] : []),
        ],
        userId: viewer.userId,
        appUrl: config.appUrl,
        currency: config.currency,
        ...TEAMS_RETURN,
      });
      answer = registrationAnswer(registration, { checkoutUrl: checkout.url });
      if (idempotencyKey) await updateSavedAnswer(database.db, viewer.userId, idempotencyKey, answer);
    } catch (error) {
      logger.error('checkout session failed', { error: String(error) });
      answer = registrationAnswer(registration, {
        checkoutError: 'The payment page could not be opened. Use Pay now on your team card to try again.',
      });
    }
  }
  return c.json(answer, 201);
}
