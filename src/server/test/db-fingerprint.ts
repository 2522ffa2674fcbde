// A digest of every row of every table, to prove a refused request changed nothing (R9), and that a kept test database
// was put back as the migrated dump left it (kept-database.ts).
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
    // Every schema's tables (the migrations' journal too); those outside `public` named with their schema.
    const tables = await queryRows<{ schema: string; name: string }>(
      db,
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE' order by 1, 2`,
    );
    digest = sql.join(
      tables.map(
        ({ schema, name }) =>
          sql`select ${schema === 'public' ? name : `${schema}.${name}`}::text as name, count(*)::int as n,
              sum(hashtextextended(t::text, 0))::text as digest from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      ),
      sql` union all `,
    );
    digests.set(db, digest);
  }
  const rows = await queryRows<{ name: string; n: number; digest: string | null }>(db, digest);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n} rows, ${row.digest ?? 'empty'}`]));
}
