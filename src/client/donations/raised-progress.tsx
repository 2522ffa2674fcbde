// Raised against the goal (R38): the one figure every page shows, as a bar when there is a goal.
import { formatMoney } from '../../shared/money';
import { GoalBar } from './goal-bar';
import type { Raised } from './queries';

export function RaisedProgress({ raised, currency }: { raised: Pick<Raised, 'raisedCents' | 'goalCents'>; currency: string }) {
  const { raisedCents, goalCents } = raised;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-stone-700">
        <span className="text-2xl font-bold tabular-nums text-stone-900">{formatMoney(raisedCents, currency)}</span> raised
        {goalCents ? <> of a {formatMoney(goalCents, currency)} goal</> : null}
      </p>
      {goalCents ? (
        <GoalBar raisedCents={raisedCents} goalCents={goalCents} className="w-full bg-stone-200" barClassName="bg-brand-700" />
      ) : null}
    </div>
  );
}
