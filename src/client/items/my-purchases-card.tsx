// The buyer's sponsorships and add-ons on their dashboard: what, for which tournament, the amount, its status and deadline.
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../shared/money';
import { formatDateTime } from '../lib/format';
import { PaymentBadge } from '../ui/badge';
import { Card, CardTitle } from '../ui/card';
import { myPurchasesQuery } from './queries';

export function MyPurchasesCard({ currency }: { currency: string }) {
  const purchases = useQuery(myPurchasesQuery);
  if (!purchases.data?.length) return null;
  return (
    <Card>
      <CardTitle>Your sponsorships and add-ons</CardTitle>
      <ul className="mt-3 flex flex-col divide-y divide-stone-200">
        {purchases.data.map((p) => (
          <li key={p.id} className="flex items-start gap-3 py-3">
            {p.logoUrl ? (
              <img src={p.logoUrl} alt={`${p.sponsorName} logo`} width={80} height={40} className="h-10 w-20 object-contain" />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{p.description}</p>
              <p className="text-sm text-stone-600">
                {p.tournamentName}
                {p.sponsorName ? ` · ${p.sponsorName}` : ''}
              </p>
              {p.holdUntil && (p.status === 'hold' || p.status === 'pending') ? (
                <p className="text-sm text-stone-600">Held until {formatDateTime(p.holdUntil, { withZone: true })}</p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-semibold tabular-nums">{formatMoney(p.amountCents, currency)}</span>
              <PaymentBadge status={p.status} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
