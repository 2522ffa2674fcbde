// Plumbing shared by the CLI scripts: strict --flag parsing, opening the configured database safely, and one way to end
// (usage errors exit 2, refusals and bad settings exit 1).
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../bootstrap';
import { ConfigError, type Config } from '../config';
import type { Database } from '../db/connect';
import { DataDirBusyError } from '../db/data-dir-lock';
import { BackupRefused } from '../backups/backup-file';
import { AppError } from '../http/errors';

/** Bad or missing arguments: the script prints its usage line and exits with 2. */
export class UsageError extends Error {}

/** The script cannot go on (the database is busy, …): it prints the message and exits with 1. */
export class CliFailure extends Error {}

/**
 * Opens and migrates the database the settings select. The embedded database serves one process (R4): when the server
 * holds the data folder, the folder's lock refuses us and we say so in one line.
 */
export async function openCliDatabase(config: Config): Promise<Database> {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirBusyError) throw new CliFailure(`${error.message} (Is the server running? Stop it and run this again.)`);
    throw error;
  }
}

/**
 * Parses `--name value` flags (and `--name=value`); an unknown flag, a flag without its value or a stray word is a UsageError.
 * Answers the flags given, keyed by their names as written (`first-name`), with absent ones left out.
 */
export function parseFlags<const Name extends string>(argv: string[], names: readonly Name[]): Partial<Record<Name, string>> {
  const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return values as Partial<Record<Name, string>>;
  } catch (error) {
    // parseArgs says e.g. "Unknown option '--emial'"; keep its words, drop its advice about '--'.
    const message = error instanceof Error ? error.message.split('. ')[0]!.replace(/\.$/, '') : String(error);
    throw new UsageError(message);
  }
}

/**
 * Runs a script's body and turns its failures into one line and an exit code: usage errors exit 2 (with the usage line),
 * bad settings and refused operations exit 1. Anything unexpected keeps its stack trace.
 */
export async function runCli(usage: string, body: () => Promise<void>): Promise<never> {
  try {
    await body();
    process.exit(0);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nUsage: ${usage}`);
      process.exit(2);
    }
    if (error instanceof ConfigError || error instanceof CliFailure || error instanceof AppError || error instanceof BackupRefused) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  }
}
