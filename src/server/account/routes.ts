// /api/account: sign-up, the signed-in user, and their profile.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute } from '../http/define-route';
import { getViewer } from '../http/context';
import { unauthenticated } from '../http/errors';
import { createUserAccount, getMe, updateProfile } from './service';
import { profileSchema, signUpSchema } from '../../shared/account-schemas';

const meSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), role: z.enum(['team_leader', 'moderator', 'admin']), emailVerified: z.boolean() }),
    profile: z.object({ firstName: z.string(), lastName: z.string(), company: z.string() }),
  })
  .openapi('Me');

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

export const accountRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/sign-up',
      access: 'public',
      summary: 'Create an account (team leader) with its profile; sends the confirmation e-mail',
      request: { body: { required: true, ...json(signUpSchema) } },
      responses: {
        201: { description: 'Created', ...json(z.object({ requiresConfirmation: z.boolean() })) },
        409: { description: 'The e-mail already has an account' },
      },
    }),
    async (c) => {
      const { config, database, auth, mailer, logger } = c.var.deps;
      const created = await createUserAccount(database.db, c.req.valid('json'));
      logger.info('account created', { userId: created.id });
      try {
        await auth.api.sendVerificationEmail({ body: { email: created.email, callbackURL: `${config.appUrl}/register` } });
      } catch (error) {
        // The account stands; signing in sends the confirmation again (sendOnSignIn).
        logger.error('confirmation e-mail failed', { userId: created.id, error: String(error) });
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
      responses: { 200: { description: 'OK', ...json(z.object({ me: meSchema.nullable() })) } },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      const me = viewer ? await getMe(c.var.deps.database.db, viewer.userId) : null;
      c.header('Cache-Control', 'no-store');
      return c.json({ me }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/profile',
      access: 'signed-in',
      summary: "Update the signed-in user's own profile",
      request: { body: { required: true, ...json(profileSchema) } },
      responses: { 200: { description: 'Updated', ...json(z.object({ me: meSchema })) } },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      if (!viewer) throw unauthenticated();
      const db = c.var.deps.database.db;
      await updateProfile(db, viewer.userId, c.req.valid('json'));
      return c.json({ me: (await getMe(db, viewer.userId))! }, 200);
    },
  );
