// /api/setup/{token}: the first-run page's API (R50). Public, but guarded by the one-time token the server printed at start:
// an address that is not valid (unknown, used, expired, or an admin exists) answers 404 and changes nothing.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { AppError } from '../http/errors';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { firstAdminSchema, SETUP_LINK_INVALID } from '../../shared/account-schemas';
import { createFirstAdmin, isSetupTokenValid } from './service';

// Any text: a mistyped or guessed address gets the same 404 as a used one.
const tokenParam = z.object({ token: z.string().max(200) });
const invalidLink = { 404: errorResponse(SETUP_LINK_INVALID) };
const linkInvalid = () => new AppError('NOT_FOUND', SETUP_LINK_INVALID);

export const setupRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{token}',
      access: 'public',
      noStore: true,
      summary: 'Whether this first-run address still works (no admin yet, the token unused and under 24 hours old)',
      request: { params: tokenParam },
      responses: { 200: jsonResponse('It works', z.object({ valid: z.literal(true) })), ...invalidLink },
    }),
    async (c) => {
      const { database, now } = c.var.deps;
      if (!(await isSetupTokenValid(database.db, c.req.valid('param').token, now()))) throw linkInvalid();
      return c.json({ valid: true as const }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{token}',
      access: 'public',
      summary: 'Create the first admin (e-mail confirmed) and sign them in; the address then stops working',
      description: 'The same fields and rules as sign-up, without the company. Works once: two uses at the same time make one admin.',
      request: { params: tokenParam, body: jsonBody(firstAdminSchema) },
      responses: {
        201: jsonResponse('Created and signed in (the session cookie is set)', z.object({ email: z.string() })),
        ...invalidLink,
        409: errorResponse('The e-mail already has an account'),
      },
    }),
    async (c) => {
      const { database, auth, logger, now } = c.var.deps;
      const input = c.req.valid('json');
      const created = await createFirstAdmin(database.db, c.req.valid('param').token, input, now());
      if (!created) {
        c.set('wroteNothing', true);
        throw linkInvalid();
      }
      logger.info('first admin created through the setup address', { userId: created.id });
      // Signed in at once, as a sign-in would: better-auth makes the session and its cookie.
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, c.var.clientIp);
      const signedIn = await auth.api.signInEmail({
        body: { email: created.email, password: input.password },
        headers,
        returnHeaders: true,
      });
      for (const cookie of signedIn.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
      return c.json({ email: created.email }, 201);
    },
  );
