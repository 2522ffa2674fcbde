import type { PaymentStatus } from '../../shared/payment-status';
import { PAYMENT_STATUS_LABELS } from '../../shared/payment-status';
import { cn } from './cn';

const TONES: Record<PaymentStatus, string> = {
  paid: 'bg-green-100 text-green-900 ring-green-700/30',
  in_progress: 'bg-sky-100 text-sky-900 ring-sky-700/30',
  pending: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  hold: 'bg-stone-200 text-stone-900 ring-stone-600/30',
  expired: 'bg-red-100 text-red-900 ring-red-700/30',
};

/** The payment badge, labelled the same on every screen (R15). */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', TONES[status])}>
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}
