// What no backup holds (issue 31, docs/decisions/092): whoever reads a backup file (a copy synced off the machine, a file
// kept for months) must not be able to act as anyone with it. Live sign-ins and one-time tokens stay out, and so does the
// session-signing secret; the records a charity needs (accounts with their password hashes, teams, money, scores,
// images) are all kept. A restore leaves the same rows out of a file written before this rule, and so signs everyone out.
import { sql, type SQL } from 'drizzle-orm';

/**
 * Tables none of whose rows a backup holds: better-auth's sessions (a signed-in browser's token) and its verifications
 * (the tokens of e-mail confirmations and password resets; a new one is asked for in a minute).
 */
const TABLES = new Set(['session', 'verification']);

/**
 * Rows of other tables left out, by a key column: the session-signing secret, which also keys the receipt and statement
 * links (with it, anyone could forge a key to any donor's statement). A restored server keeps the secret it had, or makes
 * one at its first start; AUTH_SECRET set in the environment is kept by the operator, outside the backups.
 */
const ROWS: Record<string, { column: string; values: string[] }> = { app_settings: { column: 'key', values: ['auth_secret'] } };

const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

/** The rows of `table` a backup holds, as a FROM item named `t` (also what a restore's checksums are compared over). */
export function keptRows(table: string): SQL {
  if (TABLES.has(table)) return sql`(select * from ${sql.identifier(table)} where false) t`;
  const rows = ROWS[table];
  if (!rows) return sql`${sql.identifier(table)} t`;
  return sql`(select * from ${sql.identifier(table)} where ${sql.identifier(rows.column)} not in (${sql.join(rows.values.map(literal), sql`, `)})) t`;
}

/** Whether a row of a backup file (its JSON) is one a restore leaves out: a file written before this rule holds some. */
export function isLeftOut(table: string, row: string): boolean {
  if (TABLES.has(table)) return true;
  const rows = ROWS[table];
  return rows !== undefined && rows.values.includes(String((JSON.parse(row) as Record<string, unknown>)[rows.column]));
}
