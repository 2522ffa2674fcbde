// Pay now or hold for HOLD_HOURS (default hold). What 'Pay now' does depends on whether card payments are on (R23).
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { HOLD_HOURS } from '../../shared/editing-lock';
import { cn } from '../ui/cn';
import { activeTournamentsQuery } from './queries';

export function PaymentOption() {
  const { register, watch } = useFormContext();
  const chosen = watch('paymentOption');
  // Already loaded by the dashboard: the server's hold length and whether Stripe is connected.
  const { data } = useQuery(activeTournamentsQuery);
  const holdHours = data?.holdHours ?? HOLD_HOURS;
  const options = [
    { value: 'hold', label: `Hold for ${holdHours} hours`, text: 'Keep your place while we confirm your payment with you.' },
    {
      value: 'pay',
      label: 'Pay now',
      text: data?.cardPayments
        ? "Pay by card on Stripe's secure page right after registering."
        : 'Pay by card (coming once card payments are connected).',
    },
  ] as const;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-stone-800">Payment option</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer gap-3 rounded-md border p-3',
              chosen === o.value ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-white',
            )}
          >
            <input type="radio" value={o.value} className="mt-1 size-4 accent-brand-800" {...register('paymentOption')} />
            <span>
              <span className="block text-sm font-semibold">{o.label}</span>
              <span className="block text-sm text-stone-600">{o.text}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
