// Start-up: settings, database and migrations, then one process serving the API and the built client.
import { fileURLToPath } from 'node:url';
import { issueSetupToken, SETUP_TOKEN_HOURS } from './setup/service';
import { createApp } from './app';
import { buildDeps, openConfiguredDatabase, organisationMailer } from './bootstrap';
import { ConfigError, databaseName, loadConfig, type Config } from './config';
import { loadStaticAssets } from './http/static-assets';
import { listen } from './http/listener';
import { startHoldSweeper } from './holds/sweeper';
import { startAuctionCloser } from './auction/closer';
import { startMessageSender } from './messages/sender';
import { startGolferReminders } from './golfer-answers/reminders';
import { serveBackupSocket } from './backups/backup-socket';
import { copyFailureFields, prepareBackupDir, startScheduledCopies } from './backups/scheduled-copies';
import { errorFields } from './logger';

const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

let config: Config;
try {
  config = loadConfig();
  if (config.backups) prepareBackupDir(config.backups.dir);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const started = performance.now();
const database = await openConfiguredDatabase(config).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const deps = await buildDeps(config, database);
const { logger } = deps;
const assets = config.serveClient ? loadStaticAssets(CLIENT_DIR) : undefined;
if (config.serveClient && !assets?.has('/index.html'))
  logger.warn('The client is not built: run `npm run build` (npm start does it for you).');

// Holds whose deadline passed while the server was down expire now, before the first request; then every minute (R24).
const sweeper = startHoldSweeper({ db: database.db, config, mailer: deps.mailer, logger, now: deps.now, settle: deps.sessions.settle });
await sweeper.runOnce().catch((error) => logger.error('hold sweep failed', { error: String(error) }));
// R42: the one reminder to golfers who have not answered, 7 days before the editing lock.
const golferReminders = startGolferReminders({ db: database.db, config, mailer: deps.mailer, logger, now: deps.now });
void golferReminders.runOnce().catch((error) => logger.error('golfer reminders failed', { error: String(error) }));

// Messages to the field (R45) queued before a restart, or by another process, go out from here too.
// One kept-open connection to the mail server: a message to the whole field is thousands of e-mails sent one after another.
const messageMailer = organisationMailer(config, deps.organisation, logger, 1);
const messageSender = startMessageSender({ db: database.db, config, mailer: messageMailer, logger, now: deps.now });
void messageSender.runOnce().catch((error) => logger.error('message sending failed', { error: String(error) }));
// R55: auction lots close at their time (pages reading lots close them too); winners' e-mails go through the queue above.
const auctionCloser = startAuctionCloser({ db: database.db, config, logger, now: deps.now });
void auctionCloser.runOnce().catch((error) => logger.error('auction closing failed', { error: String(error) }));

// Backups (R46): the embedded database serves this process only, so `npm run backup` asks it through the data folder.
const stopBackupSocket =
  database.kind === 'pglite'
    ? await serveBackupSocket(database, config.dataDir, logger).catch((error) => {
        logger.warn('npm run backup cannot reach this server (it can while the server is stopped)', errorFields(error));
        return null;
      })
    : null;
const copies = config.backups ? startScheduledCopies({ database, schedule: config.backups, logger, now: deps.now }) : null;
// A period without its copy (a first start, or one that began while the server was down) gets it now, in the background.
void copies?.runOnce().catch((error) => logger.error('scheduled backup failed', copyFailureFields(config.backups!, error)));

const app = createApp(deps, { assets });
const server = listen(app.fetch, config.port, () => {
  const where = databaseName(config);
  logger.info(
    `Golf tournament portal on ${config.appUrl} (port ${config.port}), using ${where}; ready in ${Math.round(performance.now() - started)} ms`,
  );
  if (!deps.mailer.configured) logger.info('SMTP_URL is not set: e-mail links are printed here and accounts need no confirmation.');
});

// R50: while no admin exists, a one-time address makes the first one (R3's command still works).
const setupToken = await issueSetupToken(database.db, deps.now());
if (setupToken) {
  logger.info(
    `No admin yet. Open ${config.appUrl}/setup/${setupToken} to create one (works once, for ${SETUP_TOKEN_HOURS} hours; a restart prints a new address), or run: npm run create-admin -- --email you@example.org --password 'a-long-password'`,
  );
}

/**
 * R49: a stop asked for by a service manager (SIGTERM, also through npm start: its script execs the server) or a terminal
 * (SIGINT) is over within this, whatever is left; 1 s below the 10 s the rule allows, for the exit itself.
 */
const STOP_DEADLINE_MS = 9_000;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  const began = performance.now();
  logger.info(`${signal}: stopping (requests under way, the e-mail being sent and the live boards' streams end first)`);
  /** What has not finished yet, named in the line the deadline logs. */
  const pending = new Set<string>();
  const step = <T>(name: string, work: Promise<T>) => {
    pending.add(name);
    return work.finally(() => pending.delete(name));
  };
  const deadline = setTimeout(() => {
    logger.error(`${signal}: not stopped after ${STOP_DEADLINE_MS / 1000} s, exiting anyway`, { waitingFor: [...pending].join(', ') });
    process.exit(1);
  }, STOP_DEADLINE_MS);
  deadline.unref();
  try {
    const served = step('requests under way', server.close());
    // The streams end now with a retry hint (server.close waits for them otherwise): the browsers re-open them elsewhere.
    const streamsEnded = step(
      'live-board streams',
      Promise.all([deps.leaderboardFeed.close(), deps.paddleRaiseFeed.close(), deps.auctionFeed.close()]),
    );
    // The background work stops at its next safe point: the message sender after the e-mail it is sending (handing back the
    // rest of its batch), a scheduled copy at once (its period released), the sweeps after their pass.
    await Promise.all([
      step('hold sweep', sweeper.stop()),
      step('message sender', messageSender.stop()),
      step('auction closer', auctionCloser.stop()),
      step('golfer reminders', golferReminders.stop()),
      step('scheduled backup copy', copies?.stop() ?? Promise.resolve()),
      step('backup socket', stopBackupSocket?.() ?? Promise.resolve()),
    ]);
    messageMailer.close?.();
    await streamsEnded;
    // The requests under way need the database and the sessions' LISTEN connection (a write waits for settle()).
    await served;
    await step('sessions', deps.sessions.close());
    await step('database', database.close());
    logger.info(`${signal}: stopped in ${Math.round(performance.now() - began)} ms`);
    process.exit(0);
  } catch (error) {
    logger.error(`${signal}: stopping failed`, errorFields(error));
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
