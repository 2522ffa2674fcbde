// The one reader of process.env (PRODUCT.md R2). A bad value stops start-up with one line naming it.
import { resolve } from 'node:path';
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
});

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
}

export class ConfigError extends Error {}

function fail(name: string, why: string): never {
  throw new ConfigError(`Invalid setting ${name}: ${why}`);
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

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
  };
}
