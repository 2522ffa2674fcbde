import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A white panel. `compact` pads less, for a card inside a card or a small stat (cn does not merge classes: a `p-*` in
 * className would lose to the card's own). */
export function Card({ className, compact = false, ...props }: HTMLAttributes<HTMLElement> & { compact?: boolean }) {
  return (
    <section
      className={cn('rounded-lg border border-stone-200 bg-white shadow-sm', compact ? 'p-3 sm:p-5' : 'p-5 sm:p-6', className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold text-stone-900', className)} {...props} />;
}
