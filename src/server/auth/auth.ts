// better-auth: e-mail and password accounts, sessions in the database behind HttpOnly cookies (R5–R7).
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import * as schema from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { confirmEmailMessage, resetPasswordMessage } from '../mail/templates';
import { hashPassword, verifyPassword } from './passwords';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/account-schemas';

/** The header our server sets from the socket address; any client value is replaced (see app.ts). */
export const CLIENT_IP_HEADER = 'x-golf-client-ip';

/** How long a password-reset link works (R33). */
export const RESET_LINK_SECONDS = 60 * 60;

export function createAuth(deps: { config: Config; db: Db; mailer: Mailer; logger: Logger; secret: string }) {
  const { config, db, mailer } = deps;
  return betterAuth({
    appName: 'Golf Tournament',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: [config.appOrigin],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'team_leader', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: mailer.configured,
      autoSignIn: !mailer.configured,
      password: { hash: hashPassword, verify: verifyPassword },
      // R33: the reset link works once (better-auth consumes it) for one hour, and ends every session of the account.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        // The link opens our reset page directly (no redirect through the API), which posts the token with the new password.
        const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const message = resetPasswordMessage({ firstName: user.name.split(' ')[0] ?? '', url });
        await mailer.send({ to: user.email, ...message, link: url });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in before confirming sends a fresh link: the first may have failed to send, or expired.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        const message = confirmEmailMessage({ firstName: user.name.split(' ')[0] ?? '', url });
        await mailer.send({ to: user.email, ...message, link: url });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No signed copy of the session in a cookie: such a copy stays valid until it expires, so sign-out, a password change,
      // a deletion or a demotion would not end it at once (R33, docs/decisions/020). Requests are checked by our own
      // reader (session-read.ts, docs/decisions/065); better-auth's getSession serves /api/auth/get-session.
      cookieCache: { enabled: false },
    },
    // Sign-in is rate limited by our own middleware, per account and per address, in the database (R4, R6).
    rateLimit: { enabled: false },
    // Sign-up goes through /api/account/sign-up, which also stores the profile.
    disabledPaths: ['/sign-up/email'],
    advanced: {
      // better-auth switches its origin and callback-URL checks off when NODE_ENV=test (vitest sets it): keep them on
      // everywhere, so tests see what production does.
      disableOriginCheck: false,
      useSecureCookies: config.secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // joins: the session and its user in one query (schema.ts declares the relations), the check every request makes.
      database: { generateId: () => randomBytes(16).toString('hex'), joins: true },
    },
    telemetry: { enabled: false },
    logger: {
      disabled: false,
      level: 'error',
      log: (level, message) => deps.logger[level](`[auth] ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
