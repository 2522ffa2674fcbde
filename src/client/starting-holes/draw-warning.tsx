// The draw is out of date when teams registered after it (R20: they get no hole until the organiser draws again): said
// beside Assign Teams and on the starting sheet (never on paper), so no team is left off the sheet unnoticed.
import { TriangleAlert } from 'lucide-react';
import { cn } from '../ui/cn';

const teams = (n: number) => `${n} ${n === 1 ? 'team has' : 'teams have'}`;

/** 'n teams have no starting hole yet: Assign Teams again', or null when the draw is whole (or not made: nothing to redo). */
export function drawOutOfDateText(
  { teams: all, teamsWithoutHole: n }: { teams: number; teamsWithoutHole: number },
  admin = true,
): string | null {
  if (n === 0 || n >= all) return null;
  return `${teams(n)} no starting hole yet: ${admin ? 'Assign Teams again' : 'an admin draws again with Assign Teams'}`;
}

/** Drawing again moves the teams already scoring: said in the confirmation. */
export function scoredTeamsText(n: number): string | null {
  if (n === 0) return null;
  return `${teams(n)} scores already. Their scores stay, but their starting holes will change: tell their scorers.`;
}

export function DrawWarning({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn('flex items-start gap-1.5 text-sm font-medium text-amber-900 print:hidden', className)}>
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      {text}
    </p>
  );
}

/**
 * R31: what the draw will do with this field: one team per hole, or how many holes take two groups (par 5s first, then
 * 4s, then 3s), or that the field does not fit. Said in Assign Teams' confirmation.
 */
export function groupsText({
  teams: n,
  holes,
  singleGroupHoles,
}: {
  teams: number;
  holes: number;
  singleGroupHoles: number;
}): string | null {
  if (holes === 0 || n === 0) return null;
  if (n <= holes) return `One team per hole: ${n} of the ${holes} holes ${n === 1 ? 'gets' : 'get'} a team.`;
  const capacity = 2 * holes - singleGroupHoles;
  if (n > capacity) return `Too many teams (${n}) for available holes (${capacity}): the draw will be refused.`;
  const doubled = n - holes;
  return `${doubled} of the ${holes} holes ${doubled === 1 ? 'gets' : 'get'} two groups (A and B), par 5s first, then par 4s, then par 3s${
    singleGroupHoles ? `; ${singleGroupHoles} ${singleGroupHoles === 1 ? 'hole stays' : 'holes stay'} single` : ''
  }.`;
}
