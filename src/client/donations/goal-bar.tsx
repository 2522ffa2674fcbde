// Raised against the goal as a bar (R38), one drawing for the donations card, the event page and the TV screen, each in its
// own colours (`className`: the track, `barClassName`: the filled part).
import { cn } from '../ui/cn';

export function GoalBar({
  raisedCents,
  goalCents,
  className,
  barClassName,
}: {
  raisedCents: number;
  goalCents: number;
  className: string;
  barClassName: string;
}) {
  const percent = Math.min(100, Math.round((raisedCents / goalCents) * 100));
  return (
    <div
      role="progressbar"
      aria-label="Raised against the goal"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% of the goal`}
      className={cn('h-3 overflow-hidden rounded-full', className)}
    >
      <div className={cn('h-full rounded-full', barClassName)} style={{ width: `${percent}%` }} />
    </div>
  );
}
