// A digest of every row of every table, to prove a refused request changed nothing (R9).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

/** Table name → row count and a hash of the rows' contents. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(name)} t`,
    );
    out[name] = `${row!.n} rows, ${row!.digest ?? 'empty'}`;
  }
  return out;
}
