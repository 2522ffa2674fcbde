// The payment ledger's server state (admin only): one page with totals, and an admin's change to a record.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentUpdateInput } from '../../shared/admin-schemas';
import type { PaymentStatus } from '../../shared/payment-status';
import { api } from '../lib/api';

export interface PaymentParams {
  tournamentId: string;
  state: string;
  page: number;
}
export interface PaymentRow {
  id: string;
  teamId: string;
  teamName: string;
  teamStatus: PaymentStatus;
  tournamentName: string;
  levelName: string | null;
  amountCents: number;
  state: PaymentStatus;
  note: string;
  createdAt: string;
}
export interface Ledger {
  payments: PaymentRow[];
  totals: { count: number; expectedCents: number; receivedCents: number; outstandingCents: number };
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  tournaments: { id: string; name: string }[];
  currency: string;
}

export function paymentSearch({ page, ...filters }: PaymentParams, withPage = true): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (withPage) params.set('page', String(page));
  return params.toString();
}

export const ledgerQuery = (params: PaymentParams) =>
  queryOptions({
    queryKey: ['admin', 'payments', params],
    queryFn: ({ signal }) => api<Ledger>(`/api/admin/payments?${paymentSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: PaymentUpdateInput & { id: string }) => api<{ payment: PaymentRow }>(`/api/admin/payments/${id}`, { method: 'PATCH', body: input }),
    // The team's status moves with the record: the Teams list and the dashboard change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
