// The demo's fundraising (R35, R38, R39): the outing has a goal part-way reached, its foursome's value received (golf and
// dinner) for the receipts, and gifts on the donor wall: some by card with the donor's name, some anonymous, one cheque.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, tournaments, tournamentSponsorshipLevels } from '../db/schema';
import { insertPurchases } from '../purchases/service';

export const DEMO_GOAL_CENTS = 4_000_000; // 40,000.00
/** What a foursome receives at the outing (four rounds with carts and dinner), for its receipts. */
export const DEMO_FOURSOME_FMV_CENTS = 32_000;

const GIFTS = [
  { name: 'Margaret Ellis', showName: true, cents: 50_000, dedication: 'In memory of Tom Ellis', card: true },
  { name: 'Sam Okafor', showName: true, cents: 10_000, dedication: '', card: true },
  { name: 'Priya Raman', showName: false, cents: 25_000, dedication: '', card: true },
  { name: 'The Hendersons', showName: true, cents: 15_000, dedication: 'In honour of Coach Dave', card: true },
  { name: 'Anon Friend', showName: false, cents: 5_000, dedication: '', card: true },
  { name: 'Riverside Lions Club', showName: true, cents: 100_000, dedication: '', card: false },
] as const;

export async function seedGifts(tx: Db, tournamentId: string) {
  await tx.update(tournaments).set({ goalCents: DEMO_GOAL_CENTS }).where(eq(tournaments.id, tournamentId));
  await tx
    .update(tournamentSponsorshipLevels)
    .set({ fmvCents: DEMO_FOURSOME_FMV_CENTS })
    .where(eq(tournamentSponsorshipLevels.tournamentId, tournamentId));
  const created = await insertPurchases(
    tx,
    GIFTS.map((g, i) => ({
      tournamentId,
      kind: 'donation' as const,
      buyerName: g.name,
      buyerEmail: `donor${i + 1}@outing.example.org`,
      paymentStatus: 'paid' as const,
      amountCents: g.cents,
      showName: g.showName,
      dedication: g.dedication,
      note: g.card ? '' : 'Cheque: No. 2231',
    })),
  );
  const card = created.filter((_, i) => GIFTS[i]!.card);
  for (const [i, gift] of card.entries()) {
    await tx
      .update(payments)
      .set({ providerRef: `pi_demo_gift_${i + 1}` })
      .where(and(eq(payments.id, gift.paymentId), inArray(payments.state, ['paid'])));
  }
  return { gifts: created.length, giftCents: GIFTS.reduce((sum, g) => sum + g.cents, 0) };
}
