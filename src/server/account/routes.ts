// /api/account: sign-up, the signed-in user, and their profile.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { getViewer } from '../http/context';
import { AppError, rateLimited, unauthenticated } from '../http/errors';
import { errorFields } from '../logger';
import { hitWindow } from '../auth/rate-limit';
import { waitText } from '../auth/routes';
import { accountExistsMessage } from '../mail/templates';
import { createUserAccount, findUserByEmail, getMe, updateProfile } from './service';
import { meSchema } from './schemas';
import { profileSchema, signUpSchema } from '../../shared/account-schemas';

export const accountRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/sign-up',
      access: 'public',
      summary: 'Create an account (team leader) with its profile; sends the confirmation e-mail',
      request: { body: jsonBody(signUpSchema) },
      description:
        'Answers the same whether or not the e-mail already has an account (R34): its owner then gets an e-mail saying so, with a link to reset the password. Limited per address.',
      responses: {
        201: jsonResponse(
          'Created, or the e-mail already had an account (the same answer)',
          z.object({ requiresConfirmation: z.boolean() }),
        ),
        429: errorResponse('Too many sign-ups from this address; the message says when to try again'),
      },
    }),
    async (c) => {
      const { config, database, auth, mailer, logger, limits } = c.var.deps;
      const input = c.req.valid('json');
      const perAddress = await hitWindow(database.db, `sign-up:ip:${c.var.clientIp}`, limits.windowSeconds);
      if (perAddress.count > limits.signUpPerAddress) {
        throw rateLimited(
          c,
          perAddress.retryAfterSeconds,
          `Too many sign-ups from this address. Please try again in ${waitText(perAddress.retryAfterSeconds)}.`,
        );
      }
      let created: { id: string; email: string };
      try {
        created = await createUserAccount(database.db, input);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        // The e-mail has an account: tell its owner (not the caller), and answer as for a new account.
        const existing = await findUserByEmail(database.db, input.email);
        if (existing) {
          const message = accountExistsMessage({
            firstName: existing.name.split(' ')[0] ?? '',
            resetUrl: `${config.appUrl}/forgot-password`,
            signInUrl: `${config.appUrl}/auth`,
          });
          // Awaited like the confirmation e-mail of a new account, so the answer takes as long either way.
          await mailer
            .send({ to: existing.email, ...message, link: `${config.appUrl}/forgot-password` })
            .catch((mailError: unknown) =>
              logger.error('account-exists e-mail failed', { userId: existing.id, ...errorFields(mailError) }),
            );
          logger.info('sign-up for an existing account: owner told by e-mail', { userId: existing.id });
        }
        return c.json({ requiresConfirmation: mailer.configured }, 201);
      }
      logger.info('account created', { userId: created.id });
      try {
        await auth.api.sendVerificationEmail({ body: { email: created.email, callbackURL: `${config.appUrl}/register` } });
      } catch (error) {
        // The account stands; signing in sends the confirmation again (sendOnSignIn).
        logger.error('confirmation e-mail failed', { userId: created.id, ...errorFields(error) });
      }
      return c.json({ requiresConfirmation: mailer.configured }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/me',
      access: 'public',
      summary: 'The signed-in user and profile, or null',
      noStore: true,
      responses: { 200: jsonResponse('OK', z.object({ me: meSchema.nullable() })) },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      const { database, userAnswers } = c.var.deps;
      const me = viewer ? await userAnswers.read('me', viewer.userId, () => getMe(database.db, viewer.userId)) : null;
      return c.json({ me }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/profile',
      access: 'signed-in',
      summary: "Update the signed-in user's own profile",
      request: { body: jsonBody(profileSchema) },
      responses: { 200: jsonResponse('Updated', z.object({ me: meSchema })) },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      if (!viewer) throw unauthenticated();
      const db = c.var.deps.database.db;
      await updateProfile(db, viewer.userId, c.req.valid('json'));
      return c.json({ me: (await getMe(db, viewer.userId))! }, 200);
    },
  );
