// /paddle/:tournamentId (signed in) and /golfer/:token/paddle (a golfer's personal link, R42): a guest pledges from their
// phone during the paddle raise (R56). Tapping a level pledges; then 'Pay now by card' (one Stripe Checkout for their
// pending pledges) or pay later, from this page or at the checkout table. Each pledge is a gift (R35).
import { useQuery } from '@tanstack/react-query';
import { CreditCard, HandHeart, Link2Off } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../shared/money';
import { useMe } from '../auth/session';
import { errorMessage } from '../lib/api';
import { Link, useParams } from '../router';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { PageSpinner } from '../ui/spinner';
import { levelLabel, pledgePageQuery, usePayPledges, usePledge, type PledgePage, type PledgerPath } from './queries';

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-6">
      <title>{`${title} · Golf Tournament`}</title>
      {children}
    </div>
  );
}

/** Signed in, at the tournament of the address. */
export function PledgePage() {
  const tournamentId = useParams().tournamentId ?? '';
  const me = useMe();
  if (me.isPending) return <PageSpinner label="Loading…" />;
  if (!me.data)
    return (
      <Shell title="Paddle raise">
        <Card className="flex flex-col items-center gap-4 text-center">
          <HandHeart aria-hidden className="size-12 text-brand-700" />
          <h1 className="text-2xl font-bold">Sign in to pledge</h1>
          <p className="text-stone-700">
            Pledges are made with your account, so your receipt reaches you. Golfers can use their personal link.
          </p>
          <Button asChild size="lg">
            <Link to="/auth">Sign in</Link>
          </Button>
        </Card>
      </Shell>
    );
  return <Pledging who={{ tournamentId }} />;
}

/** Through a golfer's personal link. */
export function GolferPledgePage() {
  return <Pledging who={{ token: useParams().token ?? '' }} />;
}

function Pledging({ who }: { who: PledgerPath }) {
  const page = useQuery(pledgePageQuery(who));
  if (page.isPending) return <PageSpinner label="Loading the raise…" />;
  if (page.isError)
    return (
      <Shell title="Paddle raise">
        <Card className="flex flex-col items-center gap-4 text-center">
          <Link2Off aria-hidden className="size-12 text-red-700" />
          <h1 className="text-2xl font-bold">We could not open the raise</h1>
          <p className="text-stone-700">{errorMessage(page.error, 'Please try again in a moment.')}</p>
        </Card>
      </Shell>
    );
  return <PledgeForm who={who} page={page.data} />;
}

function PledgeForm({ who, page }: { who: PledgerPath; page: PledgePage }) {
  const pledge = usePledge(who);
  const pay = usePayPledges(who);
  const [showName, setShowName] = useState(false);
  const [thanks, setThanks] = useState<{ amountCents: number; bidderNumber: number } | null>(null);
  const [failure, setFailure] = useState('');
  const { raise, currency } = page;
  const unpaid = page.pledges.filter((p) => p.paymentStatus === 'pending' || p.paymentStatus === 'hold');
  const unpaidCents = unpaid.reduce((sum, p) => sum + p.amountCents, 0);
  const payNow = () =>
    pay.mutate(
      unpaid.map((p) => p.id),
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => setFailure(errorMessage(error, 'The payment page did not open. Try again.')),
      },
    );
  return (
    <Shell title={raise?.title ?? 'Paddle raise'}>
      <div>
        <p className="text-sm font-medium text-brand-800">{page.tournament.name} · Paddle raise</p>
        <h1 className="text-2xl font-bold">{raise?.title ?? 'No raise yet'}</h1>
        {page.bidderNumber !== null ? (
          <p className="mt-1 text-stone-700">
            Your paddle number is <strong className="text-stone-900">#{page.bidderNumber}</strong>
          </p>
        ) : null}
      </div>
      {raise?.open ? (
        <Card className="flex flex-col gap-4">
          <p className="text-stone-700">Tap an amount to pledge it. You can pledge more than once.</p>
          <div className="grid grid-cols-2 gap-3">
            {raise.levelsCents.map((cents) => (
              <button
                key={cents}
                type="button"
                disabled={pledge.isPending}
                onClick={() => {
                  setFailure('');
                  pledge.mutate(
                    { raiseId: raise.id, amountCents: cents, showName },
                    {
                      onSuccess: (made) => setThanks(made),
                      onError: (error) => setFailure(errorMessage(error, 'Your pledge was not recorded. Try again.')),
                    },
                  );
                }}
                className="flex h-20 flex-col items-center justify-center rounded-lg bg-brand-800 text-white hover:bg-brand-900 disabled:bg-stone-400"
              >
                <span className="text-sm font-medium">Pledge </span>
                <span className="text-2xl font-bold tabular-nums">{levelLabel(cents, currency)}</span>
              </button>
            ))}
          </div>
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={showName}
              onChange={(e) => setShowName(e.target.checked)}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>
              Show my name on the screen
              <span className="block text-stone-600">Otherwise the screen shows your paddle number only.</span>
            </span>
          </label>
        </Card>
      ) : (
        <Card>
          <p className="text-stone-700">
            {raise ? 'This raise is closed. Thank you to everyone who pledged!' : 'The paddle raise has not started yet.'}
          </p>
        </Card>
      )}
      {thanks ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-3 text-green-900">
          Thank you! You pledged <strong>{levelLabel(thanks.amountCents, currency)}</strong> as paddle #{thanks.bidderNumber}.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-3 text-red-800">
          {failure}
        </p>
      ) : null}
      {page.pledges.length > 0 ? (
        <Card className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">Your pledges</h2>
          <ul className="flex flex-col divide-y divide-stone-200">
            {page.pledges.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="font-semibold tabular-nums">{formatMoney(p.amountCents, currency)}</span>
                  <span className="block truncate text-sm text-stone-600">{p.raiseTitle}</span>
                </span>
                <PaymentBadge status={p.paymentStatus} />
              </li>
            ))}
          </ul>
          {unpaid.length > 0 ? (
            page.cardPayments ? (
              <div className="flex flex-col gap-2">
                <Button size="lg" onClick={payNow} disabled={pay.isPending}>
                  <CreditCard aria-hidden className="size-5" />
                  {pay.isPending ? 'Opening the payment page…' : `Pay now by card · ${formatMoney(unpaidCents, currency)}`}
                </Button>
                <p className="text-sm text-stone-600">Or pay later: come back to this page, or pay at the checkout table.</p>
              </div>
            ) : (
              <p className="rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-700">
                Pay at the checkout table tonight: card payments online are not connected.
              </p>
            )
          ) : null}
        </Card>
      ) : null}
    </Shell>
  );
}
