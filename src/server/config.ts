// The one reader of process.env (R2). A bad value stops start-up with one line naming it.
import { resolve } from 'node:path';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

const portSchema = z.coerce.number().int().min(1).max(65535);

const envSchema = z.object({
  PORT: z.string().optional(),
  APP_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  TIME_ZONE: z.string().optional(),
  CURRENCY: z.string().optional(),
  AUTH_SECRET: z.string().optional(),
  LOG_LEVEL: z.string().optional(),
  SERVE_CLIENT: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().optional(),
  HOLD_HOURS: z.string().optional(),
  ORG_NAME: z.string().optional(),
  ORG_LEGAL_NAME: z.string().optional(),
  ORG_TAX_ID: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY_HOURS: z.string().optional(),
  BACKUP_KEEP: z.string().optional(),
  STREAMS_PER_ADDRESS: z.string().optional(),
  MAIL_PER_MINUTE: z.string().optional(),
  IMAGES_PER_HOUR: z.string().optional(),
  IMAGE_STORAGE_MB: z.string().optional(),
  UNPAID_TEAMS_LIMIT: z.string().optional(),
  UNPAID_PLACES_LIMIT: z.string().optional(),
  USER_MAIL_PER_DAY: z.string().optional(),
  USER_MAIL_PER_ADDRESS: z.string().optional(),
  METRICS_TOKEN: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
});

/** Scheduled backup copies (R46): present when BACKUP_DIR is set. */
export interface BackupScheduleConfig {
  dir: string;
  everyHours: number;
  /** How many copies to keep in `dir`; older ones are deleted after a new one is written. */
  keep: number;
}

/** Card payments (R23): present only when both Stripe settings are. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible API (stripe-mock, the tests' fake) instead of api.stripe.com. */
  apiUrl: URL | null;
}

export interface Config {
  port: number;
  appUrl: string;
  /** The origin of APP_URL: cookies, links and the origin check all derive from it. */
  appOrigin: string;
  secure: boolean;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  timeZone: string;
  currency: string;
  authSecret: string | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** False under `npm run dev`, where Vite serves the client. */
  serveClient: boolean;
  stripe: StripeConfig | null;
  /** How long a hold or an unpaid card registration keeps its places (R24). */
  holdHours: number;
  /** The first default of the organisation's name (R51: Admin → Settings keeps it; settings/organisation.ts). */
  orgName: string;
  /** The organisation's legal name and tax id on receipts (R39); the legal name defaults to ORG_NAME, the tax id to none. */
  orgLegalName: string;
  orgTaxId: string;
  backups: BackupScheduleConfig | null;
  /**
   * Live-board streams one client address may hold open in one process (docs/decisions/065); null: derived from the
   * process's descriptor limit (leaderboard/stream-limits.ts, docs/decisions/095).
   */
  streamsPerAddress: number | null;
  /** Messages to the field (R45) sent per minute over every process; null: as fast as the mail server takes them. */
  mailPerMinute: number | null;
  /** Image uploads one account may make per hour, and the bytes its stored images may take (issue 31, docs/decisions/095). */
  imageUploadsPerHour: number;
  imageStorageBytes: number;
  /**
   * What one account may hold unpaid at once (hold or pending), so that nobody ties up what others need (issue 31,
   * docs/decisions/094): whole teams, and places of sponsorship items and single places together.
   */
  unpaidPerAccount: { teams: number; places: number };
  /**
   * E-mails one person's actions may send to addresses they typed (golfers' links, a registration's contact, a gift's
   * receipt), per account (or visitor's address) and per recipient address, in 24 hours (issue 31: not a relay).
   */
  mailToOthers: { perSender: number; perRecipient: number };
  /** GET /metrics answers only with `Authorization: Bearer <this>` (R52); null: no metrics, /metrics is not found. */
  metricsToken: string | null;
  /**
   * The reverse proxies whose forwarded headers are believed (R48): addresses, CIDR ranges, or proxy-addr's names
   * `loopback`, `linklocal`, `uniquelocal`. Empty: the socket's address is the client's and no header is read.
   */
  trustProxy: string[];
  /** TRUST_PROXY compiled once (proxy-addr's matcher), or null when no proxy is trusted. */
  trustedProxy: ((address: string, hop: number) => boolean) | null;
}

/**
 * A leader registering the most one form holds (10 teams, 40 golfers asked to answer, the contact) and then correcting a
 * dozen addresses stays under 100; a golfer is asked once, again only when their address is corrected or they move team.
 */
const DEFAULT_USER_MAIL_PER_DAY = 100;
const DEFAULT_USER_MAIL_PER_ADDRESS = 5;

/** A company may hold four teams (issue 31); a sponsor a hole sign, the cart, lunch, the prize and two single places. */
const DEFAULT_UNPAID_TEAMS = 4;
const DEFAULT_UNPAID_PLACES = 6;

export class ConfigError extends Error {}

function fail(name: string, why: string): never {
  throw new ConfigError(`Invalid setting ${name}: ${why}`);
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/** A whole-number setting from 1 to `max` (unset: `fallback`); anything else stops the start naming it. */
function wholeSetting(name: string, text: string | undefined, fallback: number, max: number, what: string): number {
  const value = Number(text ?? fallback);
  if (!/^\d+$/.test(text ?? String(fallback)) || value < 1 || value > max)
    fail(name, `"${text}" is not a whole number of ${what} from 1 to ${max}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = envSchema.parse(env);

  const portText = blank(raw.PORT) ?? '3000';
  const port = portSchema.safeParse(portText);
  if (!port.success) fail('PORT', `"${portText}" is not a port number (1-65535)`);

  const appUrlText = blank(raw.APP_URL) ?? `http://localhost:${port.data}`;
  let appUrl: URL;
  try {
    appUrl = new URL(appUrlText);
  } catch {
    fail('APP_URL', `"${appUrlText}" is not a URL (expected e.g. https://golf.example.org)`);
  }
  if (appUrl.protocol !== 'http:' && appUrl.protocol !== 'https:') fail('APP_URL', 'must start with http:// or https://');

  const databaseUrl = blank(raw.DATABASE_URL) ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) fail('DATABASE_URL', 'must be a postgres:// URL');

  const smtpUrl = blank(raw.SMTP_URL) ?? null;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) fail('SMTP_URL', 'must be an smtp:// or smtps:// URL');

  const mailFrom = blank(raw.MAIL_FROM) ?? `Golf Tournament <no-reply@${appUrl.hostname}>`;
  if (!/@/.test(mailFrom)) fail('MAIL_FROM', `"${mailFrom}" is not an e-mail address`);

  const timeZone = blank(raw.TIME_ZONE) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    fail('TIME_ZONE', `"${timeZone}" is not an IANA time zone (e.g. America/New_York)`);
  }

  const currency = (blank(raw.CURRENCY) ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) {
    fail('CURRENCY', `"${currency}" is not an ISO 4217 currency code (e.g. USD)`);
  }

  const authSecret = blank(raw.AUTH_SECRET) ?? null;
  if (authSecret && authSecret.length < 32) fail('AUTH_SECRET', 'must be at least 32 characters');

  const logLevel = (blank(raw.LOG_LEVEL) ?? 'info') as Config['logLevel'];
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) fail('LOG_LEVEL', 'must be debug, info, warn, error or silent');

  const secretKey = blank(raw.STRIPE_SECRET_KEY);
  const webhookSecret = blank(raw.STRIPE_WEBHOOK_SECRET);
  if (secretKey && !webhookSecret)
    fail('STRIPE_WEBHOOK_SECRET', 'is needed with STRIPE_SECRET_KEY (the webhook is what marks money received)');
  if (webhookSecret && !secretKey) fail('STRIPE_SECRET_KEY', 'is needed with STRIPE_WEBHOOK_SECRET');
  if (secretKey && !/^(sk|rk)_/.test(secretKey)) fail('STRIPE_SECRET_KEY', 'must start with sk_ or rk_');
  if (webhookSecret && !/^whsec_/.test(webhookSecret)) fail('STRIPE_WEBHOOK_SECRET', 'must start with whsec_');
  const apiUrlText = blank(raw.STRIPE_API_URL);
  let stripeApiUrl: URL | null = null;
  if (apiUrlText) {
    try {
      stripeApiUrl = new URL(apiUrlText);
    } catch {
      fail('STRIPE_API_URL', `"${apiUrlText}" is not a URL (expected e.g. http://127.0.0.1:12111)`);
    }
    if (stripeApiUrl.protocol !== 'http:' && stripeApiUrl.protocol !== 'https:')
      fail('STRIPE_API_URL', 'must start with http:// or https://');
  }

  const holdHoursText = blank(raw.HOLD_HOURS) ?? '72';
  const holdHours = Number(holdHoursText);
  if (!/^\d+$/.test(holdHoursText) || holdHours < 25 || holdHours > 24 * 60) {
    fail('HOLD_HOURS', `"${holdHoursText}" is not a whole number of hours from 25 to 1440 (the reminder goes 24 hours before)`);
  }

  const backupDir = blank(raw.BACKUP_DIR);
  const everyText = blank(raw.BACKUP_EVERY_HOURS);
  const keepText = blank(raw.BACKUP_KEEP);
  if (!backupDir && everyText) fail('BACKUP_EVERY_HOURS', 'needs BACKUP_DIR, the folder the copies are written to');
  if (!backupDir && keepText) fail('BACKUP_KEEP', 'needs BACKUP_DIR, the folder the copies are written to');
  const everyHours = Number(everyText ?? '24');
  if (!/^\d+$/.test(everyText ?? '24') || everyHours < 1 || everyHours > 24 * 366)
    fail('BACKUP_EVERY_HOURS', `"${everyText}" is not a whole number of hours from 1 to 8784`);
  const keep = Number(keepText ?? '7');
  if (!/^\d+$/.test(keepText ?? '7') || keep < 1 || keep > 1000) fail('BACKUP_KEEP', `"${keepText}" is not a whole number from 1 to 1000`);
  const streamsText = blank(raw.STREAMS_PER_ADDRESS);
  const streamsPerAddress = streamsText === undefined ? null : Number(streamsText);
  if (streamsText !== undefined && (!/^\d+$/.test(streamsText) || streamsPerAddress! < 1 || streamsPerAddress! > 1_000_000)) {
    fail('STREAMS_PER_ADDRESS', `"${streamsText}" is not a whole number of live-board streams from 1 to 1000000`);
  }

  // Far above what a sponsor (a logo or two, ~25 KB stored each) or an organiser (a year's 50 logos and 5 event images,
  // ~5 MB) ever needs: docs/decisions/095.
  const imageUploadsPerHour = wholeSetting('IMAGES_PER_HOUR', blank(raw.IMAGES_PER_HOUR), 60, 100_000, 'uploads per account per hour');
  const imageStorageMb = wholeSetting('IMAGE_STORAGE_MB', blank(raw.IMAGE_STORAGE_MB), 200, 1_000_000, 'megabytes of images per account');

  const mailPerMinuteText = blank(raw.MAIL_PER_MINUTE) ?? '0';
  const mailPerMinute = Number(mailPerMinuteText);
  if (!/^\d+$/.test(mailPerMinuteText) || mailPerMinute > 1_000_000) {
    fail('MAIL_PER_MINUTE', `"${mailPerMinuteText}" is not a whole number of e-mails a minute (0 or unset: no limit)`);
  }

  const unpaidPerAccount = {
    teams: wholeSetting('UNPAID_TEAMS_LIMIT', blank(raw.UNPAID_TEAMS_LIMIT), DEFAULT_UNPAID_TEAMS, 10_000, 'teams'),
    places: wholeSetting('UNPAID_PLACES_LIMIT', blank(raw.UNPAID_PLACES_LIMIT), DEFAULT_UNPAID_PLACES, 10_000, 'places'),
  };
  const mailToOthers = {
    perSender: wholeSetting('USER_MAIL_PER_DAY', blank(raw.USER_MAIL_PER_DAY), DEFAULT_USER_MAIL_PER_DAY, 100_000, 'e-mails a day'),
    perRecipient: wholeSetting(
      'USER_MAIL_PER_ADDRESS',
      blank(raw.USER_MAIL_PER_ADDRESS),
      DEFAULT_USER_MAIL_PER_ADDRESS,
      1_000,
      'e-mails a day',
    ),
  };
  const metricsToken = blank(raw.METRICS_TOKEN) ?? null;
  if (metricsToken !== null && (metricsToken.length < 16 || /\s/.test(metricsToken)))
    fail('METRICS_TOKEN', 'must be at least 16 characters without spaces (e.g. the output of: openssl rand -hex 32)');

  const trustProxy = (blank(raw.TRUST_PROXY) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of trustProxy) {
    try {
      proxyAddr.compile(entry);
    } catch {
      fail('TRUST_PROXY', `"${entry}" is not an IP address or CIDR range (expected e.g. 127.0.0.1,10.0.0.0/8,::1)`);
    }
  }

  return {
    port: port.data,
    appUrl: appUrl.origin + appUrl.pathname.replace(/\/$/, ''),
    appOrigin: appUrl.origin,
    secure: appUrl.protocol === 'https:',
    dataDir: resolve(blank(raw.DATA_DIR) ?? './data'),
    databaseUrl,
    smtpUrl,
    mailFrom,
    timeZone,
    currency,
    authSecret,
    logLevel,
    serveClient: blank(raw.SERVE_CLIENT) !== 'false',
    stripe: secretKey && webhookSecret ? { secretKey, webhookSecret, apiUrl: stripeApiUrl } : null,
    holdHours,
    orgName: blank(raw.ORG_NAME) ?? 'The tournament team',
    orgLegalName: blank(raw.ORG_LEGAL_NAME) ?? blank(raw.ORG_NAME) ?? 'The tournament team',
    orgTaxId: blank(raw.ORG_TAX_ID) ?? '',
    backups: backupDir ? { dir: resolve(backupDir), everyHours, keep } : null,
    streamsPerAddress,
    mailPerMinute: mailPerMinute || null,
    imageUploadsPerHour,
    imageStorageBytes: imageStorageMb * 1024 * 1024,
    unpaidPerAccount,
    mailToOthers,
    metricsToken,
    trustProxy,
    trustedProxy: trustProxy.length ? proxyAddr.compile(trustProxy) : null,
  };
}

/**
 * The database the settings select, in words, for the start-up line and the commands' output: PostgreSQL's database name
 * and host (never the user or password), or the embedded database's folder.
 */
export function databaseName(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1)) || url.searchParams.get('dbname');
  // A Unix socket is given as ?host=/var/run/postgresql (the URL's host is then empty).
  const host = url.hostname ? `${url.hostname}${url.port ? `:${url.port}` : ''}` : (url.searchParams.get('host') ?? 'localhost');
  return `the PostgreSQL database ${name ? `"${name}"` : 'named after the user'} on ${host}`;
}
