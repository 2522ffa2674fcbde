// The tournament a staff page of the day shows (Score Entry, Score Report, Side Games, Messages): out of the active
// tournaments with their teams (the score-entry choices), chosen as every admin page chooses (admin/tournament-picker.tsx);
// and the page's state while those load.
import { useQuery } from '@tanstack/react-query';
import { useChosenTournament } from '../admin/tournament-picker';
import { ListState } from '../ui/table';
import { scoreEntryChoicesQuery } from './queries';

export function useChosenScoringTournament() {
  const choices = useQuery(scoreEntryChoicesQuery);
  return { choices, ...useChosenTournament(choices.data?.tournaments) };
}

/** Loading, failed (with Try again) or no tournaments at all; nothing once there is one to show. */
export function ChoicesState({ choices }: { choices: ReturnType<typeof useChosenScoringTournament>['choices'] }) {
  return (
    <ListState
      loading={choices.isPending}
      error={choices.isError}
      empty={choices.isSuccess && choices.data.tournaments.length === 0}
      emptyText="No tournaments yet."
      onRetry={() => void choices.refetch()}
    />
  );
}
