// The failed state of a page or list: what could not load, and Try again.
import { cn } from './cn';

/** A load that failed, saying what, with Try again when the page can retry. */
export function LoadFailed({ message, onRetry, className }: { message: string; onRetry?: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('py-8 text-center text-red-700', className)}>
      {message}{' '}
      {onRetry ? (
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
