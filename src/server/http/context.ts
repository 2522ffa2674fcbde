// What every request handler can reach: the app's dependencies and the signed-in viewer.
import type { Context } from 'hono';
import { AppError } from './errors';
import type { Auth } from '../auth/auth';
import type { SessionReader, Viewer } from '../auth/session-read';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { LeaderboardFeed } from '../leaderboard/leaderboard-feed';
import type { PaddleBoard } from '../paddle-raise/service';
import type { AuctionFeed } from '../auction/auction-feed';
import type { StreamSlots } from '../leaderboard/stream-slots';
import type { DecodeGate } from '../images/decode-gate';
import type { StripeClient } from '../payments/stripe-client';
import { isStaff } from '../../shared/roles';

import type { PerUserCache } from './per-user-cache';
import type { OrganisationSettings } from '../settings/organisation';

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** The signed-in check of every request (docs/decisions/065). */
  sessions: SessionReader;
  mailer: Mailer;
  logger: Logger;
  /**
   * R34, all per window of `windowSeconds`: sign-in failures per account and address together (`signInPerAccount`), per
   * address (`signInPerAddress`, failures only); per account across addresses a growing delay from the `accountDelayAfter`-th
   * failure (1, 2, 4 … up to `accountDelayMaxSeconds`); sign-ups per address; reset requests per e-mail and per address.
   * Gifts' Checkout sessions per address, per `giftWindowSeconds` (issue 31, R35).
   */
  limits: {
    signInPerAccount: number;
    signInPerAddress: number;
    windowSeconds: number;
    accountDelayAfter: number;
    accountDelayMaxSeconds: number;
    signUpPerAddress: number;
    resetPerAccount: number;
    resetPerAddress: number;
    giftsPerAddress: number;
    giftWindowSeconds: number;
  };
  /** The clock; tests move it to check time rules such as the editing lock. */
  now: () => Date;
  /** Live leaderboards: cached boards and their Server-Sent Events subscribers, refreshed across processes (R4, R22). */
  leaderboardFeed: LeaderboardFeed;
  /** The paddle raise's TV boards (R56): the leaderboard's feed machinery on a channel of its own. */
  paddleRaiseFeed: LeaderboardFeed<PaddleBoard>;
  /** The auction's live lots: each process's streams of them, fed by every process's bids through NOTIFY (R54). */
  auctionFeed: AuctionFeed;
  /** Live-board streams open per client address and in the process, capped (STREAMS_PER_ADDRESS; the descriptor limit). */
  streamSlots: StreamSlots;
  /** Image decodes under way in this process, at most two, a few more waiting (issue 31, docs/decisions/095). */
  imageDecodes: DecodeGate;
  /** Card payments (R23); null without the Stripe settings, and 'Pay now' then says so. */
  stripe: StripeClient | null;
  /** A signed-in user's own answers (their teams, who they are), cached per process where that is safe (per-user-cache.ts). */
  userAnswers: PerUserCache;
  /** The organisation's details (R51) as stored, cached per process and dropped at every change (settings/organisation.ts). */
  organisation: OrganisationSettings;
}

// Who is signed in: made by the session read (auth/session-read.ts), which needs nothing from here (docs/conventions.md rule 11).
export type { Viewer } from '../auth/session-read';

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    viewer: Viewer | null | undefined;
    clientIp: string;
    /** Set by a write that was refused before it changed anything: it need not wait for settle() (app.ts). */
    wroteNothing?: boolean;
    /**
     * false when the route declares that its writes change nothing a process caches (defineRoute's `writesCachedData`): it
     * need not wait for settle() either. Unset (the default): it waits.
     */
    writesCachedData?: false;
    /** The tournament whose live volunteer grant let this request through (define-route.ts, R60). */
    volunteerFor?: string;
  };
};
export type AppContext = Context<AppEnv>;

/** The signed-in user of this request, or null; looked up once per request. */
export async function getViewer(c: AppContext): Promise<Viewer | null> {
  const cached = c.get('viewer');
  if (cached !== undefined) return cached;
  const { viewer, renewedCookie } = await c.var.deps.sessions.read(c.req.header('cookie'));
  if (renewedCookie) c.header('Set-Cookie', renewedCookie, { append: true });
  c.set('viewer', viewer);
  return viewer;
}

/**
 * The viewer with their role as the database has it now. Sessions are read from the database on every request (no signed
 * cookie copy: R33, docs/decisions/020), so the viewer already is fresh; the name stays for the callers that rely on it.
 */
export async function getFreshViewer(c: AppContext): Promise<Viewer | null> {
  return getViewer(c);
}

/** Who is acting, for services that allow owners or staff: the signed-in user (required) and their standing. */
export async function getActor(c: AppContext): Promise<{ userId: string; staff: boolean; admin: boolean }> {
  const viewer = await getFreshViewer(c);
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'You must be signed in to do that');
  // A volunteer acts as staff on this request only: the guard found their live grant for the tournament the request names
  // (its team or golfer), so the service's staff path reaches that tournament's rows and no other (R60).
  const volunteer = c.get('volunteerFor') !== undefined;
  return { userId: viewer.userId, staff: isStaff(viewer.role) || volunteer, admin: viewer.role === 'admin' };
}
