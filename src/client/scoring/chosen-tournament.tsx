// The tournament a staff scoring page shows (Score Entry, Score Report): the one named in the address (?tournament=…),
// else the first, out of the tournaments the user may score; and the page's state while those load.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../router';
import { ListState } from '../ui/table';
import { scoreEntryChoicesQuery } from './queries';

export function useChosenTournament() {
  const choices = useQuery(scoreEntryChoicesQuery);
  const [params, setParams] = useSearchParams();
  const list = choices.data?.tournaments ?? [];
  const tournament = list.find((t) => t.id === params.get('tournament')) ?? list[0];
  return { choices, list, tournament, params, setParams };
}

/** Loading, failed (with Try again) or no tournaments at all; nothing once there is one to show. */
export function ChoicesState({ choices }: { choices: ReturnType<typeof useChosenTournament>['choices'] }) {
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
