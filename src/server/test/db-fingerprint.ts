// A digest of every row of every table, to prove a refused request changed nothing (R9).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

/** Per database: one statement that digests every table (the tables do not change after the migrations). */
const digests = new WeakMap<Db, SQL>();

/**
 * Table name → row count and a hash of the rows' contents. One statement (the access matrix takes two per refused call:
 * a statement per table was most of its time). The hash is the sum of each row's 64-bit hash: the same for the same rows
 * in any order, so nothing is sorted (sorting every row of every table twice per call was a fifth of the matrix's time).
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  let digest = digests.get(db);
  if (!digest) {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    digest = sql.join(
      tables.map(
        ({ name }) =>
          sql`select ${name}::text as name, count(*)::int as n, sum(hashtextextended(t::text, 0))::text as digest from ${sql.identifier(name)} t`,
      ),
      sql` union all `,
    );
    digests.set(db, digest);
  }
  const rows = await queryRows<{ name: string; n: number; digest: string | null }>(db, digest);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n} rows, ${row.digest ?? 'empty'}`]));
}
