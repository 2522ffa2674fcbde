// Raised against the goal (R38): the one figure every page shows, as a bar when there is a goal.
import { formatMoney } from '../../shared/money';
import type { Raised } from './queries';

export function RaisedProgress({ raised, currency }: { raised: Pick<Raised, 'raisedCents' | 'goalCents'>; currency: string }) {
  const { raisedCents, goalCents } = raised;
  const percent = goalCents ? Math.min(100, Math.round((raisedCents / goalCents) * 100)) : null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-stone-700">
        <span className="text-2xl font-bold tabular-nums text-stone-900">{formatMoney(raisedCents, currency)}</span> raised
        {goalCents ? <> of a {formatMoney(goalCents, currency)} goal</> : null}
      </p>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label="Raised against the goal"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% of the goal`}
          className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
        >
          <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}
