// Expected, Received and Outstanding money, one card each, as the Dashboard and the payment ledger show them.
import { formatMoney } from '../../shared/money';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';

interface MoneyCardsProps {
  /** Names the section for screen readers ('Money', 'Totals'). */
  label: string;
  /** The first card's heading: the ledger adds how many records it sums. */
  expectedLabel?: string;
  expectedCents: number;
  receivedCents: number;
  outstandingCents: number;
  currency: string | undefined;
  cardClassName?: string;
  /** Expired holds (R24): shown apart, never counted as expected money; a fourth card when there are any. */
  expiredCents?: number;
  expiredTeams?: number;
}

export function MoneyCards({
  label,
  expectedLabel = 'Expected',
  expectedCents,
  receivedCents,
  outstandingCents,
  currency,
  cardClassName,
  expiredCents = 0,
  expiredTeams,
}: MoneyCardsProps) {
  const cards = [
    { heading: expectedLabel, cents: expectedCents, tone: undefined },
    { heading: 'Received', cents: receivedCents, tone: 'text-green-800' },
    { heading: 'Outstanding', cents: outstandingCents, tone: 'text-amber-800' },
  ];
  const showExpired = expiredCents > 0 || (expiredTeams ?? 0) > 0;
  if (showExpired) {
    cards.push({
      heading: expiredTeams != null ? `Expired (${expiredTeams} ${expiredTeams === 1 ? 'team' : 'teams'}, released)` : 'Expired (released)',
      cents: expiredCents,
      tone: 'text-red-800',
    });
  }
  return (
    <section aria-label={label} className={cn('grid gap-3', showExpired ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3')}>
      {cards.map(({ heading, cents, tone }) => (
        <Card key={heading} className={cn('p-4', cardClassName)}>
          <h2 className="text-sm font-medium text-stone-600">{heading}</h2>
          <p className={cn('mt-1 text-2xl font-bold tabular-nums', tone)}>{formatMoney(cents, currency)}</p>
        </Card>
      ))}
    </section>
  );
}
