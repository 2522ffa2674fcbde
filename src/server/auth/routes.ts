// /api/auth: the better-auth endpoints we use, behind our checks. Every other better-auth path answers 404.
import { z } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import proxyAddr from 'proxy-addr';
import type { MiddlewareHandler } from 'hono';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { AppError, rateLimited } from '../http/errors';
import type { AppContext, AppEnv } from '../http/context';
import type { Config } from '../config';
import { blockedFor, failWithDelay, giveBack, hitWindow, reset } from './rate-limit';
import { CLIENT_IP_HEADER } from './auth';
import { assertNotCommon } from './common-passwords';
import { getViewer } from '../http/context';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  INVALID_RESET_LINK,
  loginSchema,
  resetPasswordSchema,
} from '../../shared/account-schemas';

/** '3 minutes', '1 minute', '40 seconds': how long to wait, rounded up. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const tooManyAttempts = (seconds: number) => `Too many sign-in attempts. Please try again in ${waitText(seconds)}.`;
export const tooManyForAccount = (seconds: number) =>
  `Too many failed sign-ins for this account. Please try again in ${waitText(seconds)}.`;
export const tooManyResets = (seconds: number) => `Too many reset requests. Please try again in ${waitText(seconds)}.`;
/** R33's answer to a reset request, whether or not the e-mail has an account. */
export const RESET_SENT = 'If an account exists for that e-mail, we sent a link';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** Answers kept per TRUST_PROXY matcher (a test may run several configurations in one process). */
const forwardedAnswers = new WeakMap<NonNullable<Config['trustedProxy']>, Map<string, string>>();
/** Enough for the distinct (proxy, chain) pairs of a busy minute; past it the oldest goes. */
const FORWARDED_ANSWERS_KEPT = 1024;
/** A longer chain is worked out each time rather than kept (a client can write anything before the proxy's entry). */
const FORWARDED_KEY_MAX = 200;

/**
 * The client of a request from `socketAddress` carrying `forwardedFor`, by proxy-addr: the same answer for the same pair,
 * so it is kept. Behind Caddy every request repeats a pair already seen (the proxy's address and its visitor's), and
 * proxy-addr parses each address of the chain with ipaddr.js every time: the one cost of a request that differed
 * between straight and behind Caddy in the portal's profile (docs/decisions/124). The key holds both halves, so a pair
 * from an untrusted peer is never answered from a trusted peer's entry.
 */
export function forwardedClient(
  socketAddress: string,
  forwardedFor: string | undefined,
  trust: NonNullable<Config['trustedProxy']>,
): string {
  const work = () => proxyAddr({ socket: { remoteAddress: socketAddress }, headers: { 'x-forwarded-for': forwardedFor } } as never, trust);
  const key = `${socketAddress} ${forwardedFor ?? ''}`;
  if (key.length > FORWARDED_KEY_MAX) return work();
  let kept = forwardedAnswers.get(trust);
  if (!kept) forwardedAnswers.set(trust, (kept = new Map()));
  let answer = kept.get(key);
  if (answer === undefined) {
    answer = work();
    if (kept.size >= FORWARDED_ANSWERS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, answer);
  }
  return answer;
}

/**
 * The caller's address (R48): the socket's, unless the socket's peer is a proxy in TRUST_PROXY. Then `X-Forwarded-For`
 * is read from the right, each trusted hop skipped, and the first untrusted address is the client (proxy-addr, the logic
 * Express uses). `Forwarded` is not read (docs/decisions/097). A header from anyone else changes nothing.
 */
export const clientIp: MiddlewareHandler<AppEnv> = async (c, next) => {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (tests) have no socket.
  }
  const trust = c.var.deps.config.trustedProxy;
  let ip = socketAddress ?? 'local';
  if (trust && socketAddress) ip = forwardedClient(socketAddress, c.req.header('x-forwarded-for'), trust);
  // One spelling per client: a dual-stack socket writes an IPv4 peer as ::ffff:a.b.c.d, a proxy's header as a.b.c.d.
  c.set('clientIp', ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1'));
  await next();
};

/** Removes session tokens from a JSON answer: the cookie carries them, and page scripts must never see them (R5). */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'token')
        .map(([k, v]) => [k, withoutTokens(v)]),
    );
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
  const payload = response.ok ? withoutTokens(data) : new AppError('BAD_REQUEST', data?.message ?? 'Request failed').toBody();
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
      request: { body: jsonBody(loginSchema) },
      responses: {
        200: { description: 'Signed in', content: { 'application/json': { schema: passThrough } } },
        401: errorResponse('Invalid email or password'),
        403: errorResponse('E-mail not confirmed yet'),
        429: errorResponse('Too many attempts; the message says when to try again (also in Retry-After)'),
      },
    }),
    async (c) => {
      const { database, limits, logger } = c.var.deps;
      const db = database.db;
      const { email, password } = c.req.valid('json');
      // R34: per account and address (10 failures in the window, then that pair waits), per account across addresses (a
      // growing delay, never a lock), per address (failures only). Attempts are counted before the password is checked, so
      // parallel guesses cannot slip past the limit, and given back when they turn out not to be failures.
      const accountKey = `sign-in:email:${email}`;
      const pairKey = `sign-in:pair:${c.var.clientIp}:${email}`;
      const addressKey = `sign-in:ip:${c.var.clientIp}`;
      const wait = await blockedFor(db, accountKey);
      // A refusal is logged with the client's address by app.ts's error handler, as every 429 is.
      if (wait > 0) throw rateLimited(c, wait, tooManyForAccount(wait));
      const [pair, address] = await Promise.all([
        hitWindow(db, pairKey, limits.windowSeconds),
        hitWindow(db, addressKey, limits.windowSeconds),
      ]);
      const pairOver = pair.count > limits.signInPerAccount;
      if (pairOver || address.count > limits.signInPerAddress) {
        await Promise.all([giveBack(db, pairKey), giveBack(db, addressKey)]);
        const seconds = pairOver ? pair.retryAfterSeconds : address.retryAfterSeconds;
        throw rateLimited(c, seconds, tooManyAttempts(seconds));
      }
      // callbackURL: where the fresh confirmation link sent to an unconfirmed account returns to (R7).
      const callbackURL = `${c.var.deps.config.appUrl}/register`;
      const response = await forward(c, JSON.stringify({ email, password, callbackURL }));
      if (response.status === 401) {
        await failWithDelay(db, accountKey, limits.windowSeconds, limits.accountDelayAfter, limits.accountDelayMaxSeconds);
        logger.warn('sign-in failed', {
          route: 'POST /api/auth/sign-in/email',
          code: 'INVALID_EMAIL_OR_PASSWORD',
          client: c.var.clientIp,
        });
      } else {
        // A success, or a right password on an unconfirmed account: not a failure for the pair or the address.
        await Promise.all([reset(db, pairKey), giveBack(db, addressKey)]);
      }
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
      // A union, not `.nullable()`: on a named schema that becomes allOf [AuthResult, object|null], which null fails.
      responses: { 200: jsonResponse('The session and its user; null when signed out', z.union([passThrough, z.null()])) },
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
      responses: {
        302: {
          description: 'Back to the portal (to `callbackURL` with `?error=…` when the link is not valid)',
          headers: { Location: { description: 'Where the browser goes next', required: true, schema: { type: 'string' } } },
        },
        401: errorResponse('The link is not valid or has expired (asked without `callbackURL`)'),
        403: errorResponse('`callbackURL` is not an address of this portal'),
      },
    }),
    async (c) => (await forward(c)) as never,
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/request-password-reset',
      access: 'public',
      summary: "'Forgot password?': e-mails a reset link that works once, for one hour",
      description: 'Answers the same whether or not the e-mail has an account. Limited per e-mail and per address.',
      request: { body: jsonBody(forgotPasswordSchema) },
      responses: {
        200: { description: RESET_SENT, content: { 'application/json': { schema: z.object({ message: z.string() }) } } },
        429: errorResponse('Too many reset requests; the message says when to try again'),
      },
    }),
    async (c) => {
      const { database, limits, config } = c.var.deps;
      const { email } = c.req.valid('json');
      const [perEmail, perAddress] = await Promise.all([
        hitWindow(database.db, `reset:email:${email}`, limits.windowSeconds),
        hitWindow(database.db, `reset:ip:${c.var.clientIp}`, limits.windowSeconds),
      ]);
      if (perEmail.count > limits.resetPerAccount)
        throw rateLimited(c, perEmail.retryAfterSeconds, tooManyResets(perEmail.retryAfterSeconds));
      if (perAddress.count > limits.resetPerAddress)
        throw rateLimited(c, perAddress.retryAfterSeconds, tooManyResets(perAddress.retryAfterSeconds));
      const response = await forward(c, JSON.stringify({ email, redirectTo: `${config.appUrl}/reset-password` }));
      if (!response.ok) return response as never;
      return c.json({ message: RESET_SENT }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/reset-password',
      access: 'public',
      summary: "The reset page: sets a new password with the link's token and ends every session of the account",
      request: { body: jsonBody(resetPasswordSchema) },
      responses: {
        200: {
          description: 'Password set; sign in with it',
          content: { 'application/json': { schema: z.object({ status: z.boolean() }) } },
        },
      },
    }),
    async (c) => {
      const { token, newPassword } = c.req.valid('json');
      assertNotCommon(newPassword, 'newPassword');
      const response = await forward(c, JSON.stringify({ token, newPassword }));
      if (response.status === 400) throw new AppError('VALIDATION', INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
      return response as never;
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/change-password',
      access: 'signed-in',
      summary: "Changes the signed-in user's password (current password asked) and ends every other session",
      description: 'Wrong current passwords count as failed sign-ins of the account (the same growing delay).',
      request: { body: jsonBody(changePasswordSchema) },
      responses: {
        200: { description: 'Changed; this browser gets a fresh session', content: { 'application/json': { schema: passThrough } } },
        429: errorResponse('Too many wrong current passwords; the message says when to try again'),
      },
    }),
    async (c) => {
      const { database, limits, logger } = c.var.deps;
      const viewer = await getViewer(c);
      const { currentPassword, newPassword } = c.req.valid('json');
      assertNotCommon(newPassword, 'newPassword');
      const accountKey = `sign-in:email:${viewer!.email}`;
      const wait = await blockedFor(database.db, accountKey);
      if (wait > 0) throw rateLimited(c, wait, tooManyForAccount(wait));
      const response = await forward(c, JSON.stringify({ currentPassword, newPassword, revokeOtherSessions: true }));
      if (response.status === 400) {
        await failWithDelay(database.db, accountKey, limits.windowSeconds, limits.accountDelayAfter, limits.accountDelayMaxSeconds);
        logger.warn('change-password refused', {
          route: 'POST /api/auth/change-password',
          userId: viewer!.userId,
          code: 'INVALID_PASSWORD',
        });
        throw new AppError('VALIDATION', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
      }
      if (response.ok) logger.info('password changed, other sessions ended', { userId: viewer!.userId });
      return response as never;
    },
  )
  .all('/*', (c) => {
    throw new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`);
  });
