// A process that only sends the message queue, as main.ts does but with a short lease, retry delay and poll (R45's fault test
// and bench/messages.ts run several and kill one). Settings from the environment (DATABASE_URL, SMTP_URL, MAIL_FROM,
// MAIL_PER_MINUTE); `--lease-ms N --retry-ms N --max-attempts N` on the command line.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { createLogger } from '../logger';
import { organisationMailer } from '../bootstrap';
import { createOrganisationSettings } from '../settings/organisation';
import { startMessageSender } from '../messages/sender';

const { values } = parseArgs({
  options: { 'lease-ms': { type: 'string' }, 'retry-ms': { type: 'string' }, 'max-attempts': { type: 'string' } },
});
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
const logger = createLogger('warn');
const sender = startMessageSender(
  {
    db: database.db,
    config,
    // No sessions' channel here: the organisation is read from the database for each message.
    mailer: organisationMailer(config, createOrganisationSettings({ db: database.db, config, changes: null }), logger, 1),
    logger,
    now: () => new Date(),
  },
  {
    intervalMs: 200,
    leaseMs: Number(values['lease-ms'] ?? 3000),
    retryBaseMs: Number(values['retry-ms'] ?? 100),
    maxAttempts: Number(values['max-attempts'] ?? 10),
  },
);
// The sender's timer does not hold the process open (a server's socket does that in main.ts): this one does.
const keepAlive = setInterval(() => undefined, 60_000);
console.log('sender ready');
process.on('SIGTERM', () => {
  clearInterval(keepAlive);
  void sender
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
