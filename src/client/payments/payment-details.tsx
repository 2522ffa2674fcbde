// A payment's details in the ledger (R23, R26): its history, oldest first, and the refund of a card payment.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../shared/money';
import { PAYMENT_EVENT_LABELS, PAYMENT_STATUS_LABELS } from '../../shared/payment-status';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { paymentHistoryQuery, useRefundPayment, type PaymentRow } from './queries';

export function PaymentDetails({ payment, currency }: { payment: PaymentRow; currency?: string }) {
  const history = useQuery(paymentHistoryQuery(payment.id));
  const refund = useRefundPayment();
  const [confirming, setConfirming] = useState(false);
  const money = (cents: number) => formatMoney(cents, currency);
  const refundable = payment.providerRef != null && payment.refundedCents === 0 && payment.amountCents > 0;

  const doRefund = () =>
    refund.mutate(payment.id, {
      onSuccess: () => {
        notify.success(`Refunded ${money(payment.amountCents)} to the card`);
        setConfirming(false);
        void history.refetch();
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to refund the payment')),
    });

  return (
    <section aria-label="Payment details" className="mt-6 flex flex-col gap-3 border-t border-stone-200 pt-4">
      {payment.providerRef ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p>
            Card payment <span className="font-mono text-xs">{payment.providerRef}</span>
            {payment.refundedCents > 0 ? (
              <span className="ml-2 font-semibold text-red-800">Refunded {money(payment.refundedCents)}</span>
            ) : null}
          </p>
          {refundable && !confirming ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              Refund…
            </Button>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <div
          role="group"
          aria-label="Confirm the refund"
          className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm"
        >
          <p>Give {money(payment.amountCents)} back to the card through Stripe? This cannot be undone.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" size="sm" onClick={doRefund} disabled={refund.isPending}>
              {refund.isPending ? 'Refunding…' : `Refund ${money(payment.amountCents)}`}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep the payment
            </Button>
          </div>
        </div>
      ) : null}
      <h3 className="text-sm font-semibold text-stone-800">History</h3>
      {history.isPending ? <p className="text-sm text-stone-600">Loading the history…</p> : null}
      {history.isError ? <p className="text-sm text-red-800">Failed to load the history</p> : null}
      {history.data ? (
        <ol aria-label="Payment history" className="flex flex-col gap-2 text-sm">
          {history.data.map((e) => (
            <li key={e.id} className="rounded-md bg-stone-50 px-3 py-2">
              <p className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium">{PAYMENT_EVENT_LABELS[e.kind]}</span>
                <span className="text-stone-600">{formatDateTime(e.createdAt)}</span>
              </p>
              <p className="text-stone-700">
                {e.fromState && e.fromState !== e.toState ? `${PAYMENT_STATUS_LABELS[e.fromState]} → ` : ''}
                {PAYMENT_STATUS_LABELS[e.toState]} · {money(e.amountCents)} · {e.by}
              </p>
              {e.note ? <p className="break-words text-xs text-stone-600">{e.note}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
