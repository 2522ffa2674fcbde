// Whether the auction's lots are live on this page: the stream is open, or being re-opened.
import type { LiveState } from './queries';

export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-stone-700">
      <span aria-hidden className={`size-2.5 rounded-full ${state === 'live' ? 'bg-green-600' : 'bg-amber-500'}`} />
      {state === 'live' ? 'Live' : state === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </p>
  );
}
