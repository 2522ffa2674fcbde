// Start-up: settings, database and migrations, then one process serving the API and the built client.
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { countAdmins } from './account/service';
import { createApp } from './app';
import { buildDeps, openConfiguredDatabase, organisationMailer } from './bootstrap';
import { ConfigError, databaseName, loadConfig, type Config } from './config';
import { loadStaticAssets } from './http/static-assets';
import { startHoldSweeper } from './holds/sweeper';
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
const server = serve({ fetch: app.fetch, port: config.port }, () => {
  const where = databaseName(config);
  logger.info(
    `Golf tournament portal on ${config.appUrl} (port ${config.port}), using ${where}; ready in ${Math.round(performance.now() - started)} ms`,
  );
  if (!deps.mailer.configured) logger.info('SMTP_URL is not set: e-mail links are printed here and accounts need no confirmation.');
});

if ((await countAdmins(database.db)) === 0) {
  logger.info("No admin yet. Create one with: npm run create-admin -- --email you@example.org --password 'a-long-password'");
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: shutting down`);
  server.close();
  await sweeper.stop();
  await messageSender.stop();
  messageMailer.close?.();
  await golferReminders.stop();
  await copies?.stop();
  await stopBackupSocket?.();
  // Ends the open leaderboard streams (server.close waits for them otherwise) and the LISTEN connection.
  await deps.leaderboardFeed.close();
  await deps.sessions.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
