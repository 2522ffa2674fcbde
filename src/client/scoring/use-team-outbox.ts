// One team's view of the phone's outbox (outbox.ts): its saves waiting, its open conflicts, a refusal to tell. When a save
// of the team syncs, the card the server answered replaces the cached one and the boards that show the team refresh.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useReads } from '../lib/first-load-reads';
import { outboxState, startOutbox, subscribeOutbox } from './outbox';
import { scoreSheetQuery } from './queries';

export function useTeamOutbox(teamId: string) {
  const state = useSyncExternalStore(subscribeOutbox, outboxState);
  const queryClient = useQueryClient();
  const { leaderboard } = useReads();
  useEffect(() => {
    void startOutbox().catch(() => undefined);
  }, []);
  const synced = state.synced[teamId];
  useEffect(() => {
    if (!synced) return;
    queryClient.setQueryData(scoreSheetQuery(teamId).queryKey, synced);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'score-report'] });
    leaderboard.invalidate();
  }, [synced, teamId, queryClient, leaderboard]);
  const saves = useMemo(() => state.saves.filter((s) => s.teamId === teamId), [state.saves, teamId]);
  const conflicts = useMemo(() => state.conflicts.filter((c) => c.teamId === teamId), [state.conflicts, teamId]);
  return { saves, conflicts, refused: state.refused, sending: state.sending };
}
