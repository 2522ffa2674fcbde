// The Golfers page's server state: a page of a tournament's golfers, the teams to add to, and check-in, add and delete.
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AddGolferInput } from '../../shared/golfer-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type GolferPage = ApiAnswer<'/api/admin/golfers'>;
export type Golfer = GolferPage['golfers'][number];

/** Every page of every golfer list (golfersQuery's keys). */
const GOLFER_LISTS = ['admin', 'golfers'];

/**
 * After a golfer's save: the lists read again. A read already on its way when the save ended was answered before it
 * (a slow search, say) and is dropped first: invalidating alone would join it, for a list with nothing shown yet, and
 * its answer would undo the save on screen.
 */
async function rereadGolferLists(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: GOLFER_LISTS });
  await queryClient.invalidateQueries({ queryKey: GOLFER_LISTS });
}

/** A golfer as the server saved it, in every list that shows them. */
function showSavedGolfer(queryClient: QueryClient, golfer: Partial<Golfer> & { id: string }) {
  queryClient.setQueriesData<GolferPage>({ queryKey: GOLFER_LISTS }, (page) =>
    page ? { ...page, golfers: page.golfers.map((g) => (g.id === golfer.id ? { ...g, ...golfer } : g)) } : page,
  );
}

export const golfersQuery = (tournamentId: string, q: string, page: number) =>
  queryOptions({
    queryKey: [...GOLFER_LISTS, tournamentId, { q, page }],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/golfers'>>(`/api/admin/golfers?${new URLSearchParams({ tournamentId, q, page: String(page) })}`, {
        signal,
      }),
    enabled: Boolean(tournamentId),
    placeholderData: keepPreviousData,
  });

export const golferTeamsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'golfer-teams', tournamentId],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/golfers/teams'>>(`/api/admin/golfers/teams?tournamentId=${tournamentId}`, { signal }).then((r) => r.teams),
  });

export function useSetCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, checkedIn }: { id: string; checkedIn: boolean }) =>
      api<ApiAnswer<'/api/admin/golfers/:playerId/check-in', 'put'>>(`/api/admin/golfers/${id}/check-in`, {
        method: 'PUT',
        body: { checkedIn },
      }),
    // The switch moves at once (a list read on its way is dropped first: its answer would move it back); the saved row
    // (who, when) replaces it, or a failure puts it back.
    onMutate: async ({ id, checkedIn }) => {
      await queryClient.cancelQueries({ queryKey: GOLFER_LISTS });
      queryClient.setQueriesData<GolferPage>({ queryKey: GOLFER_LISTS }, (page) =>
        page ? { ...page, golfers: page.golfers.map((g) => (g.id === id ? { ...g, checkedIn } : g)) } : page,
      );
    },
    onSuccess: ({ golfer }) => showSavedGolfer(queryClient, golfer),
    onSettled: () => rereadGolferLists(queryClient),
  });
}

export function useAddGolfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddGolferInput) => api<ApiAnswer<'/api/admin/golfers', 'post'>>('/api/admin/golfers', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeleteGolfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/golfers/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** R29: a golfer's Handicap Index, set at the desk; the list shows the saved value. */
export function useSetHandicap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handicapIndex }: { id: string; handicapIndex: number | null }) =>
      api<ApiAnswer<'/api/admin/golfers/:playerId/handicap', 'put'>>(`/api/admin/golfers/${id}/handicap`, {
        method: 'PUT',
        body: { handicapIndex },
      }),
    onSuccess: ({ golfer }) => showSavedGolfer(queryClient, golfer),
  });
}
