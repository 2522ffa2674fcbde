// A receipt and a year statement (R39): read with the e-mail link's key, or as the signed-in payer or staff.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type ReceiptAnswer = ApiAnswer<'/api/receipts/:id'>;
export type StatementAnswer = ApiAnswer<'/api/statements'>;

export const receiptQuery = (paymentId: string, key: string) =>
  queryOptions({
    queryKey: ['receipts', paymentId, key],
    queryFn: ({ signal }) =>
      api<ReceiptAnswer>(`/api/receipts/${encodeURIComponent(paymentId)}${key ? `?key=${encodeURIComponent(key)}` : ''}`, { signal }),
  });

export const statementQuery = (email: string, year: string, key: string) =>
  queryOptions({
    queryKey: ['statements', email, year, key],
    queryFn: ({ signal }) =>
      api<StatementAnswer>(`/api/statements?${new URLSearchParams({ email, year, ...(key ? { key } : {}) }).toString()}`, { signal }),
    enabled: Boolean(email && year),
  });
