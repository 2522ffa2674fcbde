// The day's numbers at the check-in table (R19): golfers checked in of those expected, live for every phone and laptop at
// the table through the leaderboard feed's channel (GET /api/admin/golfers/check-in-events, docs/decisions/116).
import { useEffect, useState } from 'react';

interface Tally {
  checkedIn: number;
  expected: number;
}

export function useCheckInTally(tournamentId: string): Tally | null {
  const [tally, setTally] = useState<{ tournamentId: string; value: Tally } | null>(null);
  useEffect(() => {
    if (!tournamentId) return;
    // EventSource re-opens a dropped stream by itself, and the stream sends the count at once when it opens.
    const source = new EventSource(`/api/admin/golfers/check-in-events?${new URLSearchParams({ tournamentId })}`);
    source.addEventListener('tally', (event) =>
      setTally({ tournamentId, value: JSON.parse((event as MessageEvent<string>).data) as Tally }),
    );
    return () => source.close();
  }, [tournamentId]);
  return tally?.tournamentId === tournamentId ? tally.value : null;
}

/** The tally's box; before the stream's first count it stands in its place with dashes (arriving, it pushed the list down). */
export function CheckInTally({ tally }: { tally: Tally | null }) {
  const share = tally?.expected ? Math.round((100 * tally.checkedIn) / tally.expected) : 0;
  return (
    <div
      className="rounded-lg border border-stone-200 bg-white p-3"
      aria-live="polite"
      aria-busy={tally ? undefined : true}
      aria-label="Checked in today"
    >
      <p className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-stone-700">Checked in</span>
        <span className="text-2xl font-bold tabular-nums">
          {tally ? tally.checkedIn.toLocaleString() : '—'}{' '}
          <span className="text-base font-medium text-stone-600">/ {tally ? tally.expected.toLocaleString() : '—'}</span>
        </span>
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden>
        <div className="h-full rounded-full bg-green-700" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
