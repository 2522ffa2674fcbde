// The embedded test database a worker keeps between files (kept-database.ts, docs/decisions/141): the next file must
// meet the migrated dump and nothing of the last file, and the last file's handle must stop working.
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { queryRows } from '../db/connect';
import { golfCourses } from '../db/schema';
import { onTheEmbeddedRunOnly, openTestDatabase } from './database';
import { fingerprint } from './db-fingerprint';
import { keptDatabaseOpens } from './kept-database';

const count = async (db: Parameters<typeof queryRows>[0], query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string }>(db, query))[0]!.n);

const SEQUENCES = sql`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'S' and n.nspname not in ('pg_catalog', 'information_schema') order by 1`;

onTheEmbeddedRunOnly(
  'the next file gets the same client back as the dump left it, and the last file’s handle refuses every call',
  async () => {
    const first = await openTestDatabase();
    const dump = await fingerprint(first.db);
    const migrations = await count(first.db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
    expect(migrations).toBeGreaterThan(0);
    const sequences = await queryRows<{ name: string }>(first.db, SEQUENCES);
    const placeOf = async (db: typeof first.db, name: string) =>
      (await queryRows<{ v: string }>(db, sql`select last_value::text || ' ' || is_called as v from ${sql.raw(name)}`))[0]!.v;
    const places = await Promise.all(sequences.map(({ name }) => placeOf(first.db, name)));
    for (const { name } of sequences) await queryRows(first.db, sql`select nextval(${name}::regclass)`);
    await first.db.insert(golfCourses).values({ name: 'Left Behind Links', totalHoles: 9 });
    await queryRows(first.db, sql`delete from drizzle.__drizzle_migrations where id = (select min(id) from drizzle.__drizzle_migrations)`);
    await queryRows(first.db, sql`select pg_advisory_lock(4242)`);
    await queryRows(first.db, sql`set statement_timeout = '7s'`);
    expect(await fingerprint(first.db)).not.toEqual(dump);
    await first.close();

    // (drizzle names the query it failed, and gives the client's refusal as the cause.)
    await expect(first.db.select().from(golfCourses)).rejects.toHaveProperty(
      'cause.message',
      'This test database was closed: its test file is over.',
    );

    const reused = keptDatabaseOpens.reused;
    const next = await openTestDatabase();
    try {
      expect(keptDatabaseOpens.reused).toBe(reused + 1);
      expect(await fingerprint(next.db)).toEqual(dump);
      expect(await count(next.db, sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBe(migrations);
      expect(await Promise.all(sequences.map(({ name }) => placeOf(next.db, name)))).toEqual(places);
      expect(await count(next.db, sql`select count(*) as n from pg_locks where locktype = 'advisory'`)).toBe(0);
      expect((await queryRows<{ t: string }>(next.db, sql`show statement_timeout`))[0]).toEqual({ statement_timeout: '0' });
    } finally {
      await next.close();
    }
  },
);

onTheEmbeddedRunOnly('a listener of a closed file hears nothing of the next file', async () => {
  const first = await openTestDatabase();
  const stale = vi.fn();
  await first.listen('kept_probe', { onNotify: stale });
  await first.close();

  const next = await openTestDatabase();
  try {
    const heard = vi.fn();
    const listener = await next.listen('kept_probe', { onNotify: heard });
    await listener.notify('hello');
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith('hello'));
    expect(stale).not.toHaveBeenCalled();
  } finally {
    await next.close();
  }
});

onTheEmbeddedRunOnly('a file that changed the schema does not pass its client on: the next file loads the dump', async () => {
  const first = await openTestDatabase();
  await queryRows(first.db, sql`create table kept_probe (id int)`);
  await first.close();

  const { loaded, reused } = keptDatabaseOpens;
  const next = await openTestDatabase();
  try {
    expect(keptDatabaseOpens).toEqual({ loaded: loaded + 1, reused });
    expect((await queryRows<{ t: string | null }>(next.db, sql`select to_regclass('kept_probe')::text as t`))[0]).toEqual({ t: null });
  } finally {
    await next.close();
  }
});
