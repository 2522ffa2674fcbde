// /api/auth: the better-auth endpoints we use, behind our checks. Every other better-auth path answers 404.
import { z } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { createRouter, defineRoute } from '../http/define-route';
import { AppError } from '../http/errors';
import type { AppContext, AppEnv } from '../http/context';
import { hit, reset } from './rate-limit';
import { CLIENT_IP_HEADER } from './auth';
import { loginSchema } from '../../shared/account-schemas';

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** The caller's address from the socket (never from a header a client can set). */
export const clientIp: MiddlewareHandler<AppEnv> = async (c, next) => {
  let ip = 'local';
  try {
    ip = getConnInfo(c).remote.address ?? 'local';
  } catch {
    // In-process requests (tests) have no socket.
  }
  c.set('clientIp', ip);
  await next();
};

/** Removes session tokens from a JSON answer: the cookie carries them, and page scripts must never see them (R5). */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'token').map(([k, v]) => [k, withoutTokens(v)]));
  }
  return value;
}

/**
 * Hands the request to better-auth with our client-address header in place of any the client sent, and answers in our
 * error shape without tokens.
 */
async function forward(c: AppContext, body?: string): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.var.clientIp);
  const init: RequestInit = { method: c.req.method, headers };
  if (body !== undefined) {
    init.body = body;
    headers.set('content-type', 'application/json');
  }
  const response = await c.var.deps.auth.handler(new Request(c.req.url, init));
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  // Redirects (the e-mail confirmation link) come labelled as JSON with an empty body: pass them on as they are.
  const text = await response.text();
  if (!text) return new Response(null, { status: response.status, headers: response.headers });
  const data = JSON.parse(text) as { message?: string; code?: string } | null;
  const out = new Headers(response.headers);
  out.delete('content-length');
  out.set('cache-control', 'no-store');
  const payload = response.ok
    ? withoutTokens(data)
    : new AppError('BAD_REQUEST', data?.message ?? 'Request failed').toBody();
  if (!response.ok) (payload as { error: { code: string } }).error.code = data?.code ?? 'AUTH_ERROR';
  return new Response(JSON.stringify(payload), { status: response.status, headers: out });
}

const passThrough = z.looseObject({}).openapi('AuthResult');

export const authRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/sign-in/email',
      access: 'public',
      summary: 'Sign in with e-mail and password; sets the session cookie',
      description: 'Rate limited per account and per address. The answer never says whether an e-mail is registered.',
      request: { body: { required: true, content: { 'application/json': { schema: loginSchema } } } },
      responses: {
        200: { description: 'Signed in', content: { 'application/json': { schema: passThrough } } },
        401: { description: 'Invalid email or password' },
        403: { description: 'E-mail not confirmed yet' },
        429: { description: TOO_MANY_ATTEMPTS },
      },
    }),
    async (c) => {
      const { database, limits, logger } = c.var.deps;
      const { email, password } = c.req.valid('json');
      const accountKey = `sign-in:email:${email}`;
      const [perAccount, perAddress] = await Promise.all([
        hit(database.db, accountKey, limits.windowSeconds),
        hit(database.db, `sign-in:ip:${c.var.clientIp}`, limits.windowSeconds),
      ]);
      if (perAccount > limits.signInPerAccount || perAddress > limits.signInPerAddress) {
        logger.warn('sign-in refused: rate limit', { email, ip: c.var.clientIp });
        throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
      }
      // callbackURL: where the fresh confirmation link sent to an unconfirmed account returns to (R7).
      const callbackURL = `${c.var.deps.config.appUrl}/register`;
      const response = await forward(c, JSON.stringify({ email, password, callbackURL }));
      if (response.ok) await reset(database.db, accountKey);
      else logger.warn('sign-in failed', { email, ip: c.var.clientIp, status: response.status });
      return response as never;
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/sign-out',
      access: 'public',
      summary: 'Sign out: ends the session and clears its cookie',
      responses: { 200: { description: 'Signed out', content: { 'application/json': { schema: passThrough } } } },
    }),
    async (c) => (await forward(c, '{}')) as never,
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/get-session',
      access: 'public',
      summary: 'The current session and user, or null',
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: passThrough.nullable() } } } },
    }),
    async (c) => (await forward(c)) as never,
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/verify-email',
      access: 'public',
      summary: 'The link in the confirmation e-mail: confirms the address, signs in and returns to /register',
      request: { query: z.object({ token: z.string().min(1), callbackURL: z.string().optional() }) },
      responses: { 302: { description: 'Back to the portal' } },
    }),
    async (c) => (await forward(c)) as never,
  )
  .all('/*', (c) => {
    throw new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`);
  });
