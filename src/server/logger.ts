// One-line logs with a level; never given passwords or tokens.
import type { Config } from './config';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type Logger = Record<'debug' | 'info' | 'warn' | 'error', (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(level: Config['logLevel'] = 'info'): Logger {
  const threshold = LEVELS[level];
  const write = (name: keyof typeof LEVELS) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[name] < threshold) return;
    const extra = fields ? ' ' + JSON.stringify(fields) : '';
    const line = `${new Date().toISOString()} ${name.toUpperCase().padEnd(5)} ${message}${extra}`;
    if (name === 'error' || name === 'warn') console.error(line);
    else console.log(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
