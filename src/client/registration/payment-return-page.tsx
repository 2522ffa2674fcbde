// /register/payment: where Stripe's page sends the leader back (R23). It says 'Payment received' only once the webhook
// has confirmed the money (asking the server every two seconds until then), and 'Payment not completed' after a cancel.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from '../router';
import { formatMoney } from '../../shared/money';
import { ApiError } from '../lib/api';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { activeTournamentsQuery, checkoutStatusQuery } from './queries';

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <title>{`${title} · Golf Tournament`}</title>
      <Card className="flex flex-col items-center gap-4 text-center">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
        <Button asChild>
          <Link to="/register">Back to my teams</Link>
        </Button>
        <Link to="/give" className="text-sm font-medium text-brand-800 underline underline-offset-4">
          Add a gift to the cause
        </Link>
      </Card>
    </div>
  );
}

export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const cancelled = params.get('cancelled') === '1' || !sessionId;
  const status = useQuery({ ...checkoutStatusQuery(sessionId), enabled: !cancelled });
  const currency = useQuery(activeTournamentsQuery).data?.currency;
  const [openedAt] = useState(() => Date.now());

  if (cancelled) {
    return (
      <Outcome icon={<XCircle aria-hidden className="size-12 text-amber-700" />} title="Payment not completed">
        <p className="text-stone-700">
          No money was taken. Your places are still kept until their deadline: use Pay now on your team card to try again.
        </p>
      </Outcome>
    );
  }
  if (status.isError) {
    const signedOut = status.error instanceof ApiError && status.error.status === 401;
    return (
      <Outcome icon={<XCircle aria-hidden className="size-12 text-red-700" />} title="We could not check this payment">
        <p className="text-stone-700">
          {signedOut ? 'Sign in to see whether your payment has arrived.' : 'Your teams page shows each team’s payment status.'}
        </p>
      </Outcome>
    );
  }
  const data = status.data;
  if (data?.paid) {
    return (
      <Outcome icon={<CheckCircle2 aria-hidden className="size-12 text-green-700" />} title="Payment received">
        <p className="text-stone-700">
          Thank you: {formatMoney(data.amountCents, currency)} received. A receipt is on its way to your contact e-mail.
        </p>
        <ul className="flex w-full flex-col gap-2 text-left" aria-label="Paid teams">
          {data.teams.map((team) => (
            <li key={team.id} className="flex items-center justify-between gap-3 rounded-md border border-stone-200 px-3 py-2">
              <span className="font-medium">{team.name}</span>
              <PaymentBadge status={team.paymentStatus} />
            </li>
          ))}
        </ul>
      </Outcome>
    );
  }
  const waitedLong = status.dataUpdatedAt - openedAt > 110_000;
  return (
    <Outcome icon={<Clock aria-hidden className="size-12 text-brand-800" />} title="Confirming your payment…">
      <p className="text-stone-700" role="status">
        {waitedLong
          ? 'Stripe has not confirmed the payment yet. It can take a few minutes: your teams page will show Paid once it has.'
          : 'Stripe is confirming your payment. This page updates by itself in a few seconds.'}
      </p>
    </Outcome>
  );
}
