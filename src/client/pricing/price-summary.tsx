// The registration form's and the item purchase's price (R57, R58): the discount code with its 'Apply', the tick to cover
// the card fee, and the total, each asked of the server, which prices with the same function the save charges with (shared/pricing.ts).
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { formatMoney } from '../../shared/money';
import { earlyEndText } from '../../shared/event-page';
import type { QuoteInput } from '../../shared/pricing-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { activeTournamentsQuery } from '../registration/queries';

type Quote = ApiAnswer<'/api/pricing/quote', 'post'>;

export function PriceSummary(props: {
  tournamentId: string;
  /** A level (with how many teams) or a sponsorship item, as the quote asks. */
  levelId?: string;
  itemId?: string;
  quantity?: number;
  single?: boolean;
  currency: string;
  /** The price before anything is asked (the list price, or the early price while it runs). */
  fallbackCents: number;
  children: ReactNode;
}) {
  const { register, watch, getValues } = useFormContext<{ code: string | null; coverFee: boolean; paymentOption: string }>();
  const [applied, setApplied] = useState<string>(() => getValues('code') ?? '');
  const coverFee = watch('coverFee') === true;
  // Already loaded by the dashboard: whether Stripe is connected (the fee is covered at card checkout only).
  const cardPayments = useQuery(activeTournamentsQuery).data?.cardPayments === true;
  const paying = watch('paymentOption') === 'pay' && cardPayments;
  const ask: QuoteInput = {
    tournamentId: props.tournamentId,
    ...(props.itemId ? { itemId: props.itemId } : { levelId: props.levelId, quantity: props.quantity, single: props.single ?? false }),
    code: applied,
    coverFee: paying && coverFee,
  };
  const quote = useQuery({
    queryKey: ['pricing', 'quote', ask],
    queryFn: ({ signal }) => api<Quote>('/api/pricing/quote', { body: ask, signal }),
  });
  const q = quote.data;
  const money = (cents: number) => formatMoney(cents, props.currency);
  const apply = () => setApplied((getValues('code') ?? '').trim());
  return (
    <div className="flex flex-col gap-4 border-t border-stone-200 pt-4">
      <div className="flex items-end gap-2">
        <Field
          label="Discount code"
          hint="Optional"
          autoComplete="off"
          className="max-w-xs flex-1"
          error={applied && q?.codeMessage ? q.codeMessage : undefined}
          {...register('code')}
        />
        <Button type="button" variant="secondary" onClick={apply}>
          Apply
        </Button>
      </div>
      {paying && q && q.coverableFeeCents > 0 ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-800" {...register('coverFee')} />
          Cover the card fee (+{money(q.coverableFeeCents)}), a gift to the cause
        </label>
      ) : null}
      <dl aria-label="Price" className="grid gap-1 text-sm">
        {q?.early ? (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Early-bird price until {earlyEndText(q.earlyUntil!)}</dt>
            <dd>
              <s className="mr-2 text-stone-500">{money(q.listCents)}</s>
              {money(q.baseCents)}
            </dd>
          </div>
        ) : null}
        {q && q.discountCents > 0 ? (
          <div className="flex justify-between gap-3 text-brand-800">
            <dt>Code {q.code}</dt>
            <dd>−{money(q.discountCents * q.quantity)}</dd>
          </div>
        ) : null}
        {q && q.feeCents > 0 ? (
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Card fee covered (a gift)</dt>
            <dd>{money(q.feeCents)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg">
          Total: <strong>{money(q ? q.totalCents : props.fallbackCents * (props.quantity ?? 1))}</strong>
        </p>
        {props.children}
      </div>
    </div>
  );
}
