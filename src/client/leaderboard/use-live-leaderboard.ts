// Live updates for one board (R22): the server pushes the whole board as a `leaderboard` event after every saved score,
// from whichever app process saved it. EventSource reconnects by itself after a dropped connection; after a reconnect
// the board is read again, since saves made while disconnected were not pushed to us.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Leaderboard, PublicLeaderboards } from '../../shared/tournament-day';
import { leaderboardEventsUrl, leaderboardsQuery } from './queries';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** When the server refuses the stream outright (EventSource then gives up), try again after this long. */
const RETRY_AFTER_CLOSE_MS = 5_000;

/** The newer of two versions of a board: a refetch answered late must not undo a pushed update. */
const newer = (current: Leaderboard, incoming: Leaderboard) => (Date.parse(incoming.updatedAt) >= Date.parse(current.updatedAt) ? incoming : current);

export function useLiveLeaderboard(tournamentId: string): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const source = new EventSource(leaderboardEventsUrl(tournamentId));
    let retry: ReturnType<typeof setTimeout> | undefined;
    let dropped = attempt > 0;
    source.onopen = () => {
      setState('live');
      if (dropped) void queryClient.invalidateQueries({ queryKey: leaderboardsQuery.queryKey });
      dropped = false;
    };
    source.onerror = () => {
      dropped = true;
      setState('reconnecting');
      // A refusal (say the tournament was just closed) ends the stream for good: read the list, then try once more later.
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: leaderboardsQuery.queryKey });
        retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_AFTER_CLOSE_MS);
      }
    };
    source.addEventListener('leaderboard', (event) => {
      const board = JSON.parse((event as MessageEvent<string>).data) as Leaderboard;
      queryClient.setQueryData<PublicLeaderboards>(leaderboardsQuery.queryKey, (current) =>
        current ? { leaderboards: current.leaderboards.map((b) => (b.tournament.id === board.tournament.id ? newer(b, board) : b)) } : current,
      );
    });
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [tournamentId, attempt, queryClient]);

  return state;
}
