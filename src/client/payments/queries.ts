// The payment ledger's server state (admin only): one page with totals, and an admin's change to a record.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentUpdateInput } from '../../shared/admin-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export interface PaymentParams {
  tournamentId: string;
  state: string;
  page: number;
}
export type Ledger = ApiAnswer<'/api/admin/payments'>;
export type PaymentRow = Ledger['payments'][number];

export function paymentSearch({ page, ...filters }: PaymentParams, withPage = true): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (withPage) params.set('page', String(page));
  return params.toString();
}

export const ledgerQuery = (params: PaymentParams) =>
  queryOptions({
    queryKey: ['admin', 'payments', params],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/payments'>>(`/api/admin/payments?${paymentSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A payment's history, oldest first (R26). */
export const paymentHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'payments', id, 'history'],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/payments/:id/history'>>(`/api/admin/payments/${id}/history`, { signal }).then((r) => r.events),
  });

/** Refund a card payment through Stripe (R23). */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ApiAnswer<'/api/admin/payments/:id/refund', 'post'>>(`/api/admin/payments/${id}/refund`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: PaymentUpdateInput & { id: string }) =>
      api<ApiAnswer<'/api/admin/payments/:id', 'patch'>>(`/api/admin/payments/${id}`, { method: 'PATCH', body: input }),
    // The team's status moves with the record: the Teams list and the dashboard change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
