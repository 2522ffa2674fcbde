import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { createTournament } from '../test/factories';
import { bidderByNumber, bidderFor, publicBidderLabel } from './bidders';
import { user } from '../db/schema';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('bidder numbers (R54)', () => {
  it('gives each person one number per tournament, counting up, and a guest a new number each time', async () => {
    const t = await createTournament(db.db);
    await db.db.insert(user).values({ id: 'u-bidder', name: 'Ann', email: 'ann@example.com' });
    const ann = await bidderFor(db.db, t.id, { userId: 'u-bidder', name: 'Ann', email: 'ann@example.com' });
    const again = await bidderFor(db.db, t.id, { userId: 'u-bidder', name: 'Ann', email: 'ann@example.com' });
    const guest = await bidderFor(db.db, t.id, { name: 'Guest', email: 'g@example.com' });
    const guest2 = await bidderFor(db.db, t.id, { name: 'Guest', email: 'g@example.com' });
    expect([ann.number, again.number, guest.number, guest2.number]).toEqual([1, 1, 2, 3]);
    expect((await bidderByNumber(db.db, t.id, 2))?.id).toBe(guest.id);
    const other = await createTournament(db.db);
    expect((await bidderFor(db.db, other.id, { userId: 'u-bidder', name: 'Ann', email: 'ann@example.com' })).number).toBe(1);
  });

  it('hands out distinct numbers to bidders arriving at once', async () => {
    const t = await createTournament(db.db);
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) => bidderFor(db.db, t.id, { name: `G${i}`, email: `g${i}@example.com` })),
    );
    expect(made.map((b) => b.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('shows the name only where the bidder allowed it', () => {
    expect(publicBidderLabel({ number: 7, name: 'Ann', showName: false })).toBe('Bidder #7');
    expect(publicBidderLabel({ number: 7, name: 'Ann', showName: true })).toBe('#7 Ann');
  });
});
