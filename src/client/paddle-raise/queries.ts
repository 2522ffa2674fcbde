// The paddle raise (R56): staff's raises and keypad, a guest's pledge page (signed in, or through their golfer link), and
// TV mode's board.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, retryUnlessRefused } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { formatMoney } from '../../shared/money';

export type RaiseList = ApiAnswer<'/api/admin/paddle-raises'>;
export type Raise = RaiseList['raises'][number];
export type KeypadView = ApiAnswer<'/api/admin/paddle-raises/:id'>;
export type PledgePage = ApiAnswer<'/api/paddle-raises/:tournamentId/mine'>;
export type PaddleBoard = ApiAnswer<'/api/paddle-raises/:tournamentId/board'>;

/** A level on a button: "$5,000" (cents only when it has some). */
export const levelLabel = (cents: number, currency: string) => formatMoney(cents, currency).replace(/\.00$/, '');

export const raisesQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'paddle-raises', tournamentId],
    queryFn: ({ signal }) => api<RaiseList>(`/api/admin/paddle-raises?tournamentId=${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

export const keypadQuery = (raiseId: string) =>
  queryOptions({
    queryKey: ['admin', 'paddle-raise', raiseId],
    queryFn: ({ signal }) => api<KeypadView>(`/api/admin/paddle-raises/${raiseId}`, { signal }),
    enabled: Boolean(raiseId),
  });

/** Every staff change refreshes the staff's reads (the list, the keypad). */
function useStaffMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useOpenRaise = () =>
  useStaffMutation((body: { tournamentId: string; title: string; levels: string }) =>
    api<ApiAnswer<'/api/admin/paddle-raises', 'post'>>('/api/admin/paddle-raises', { body }),
  );

export const useCloseRaise = () =>
  useStaffMutation((raiseId: string) => api<Raise>(`/api/admin/paddle-raises/${raiseId}/close`, { method: 'POST' }));

export const useRecordPaddle = (raiseId: string) =>
  useStaffMutation((body: { amountCents: number; bidderNumber: number }) =>
    api<ApiAnswer<'/api/admin/paddle-raises/:id/pledges', 'post'>>(`/api/admin/paddle-raises/${raiseId}/pledges`, { body }),
  );

export const useUndoPledge = (raiseId: string) =>
  useStaffMutation((pledgeId: string) =>
    api<{ id: string }>(`/api/admin/paddle-raises/${raiseId}/pledges/${pledgeId}/undo`, { method: 'POST' }),
  );

export const useAddBidder = () =>
  useStaffMutation((body: { tournamentId: string; name: string; email: string; showName: boolean }) =>
    api<ApiAnswer<'/api/admin/paddle-raises/bidders', 'post'>>('/api/admin/paddle-raises/bidders', { body }),
  );

/** Where a guest's page reads and writes: signed in at a tournament, or through their golfer link. */
export type PledgerPath = { tournamentId: string } | { token: string };
const pledgerBase = (who: PledgerPath) =>
  'token' in who ? `/api/paddle-raises/golfer/${encodeURIComponent(who.token)}` : `/api/paddle-raises/${who.tournamentId}`;

export const pledgePageQuery = (who: PledgerPath) =>
  queryOptions({
    queryKey: ['paddle-raise', 'mine', who],
    queryFn: ({ signal }) => api<PledgePage>('token' in who ? pledgerBase(who) : `${pledgerBase(who)}/mine`, { signal }),
    retry: retryUnlessRefused,
  });

export function usePledge(who: PledgerPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { raiseId: string; amountCents: number; showName: boolean }) =>
      api<{ id: string; amountCents: number; bidderNumber: number }>(`${pledgerBase(who)}/pledges`, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['paddle-raise', 'mine'] }),
  });
}

/** Pay pledges by card: the answer's URL is Stripe's payment page. */
export const usePayPledges = (who: PledgerPath) =>
  useMutation({
    mutationFn: (pledgeIds: string[]) =>
      api<{ url: string; sessionId: string; amountCents: number }>(`${pledgerBase(who)}/pay`, { body: { pledgeIds } }),
  });

export const boardQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['paddle-raise', 'board', tournamentId],
    queryFn: ({ signal }) => api<PaddleBoard>(`/api/paddle-raises/${tournamentId}/board`, { signal }),
    retry: () => true,
    retryDelay: 5_000,
  });

export const PADDLE_EVENTS_URL = '/api/paddle-raises/events';
