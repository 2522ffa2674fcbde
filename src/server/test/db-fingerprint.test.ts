// The digest that "refused, changing nothing" tests compare: it must change with any row's content, and only with it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { golfCourses } from '../db/schema';
import { openTestDatabase, type TestDatabase } from './database';
import { fingerprint } from './db-fingerprint';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

describe('the database fingerprint', () => {
  it('changes when a row is added, when one value in it changes, and is the same again once both are undone', async () => {
    const before = await fingerprint(t.db);
    expect(await fingerprint(t.db)).toEqual(before);

    const [course] = await t.db.insert(golfCourses).values({ name: 'Fingerprint Links', totalHoles: 9 }).returning();
    const added = await fingerprint(t.db);
    expect(added.golf_courses).not.toBe(before.golf_courses);
    expect(added.golf_courses).toMatch(/^1 rows, /);
    expect({ ...added, golf_courses: before.golf_courses }).toEqual(before);

    await t.db.update(golfCourses).set({ totalHoles: 18 }).where(eq(golfCourses.id, course!.id));
    const changed = await fingerprint(t.db);
    expect(changed.golf_courses).not.toBe(added.golf_courses);
    expect(changed.golf_courses).toMatch(/^1 rows, /);

    await t.db.update(golfCourses).set({ totalHoles: 9 }).where(eq(golfCourses.id, course!.id));
    expect(await fingerprint(t.db)).toEqual(added);
    await t.db.delete(golfCourses).where(eq(golfCourses.id, course!.id));
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
