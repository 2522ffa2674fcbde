// The Reports page's server state (admin only): the form's choices and one page of a generated report.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PaymentStatus } from '../../shared/payment-status';
import { api } from '../lib/api';

export interface ReportParams {
  tournamentId: string;
  from: string;
  to: string;
  teamId: string;
  status: string;
  page: number;
}
export interface ReportRow {
  id: string;
  name: string;
  company: string;
  levelName: string | null;
  registeredOn: string;
  status: PaymentStatus;
  golfers: number;
  amountCents: number;
}
export interface ReportTournament {
  id: string;
  name: string;
  active: boolean;
}
export interface Report {
  tournaments: ReportTournament[];
  tournamentId: string | null;
  rows: ReportRow[];
  totals: { teams: number; golfers: number; byStatus: Record<PaymentStatus, number>; expectedCents: number; receivedCents: number; outstandingCents: number; expiredCents: number };
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  currency: string;
  timeZone: string;
}
export interface ReportOptions {
  tournaments: ReportTournament[];
  tournamentId: string | null;
  teams: { id: string; name: string }[];
}

export function reportSearch({ page, ...filters }: ReportParams, withPage = true): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (withPage) params.set('page', String(page));
  return params.toString();
}

export const reportOptionsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'options', tournamentId],
    queryFn: ({ signal }) => api<ReportOptions>(`/api/admin/reports/options${tournamentId ? `?tournamentId=${tournamentId}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const reportQuery = (params: ReportParams | null) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'report', params],
    queryFn: ({ signal }) => api<Report>(`/api/admin/reports?${reportSearch(params!)}`, { signal }),
    enabled: params != null,
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 400),
  });
