// One-line logs with a level. They name the route, the user id and the error code, never personal data or SQL parameters:
// callers pass ids and codes (errorFields), and every line is scrubbed of e-mail addresses and query parameters as well.
import type { Config } from './config';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type Logger = Record<'debug' | 'info' | 'warn' | 'error', (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(level: Config['logLevel'] = 'info'): Logger {
  const threshold = LEVELS[level];
  const write = (name: keyof typeof LEVELS) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[name] < threshold) return;
    const extra = fields ? ' ' + JSON.stringify(fields) : '';
    const line = scrub(`${new Date().toISOString()} ${name.toUpperCase().padEnd(5)} ${message}${extra}`);
    if (name === 'error' || name === 'warn') console.error(line);
    else console.log(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;

/** Documentation's own addresses (RFC 2606: example.org, .com, .net), as in the start-up hint: kept. */
const RESERVED = /@example\.(org|com|net)$/i;

/** Removes e-mail addresses and the parameters of a failed query ("params: …" up to the line's end) from a log line. */
export function scrub(line: string): string {
  return line
    .replace(/params: [^"\\\n]*/g, 'params: [removed]')
    .replace(EMAIL, (address) => (RESERVED.test(address) ? address : '[e-mail]'));
}

/**
 * What a log may say about an error: its kind, its database code (e.g. 23505) and where it was thrown, never its message,
 * which for a failed query carries the SQL parameters (e-mails, phones, names).
 */
export function errorFields(error: unknown): { error: string; code?: string; at?: string } {
  if (!(error instanceof Error)) return { error: typeof error };
  const cause = (error as { cause?: unknown }).cause as { code?: unknown } | undefined;
  const code = (error as { code?: unknown }).code ?? cause?.code;
  const at = (error.stack ?? '')
    .split('\n')
    .filter((frame) => frame.trimStart().startsWith('at '))
    .slice(0, 6)
    .map((frame) => frame.trim().slice(3))
    .join(' < ');
  return { error: error.constructor?.name ?? error.name, ...(typeof code === 'string' ? { code } : {}), ...(at ? { at } : {}) };
}
