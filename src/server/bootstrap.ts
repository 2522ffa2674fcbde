// Builds the app's dependencies from the settings: database (migrated), secret, mailer, auth. Used by main, the CLI and tests.
import { createAuth } from './auth/auth';
import { loadAuthSecret } from './auth/secret';
import { betterAuthSessionReader, createSessionReader } from './auth/session-read';
import { createSessionChanges } from './auth/session-changes';
import { createPerUserCache } from './http/per-user-cache';
import type { Config } from './config';
import { migrateDatabase, openDatabase, type Database } from './db/connect';
import type { AppDeps } from './http/context';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { createLeaderboardFeed } from './leaderboard/leaderboard-feed';
import { LEADERBOARD_PATCH_EVENT } from '../shared/stream-patch';
import { loadPaddleBoard, PADDLE_RAISE_CHANNEL, PADDLE_RAISE_EVENT, paddleRaiseTournaments } from './paddle-raise/service';
import { createAuctionFeed } from './auction/auction-feed';
import { createStreamSlots } from './leaderboard/stream-slots';
import { descriptorLimit, streamCaps } from './leaderboard/stream-limits';
import { createDecodeGate } from './images/decode-gate';
import { createStripeClient } from './payments/stripe-client';
import { createOrganisationSettings, mailFromParts, type OrganisationSettings } from './settings/organisation';

export const DEFAULT_LIMITS: AppDeps['limits'] = {
  signInPerAccount: 10,
  signInPerAddress: 100,
  windowSeconds: 15 * 60,
  accountDelayAfter: 20,
  accountDelayMaxSeconds: 60,
  signUpPerAddress: 10,
  resetPerAccount: 5,
  resetPerAddress: 20,
  // A donor gives once or twice; a dinner's appeal over the clubhouse Wi-Fi shares one address (decision 094).
  giftsPerAddress: 20,
  giftWindowSeconds: 60,
};

/** A mailer signing and sending as the stored organisation (R51): MAIL_FROM's address under the stored From name. */
export function organisationMailer(config: Config, organisation: OrganisationSettings, logger: Logger, pool?: number) {
  return createMailer(
    { smtpUrl: config.smtpUrl, from: mailFromParts(config.mailFrom).address, identity: () => organisation.read(), pool },
    logger,
  );
}

export async function openConfiguredDatabase(config: Config, options: { poolSize?: number } = {}): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: options.poolSize });
  await migrateDatabase(database);
  return database;
}

export async function buildDeps(
  config: Config,
  database: Database,
  overrides: {
    logger?: Logger;
    limits?: Partial<AppDeps['limits']>;
    now?: () => Date;
    /** bench/auth-throughput.ts's comparison: every request checked by better-auth's getSession, as before decision 065. */
    benchBetterAuthSessions?: boolean;
  } = {},
): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const changes = overrides.benchBetterAuthSessions ? null : createSessionChanges({ database, logger });
  const organisation = createOrganisationSettings({ db: database.db, config, changes });
  const mailer = organisationMailer(config, organisation, logger);
  const secret = await loadAuthSecret(database.db, config.authSecret);
  const auth = createAuth({ config, db: database.db, mailer, logger, secret });
  const { authCookies, sessionConfig } = await auth.$context;
  const sessions = !changes
    ? betterAuthSessionReader(auth)
    : createSessionReader({
        database,
        secret,
        cookie: authCookies.sessionToken,
        expiresInSeconds: sessionConfig.expiresIn,
        updateAgeSeconds: sessionConfig.updateAge,
        changes,
      });
  // A saved score goes to a page that has the board as the rows it changed (docs/decisions/128).
  const leaderboardFeed = createLeaderboardFeed({ database, logger, patchEventName: LEADERBOARD_PATCH_EVENT });
  const paddleRaiseFeed = createLeaderboardFeed({
    database,
    logger,
    channel: PADDLE_RAISE_CHANNEL,
    eventName: PADDLE_RAISE_EVENT,
    load: (id) => loadPaddleBoard(database.db, id),
    listActive: () => paddleRaiseTournaments(database.db),
  });
  const auctionFeed = createAuctionFeed({ database, logger });
  return {
    config,
    database,
    auth,
    sessions,
    mailer,
    logger,
    limits: { ...DEFAULT_LIMITS, ...overrides.limits },
    now: overrides.now ?? (() => new Date()),
    leaderboardFeed,
    paddleRaiseFeed,
    auctionFeed,
    streamSlots: createStreamSlots(streamCaps(descriptorLimit(), config.streamsPerAddress)),
    imageDecodes: createDecodeGate(),
    stripe: config.stripe ? createStripeClient(config.stripe) : null,
    userAnswers: createPerUserCache({ changes }),
    organisation,
  };
}
