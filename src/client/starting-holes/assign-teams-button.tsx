// Assign Teams (spec §2 Tournaments, R20): after a confirmation, the server draws every team's starting hole again.
// Its refusals are the spec's messages (§8: no course, no holes, no teams, too many teams), shown as they come. Beside the
// button: how many teams the current draw leaves out; in the confirmation: how many teams already have scores.
import { useQuery } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { Button, type ButtonProps } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { DrawWarning, drawOutOfDateText, groupsText, scoredTeamsText } from './draw-warning';
import { drawStatusQuery, useAssignTeams } from './queries';

const teamsWord = (n: number) => `${n} ${n === 1 ? 'team' : 'teams'}`;

interface Props {
  tournament: { id: string; name: string };
  size?: ButtonProps['size'];
  /** Off where the page says it itself (the starting sheet). */
  warn?: boolean;
}

export function AssignTeamsButton({ tournament, size = 'sm', warn = true }: Props) {
  const [open, setOpen] = useState(false);
  const assign = useAssignTeams();
  // A failed status read only leaves the warnings out: the draw itself does not depend on it.
  const { data: status } = useQuery({ ...drawStatusQuery, select: (d) => d.tournaments.find((x) => x.tournamentId === tournament.id) });
  const outOfDate = warn && status ? drawOutOfDateText(status) : null;
  const scored = status ? scoredTeamsText(status.teamsWithScores) : null;
  const groups = status ? groupsText(status) : null;
  const confirm = () =>
    assign.mutate(tournament.id, {
      onSuccess: (sheet) => notify.success(`Starting holes drawn for ${teamsWord(sheet.assignments.length)}`),
      onError: (error) => notify.error(errorMessage(error, 'Failed to assign teams to holes')),
      onSettled: () => setOpen(false),
    });
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        <Shuffle aria-hidden className="size-4" />
        Assign Teams<span className="sr-only"> of {tournament.name}</span>
      </Button>
      {outOfDate ? <DrawWarning text={outOfDate} className="basis-full" /> : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Assign teams to starting holes?"
        message={
          <>
            <p>
              Every team of <strong>{tournament.name}</strong> gets a starting hole at random. This replaces any earlier draw: print the
              starting sheet, scorecards and cart signs again afterwards.
            </p>
            {groups ? <p className="mt-3 font-medium">{groups}</p> : null}
            {scored ? <DrawWarning text={scored} className="mt-3" /> : null}
          </>
        }
        confirmLabel="Assign Teams"
        busy={assign.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
