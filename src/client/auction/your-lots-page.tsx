// /auction/lots (signed in) and /golfer/:token/lots (a golfer's personal link, R42): the lots a winner won at the silent
// auction (R55), each with its value and the part that may be deductible (R39), its payment and, once paid, its receipt;
// one button pays every unpaid lot in one Stripe Checkout. Made for a phone: the winner opens it from the e-mail.
import { useQuery } from '@tanstack/react-query';
import { Gavel, Link2Off } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/money';
import { AccountAccess } from '../auth/account-access';
import { useMe } from '../auth/session';
import { ApiError, errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { Link, useParams } from '../router';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { LoadFailed } from '../ui/load-failed';
import { PageSpinner } from '../ui/spinner';
import { usePayLots, wonLotsQuery, type WonLot, type WonLots } from './won-lots-queries';

const UNPAID = new Set(['pending', 'hold', 'in_progress']);

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8">
      <title>Your lots · Golf Tournament</title>
      {children}
    </div>
  );
}

export function YourLotsPage() {
  const token = useParams().token ?? null;
  const { data: me, isPending } = useMe();
  if (token) return <Lots token={token} />;
  if (isPending) return <PageSpinner />;
  if (!me)
    return (
      <Shell>
        <div className="text-center">
          <h1 className="text-2xl font-bold sm:text-3xl">Your auction lots</h1>
          <p className="mt-2 text-stone-700">Sign in with the account you bid with to see and pay for the lots you won.</p>
        </div>
        <AccountAccess intro={null} />
      </Shell>
    );
  return <Lots token={null} />;
}

function Lots({ token }: { token: string | null }) {
  const lots = useQuery(wonLotsQuery(token));
  if (lots.isPending) return <PageSpinner label="Loading your lots…" />;
  if (lots.isError) {
    if (lots.error instanceof ApiError && lots.error.status === 404)
      return (
        <Shell>
          <Card className="flex flex-col items-center gap-4 text-center">
            <Link2Off aria-hidden className="size-12 text-red-700" />
            <h1 className="text-2xl font-bold">This link does not work</h1>
            <p className="text-stone-700">{errorMessage(lots.error, 'Please use the link in your latest e-mail.')}</p>
          </Card>
        </Shell>
      );
    return (
      <Shell>
        <LoadFailed message="Your lots could not be loaded." onRetry={() => void lots.refetch()} />
      </Shell>
    );
  }
  return <LotList token={token} answer={lots.data} />;
}

function LotList({ token, answer }: { token: string | null; answer: WonLots }) {
  const { lots, currency, cardPayments } = answer;
  const money = (cents: number) => formatMoney(cents, currency);
  const unpaid = lots.filter((l) => UNPAID.has(l.paymentStatus));
  const due = unpaid.reduce((sum, l) => sum + l.wonCents, 0);
  const pay = usePayLots(token);
  const startPayment = () =>
    pay.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => notify.error(errorMessage(error, 'The payment page could not be opened')),
    });
  return (
    <Shell>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Your auction lots</h1>
        <p className="mt-1 text-stone-700">
          {lots.length === 0
            ? 'You have not won a lot yet. Lots are yours once the auction closes with your bid on top.'
            : `You won ${lots.length === 1 ? 'one lot' : `${lots.length} lots`} as bidder #${lots[0]!.bidderNumber}. Thank you for your support!`}
        </p>
      </div>
      {lots.length > 0 ? (
        <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {unpaid.length > 0 ? (
            <>
              <div>
                <p className="text-sm text-stone-600">To pay</p>
                <p className="text-2xl font-bold tabular-nums">{money(due)}</p>
                <p className="text-sm text-stone-600">{unpaid.length === 1 ? 'One lot' : `${unpaid.length} lots`}, in one card payment.</p>
              </div>
              {cardPayments ? (
                <Button size="lg" onClick={startPayment} disabled={pay.isPending} className="w-full sm:w-auto">
                  {pay.isPending ? 'Opening the payment page…' : `Pay ${money(due)}`}
                </Button>
              ) : (
                <p className="text-sm text-stone-700 sm:max-w-xs">Please pay at the checkout table: cash, cheque or card.</p>
              )}
            </>
          ) : (
            <p className="font-medium text-green-900">Every lot is paid. Your receipts are below.</p>
          )}
        </Card>
      ) : null}
      <ul className="flex flex-col gap-4">
        {lots.map((lot) => (
          <LotCard key={lot.lotId} lot={lot} money={money} />
        ))}
      </ul>
      {lots.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 text-center">
          <Gavel aria-hidden className="size-10 text-stone-500" />
          <p className="text-stone-700">Nothing here yet.</p>
          <Button asChild variant="secondary">
            <Link to="/">Back to the event</Link>
          </Button>
        </Card>
      ) : null}
    </Shell>
  );
}

function LotCard({ lot, money }: { lot: WonLot; money: (cents: number) => string }) {
  return (
    <li>
      <Card compact className="flex gap-4">
        {lot.imageUrl ? (
          <img src={lot.imageUrl} alt="" width={96} height={96} className="size-20 shrink-0 rounded-md object-cover sm:size-24" />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="min-w-0">
            <CardTitle className="break-words">{lot.title}</CardTitle>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
              {lot.tournamentName}
              <PaymentBadge status={lot.paymentStatus} />
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-stone-600">Won for</dt>
              <dd className="font-semibold tabular-nums">{money(lot.wonCents)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Value</dt>
              <dd className="tabular-nums">{money(lot.valueCents)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">May be deductible</dt>
              <dd className="tabular-nums">{money(lot.deductibleCents)}</dd>
            </div>
          </dl>
          {lot.receiptUrl ? (
            <Link to={lot.receiptUrl} className="self-start font-medium text-brand-800 underline underline-offset-4">
              Receipt<span className="sr-only"> for {lot.title}</span>
            </Link>
          ) : null}
        </div>
      </Card>
    </li>
  );
}
