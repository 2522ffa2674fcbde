// A payment's return page (R23): where Stripe's page sends the payer back, for every money line. It never trusts the
// redirect: it asks the line's own question every two seconds until the webhook has confirmed the money (docs/decisions/030,
// 101), and shows one of four states: waiting, paid, cancelled, failed. Each money line's page gives only its words, its
// question and its links.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../shared/money';
import { activeTournamentsQuery } from '../registration/queries';
import { useSearchParams } from '../router';
import { Card } from '../ui/card';
import type { CheckoutProgress } from './checkout-progress';

export type ReturnState = 'waiting' | 'paid' | 'cancelled' | 'failed';

/** What the page says in one state: its title, its sentence, and anything below it. */
export interface ReturnWords {
  title: string;
  text: string;
  more?: ReactNode;
}

/** The words while a payment made from the teams page (teams, items, add-ons) waits for the webhook. */
export const confirmingPayment = (waitedLong: boolean): ReturnWords => ({
  title: 'Confirming your payment…',
  text: waitedLong
    ? 'Stripe has not confirmed the payment yet. It can take a few minutes: your teams page will show Paid once it has.'
    : 'Stripe is confirming your payment. This page updates by itself in a few seconds.',
});

/** How long the page waits before it says Stripe is slow. */
const WAITED_LONG_MS = 110_000;

const ICONS: Record<ReturnState, ReactNode> = {
  waiting: <Clock aria-hidden className="size-12 text-brand-800" />,
  paid: <CheckCircle2 aria-hidden className="size-12 text-green-700" />,
  cancelled: <XCircle aria-hidden className="size-12 text-amber-700" />,
  failed: <XCircle aria-hidden className="size-12 text-red-700" />,
};

export interface PaymentReturnProps<Answer extends CheckoutProgress, Key extends QueryKey> {
  /** The money line's question about the session in `?session_id=`. */
  question: (sessionId: string) => UseQueryOptions<Answer, Error, Answer, Key>;
  /** What an address without a session means: Stripe's cancel (a team's page) or a page that cannot be checked (a gift's). */
  withoutSession: 'cancelled' | 'failed';
  words: {
    waiting: (waitedLong: boolean) => ReturnWords;
    paid: (answer: Answer, amount: string) => ReturnWords;
    cancelled: ReturnWords;
    failed: (error: Error | null) => ReturnWords;
  };
  /** The links under the words (back to the payer's page), with the answer once there is one. */
  actions: (answer: Answer | undefined) => ReactNode;
}

export function PaymentReturn<Answer extends CheckoutProgress, Key extends QueryKey>({
  question,
  withoutSession,
  words,
  actions,
}: PaymentReturnProps<Answer, Key>) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const cancelled = params.get('cancelled') === '1' || (!sessionId && withoutSession === 'cancelled');
  const status = useQuery({ ...question(sessionId), enabled: Boolean(sessionId) && !cancelled });
  const currency = useQuery(activeTournamentsQuery).data?.currency;
  const [openedAt] = useState(() => Date.now());

  const state: ReturnState = cancelled ? 'cancelled' : !sessionId || status.isError ? 'failed' : status.data?.paid ? 'paid' : 'waiting';
  const said =
    state === 'cancelled'
      ? words.cancelled
      : state === 'failed'
        ? words.failed(status.error)
        : state === 'paid'
          ? words.paid(status.data!, formatMoney(status.data!.amountCents, currency))
          : words.waiting(status.dataUpdatedAt - openedAt > WAITED_LONG_MS);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <title>{`${said.title} · Golf Tournament`}</title>
      <Card className="flex flex-col items-center gap-4 text-center">
        {ICONS[state]}
        <h1 className="text-2xl font-bold">{said.title}</h1>
        <p className="text-stone-700" role={state === 'waiting' ? 'status' : undefined}>
          {said.text}
        </p>
        {said.more}
        {actions(status.data)}
      </Card>
    </div>
  );
}
