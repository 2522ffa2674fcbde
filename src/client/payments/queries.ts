// The payment ledger's server state (admin only): one page with totals, and an admin's change to a record.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentUpdateInput } from '../../shared/admin-schemas';
import type { PaymentEventKind, PaymentStatus } from '../../shared/payment-status';
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
  /** Stripe's reference of a card payment (R23). */
  providerRef: string | null;
  refundedCents: number;
  createdAt: string;
}
export interface PaymentEvent {
  id: string;
  kind: PaymentEventKind;
  fromState: PaymentStatus | null;
  toState: PaymentStatus;
  amountCents: number;
  providerEventId: string | null;
  note: string;
  by: string;
  createdAt: string;
}
export interface Ledger {
  payments: PaymentRow[];
  totals: { count: number; expectedCents: number; receivedCents: number; outstandingCents: number; expiredCents: number };
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

/** A payment's history, oldest first (R26). */
export const paymentHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'payments', id, 'history'],
    queryFn: ({ signal }) => api<{ events: PaymentEvent[] }>(`/api/admin/payments/${id}/history`, { signal }).then((r) => r.events),
  });

/** Refund a card payment through Stripe (R23). */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ payment: PaymentRow; refundId: string }>(`/api/admin/payments/${id}/refund`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useUpdatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: PaymentUpdateInput & { id: string }) => api<{ payment: PaymentRow }>(`/api/admin/payments/${id}`, { method: 'PATCH', body: input }),
    // The team's status moves with the record: the Teams list and the dashboard change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
