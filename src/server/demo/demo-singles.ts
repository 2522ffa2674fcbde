// The demo's singles (R43): the Classic's Foursome level sells single places, and two golfers bought one each and wait,
// paid, on the pairing page for a team.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, players, teams, tournamentSponsorshipLevels } from '../db/schema';
import { recordPaymentEvents } from '../payments/payment-events';

export const DEMO_SINGLE_PRICE_CENTS = 30_000;
const SINGLES = [
  { firstName: 'Morgan', lastName: 'Ellery', handicapIndex: 14.2, phone: '555-0161' },
  { firstName: 'Priya', lastName: 'Nandakumar', handicapIndex: 22.8, phone: '555-0162' },
] as const;

export async function seedSingles(tx: Db, tournamentId: string, levelId: string): Promise<{ singles: number }> {
  await tx
    .update(tournamentSponsorshipLevels)
    .set({ singlePriceCents: DEMO_SINGLE_PRICE_CENTS })
    .where(eq(tournamentSponsorshipLevels.id, levelId));
  const base = Date.now() - 2 * 86_400_000;
  for (const [i, single] of SINGLES.entries()) {
    const name = `${single.firstName} ${single.lastName}`;
    const email = `${single.firstName.toLowerCase()}.${single.lastName.toLowerCase()}@example.org`;
    const [team] = await tx
      .insert(teams)
      .values({
        tournamentId,
        tournamentSponsorshipLevelId: levelId,
        name,
        contactName: name,
        contactPhone: single.phone,
        contactEmail: email,
        paymentStatus: 'paid',
        kind: 'single',
        places: 1,
        createdAt: new Date(base + i * 3_600_000),
      })
      .returning({ id: teams.id });
    await tx.insert(players).values({
      teamId: team!.id,
      firstName: single.firstName,
      lastName: single.lastName,
      email,
      phone: single.phone,
      handicapIndex: single.handicapIndex,
    });
    const [payment] = await tx
      .insert(payments)
      .values({ teamId: team!.id, amountCents: DEMO_SINGLE_PRICE_CENTS, state: 'paid', note: 'Card at registration' })
      .returning({ id: payments.id });
    await recordPaymentEvents(tx, [
      {
        paymentId: payment!.id,
        kind: 'registered',
        fromState: null,
        toState: 'paid',
        amountCents: DEMO_SINGLE_PRICE_CENTS,
        note: 'Card at registration',
      },
    ]);
  }
  return { singles: SINGLES.length };
}
