// The signed-in check every request makes (R33, docs/decisions/065): the session cookie better-auth set, verified with the
// same secret, then the session with its user from this process's cache when session-changes.ts says it can be trusted,
// else read in one indexed statement (and cached). better-auth still signs in and out, resets and changes passwords and
// serves /api/auth/get-session; this only reads what it wrote, without its per-request machinery.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth';
import type { SessionChanges } from './session-changes';
import type { Database } from '../db/connect';
import type { Role } from '../../shared/roles';

/** The session cookie as better-auth names and sets it (its `authCookies.sessionToken`). */
export interface SessionCookie {
  name: string;
  attributes: { secure?: boolean; sameSite?: string; path?: string; httpOnly?: boolean; domain?: string };
}

/** The signed-in user as every request handler sees them (http/context.ts's getViewer). */
export interface Viewer {
  userId: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  name: string;
}

export interface SessionSettings {
  database: Database;
  secret: string;
  cookie: SessionCookie;
  /** better-auth's `session.expiresIn` and `session.updateAge`, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
  changes: SessionChanges;
  /** Sessions kept at most (the oldest cached goes first); 0 turns the cache off. */
  cacheSize?: number;
}

export interface SessionRead {
  viewer: Viewer | null;
  /** A Set-Cookie header to send: the session was renewed for another `expiresIn` (at most once per `updateAge`). */
  renewedCookie?: string;
}

export interface SessionReader {
  read(cookieHeader: string | undefined): Promise<SessionRead>;
  /** A request that ended sessions (sign-out, password change, deletion, demotion) waits on this before it answers. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** 10,000 sessions of ~0.3 KB: every signed-in phone of the largest outing, in ~3 MB. */
const SESSION_CACHE_SIZE = 10_000;

interface Cached {
  viewer: Viewer;
  /** Date.now() from which the session must be renewed, so read again (well before it ends: expiresIn > updateAge). */
  renewAt: number;
}

interface SessionRow {
  expires_at: Date;
  user_id: string;
  email: string;
  role: Role;
  email_verified: boolean;
  name: string;
}

const READ_SESSION = `select s.expires_at, u.id as user_id, u.email, u.role, u.email_verified, u.name
  from session s join "user" u on u.id = s.user_id where s.token = $1`;
// Only the first of several requests renewing the same session at once writes (the others see the new expiry).
const RENEW_SESSION = `update session set expires_at = $2, updated_at = $3 where token = $1 and expires_at <= $4`;

/** The value of the cookie `name` in a Cookie header, URL-decoded, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  let at = header.indexOf(`${name}=`);
  // The name must start the header or follow a separator ('x.better-auth.session_token' is another cookie).
  while (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';') at = header.indexOf(`${name}=`, at + 1);
  if (at < 0) return null;
  const start = at + name.length + 1;
  const end = header.indexOf(';', start);
  const raw = header.slice(start, end < 0 ? undefined : end).trim();
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The token of a cookie better-auth signed (`token.signature`, the signature base64 HMAC-SHA256 of the token with the
 * secret), or null when it is not one: better-call's getSignedCookie, with Node's HMAC instead of a WebCrypto key import
 * per request.
 */
export function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const token = value.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function renewedCookie(cookie: SessionCookie, value: string, maxAgeSeconds: number): string {
  const a = cookie.attributes;
  const parts = [`${cookie.name}=${encodeURIComponent(value)}`, `Max-Age=${maxAgeSeconds}`, `Path=${a.path ?? '/'}`];
  if (a.domain) parts.push(`Domain=${a.domain}`);
  if (a.httpOnly !== false) parts.push('HttpOnly');
  if (a.secure) parts.push('Secure');
  if (a.sameSite) parts.push(`SameSite=${a.sameSite[0]!.toUpperCase()}${a.sameSite.slice(1).toLowerCase()}`);
  return parts.join('; ');
}

export function createSessionReader(settings: SessionSettings): SessionReader {
  const { database, secret, cookie, expiresInSeconds, updateAgeSeconds, changes, cacheSize = SESSION_CACHE_SIZE } = settings;
  /** Signed cookie value → session; and each user's cached values, for evicting a user's sessions. */
  const cache = new Map<string, Cached>();
  const keysOf = new Map<string, Set<string>>();
  const forget = (key: string) => {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    const keys = keysOf.get(entry.viewer.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.viewer.userId);
  };
  changes.onChange((userId) => {
    if (userId === null) {
      cache.clear();
      keysOf.clear();
      return;
    }
    for (const key of keysOf.get(userId) ?? []) cache.delete(key);
    keysOf.delete(userId);
  });
  const keep = (key: string, entry: Cached) => {
    forget(key);
    if (cache.size >= cacheSize) forget(cache.keys().next().value!);
    cache.set(key, entry);
    let keys = keysOf.get(entry.viewer.userId);
    if (!keys) keysOf.set(entry.viewer.userId, (keys = new Set()));
    keys.add(key);
  };

  return {
    async read(cookieHeader) {
      const value = cookieValue(cookieHeader, cookie.name);
      if (!value) return { viewer: null };
      // The trust check and the lookup in the same tick: nothing can be heard between them. Keyed by the whole signed
      // value: a hit is a value whose signature was checked when it was cached.
      if (cacheSize > 0 && changes.trusted()) {
        const hit = cache.get(value);
        if (hit && Date.now() < hit.renewAt) return { viewer: hit.viewer };
      }
      const token = verifiedToken(value, secret);
      if (!token) return { viewer: null };
      const generation = changes.generation();
      const [row] = await database.prepared<SessionRow>('golf_read_session', READ_SESSION, [token]);
      const now = Date.now();
      if (!row || row.expires_at.getTime() <= now) return { viewer: null };
      // Shared by every request of this session while cached: never changed in place.
      const viewer: Viewer = Object.freeze({
        userId: row.user_id,
        email: row.email,
        role: row.role,
        emailVerified: row.email_verified,
        name: row.name,
      });
      // better-auth's rule: renewed once the session is updateAge old (expiresAt − expiresIn + updateAge ≤ now).
      const renewAt = row.expires_at.getTime() - (expiresInSeconds - updateAgeSeconds) * 1000;
      if (now < renewAt) {
        // Not if a change was heard during the read: the row may predate it.
        if (cacheSize > 0 && changes.generation() === generation) keep(value, { viewer, renewAt });
        return { viewer };
      }
      const renewAfter = new Date(now + (expiresInSeconds - updateAgeSeconds) * 1000);
      const expiresAt = new Date(now + expiresInSeconds * 1000);
      // The update's NOTIFY evicts this session everywhere; the next request reads (and caches) it renewed.
      await database.prepared('golf_renew_session', RENEW_SESSION, [token, expiresAt, new Date(now), renewAfter]);
      return { viewer, renewedCookie: renewedCookie(cookie, value!, expiresInSeconds) };
    },
    settle: () => changes.settle(),
    close: () => changes.close(),
  };
}

/**
 * better-auth's own getSession as the reader: how every request was checked before decision 065. Only for
 * bench/auth-throughput.ts's comparison in the same run (BENCH_SESSION_READ=better-auth).
 */
export function betterAuthSessionReader(auth: Auth): SessionReader {
  return {
    async read(cookieHeader) {
      const result = await auth.api.getSession({ headers: new Headers(cookieHeader ? { cookie: cookieHeader } : {}) });
      if (!result) return { viewer: null };
      const { user } = result;
      return {
        viewer: { userId: user.id, email: user.email, role: user.role as Role, emailVerified: user.emailVerified, name: user.name },
      };
    },
    settle: async () => undefined,
    close: async () => undefined,
  };
}
