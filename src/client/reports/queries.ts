// The Reports page's server state (admin only): the form's choices and one page of a generated report.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export interface ReportParams {
  tournamentId: string;
  from: string;
  to: string;
  teamId: string;
  status: string;
  page: number;
}
export type Report = ApiAnswer<'/api/admin/reports'>;

export function reportSearch({ page, ...filters }: ReportParams, withPage = true): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (withPage) params.set('page', String(page));
  return params.toString();
}

export const reportOptionsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'options', tournamentId],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/reports/options'>>(`/api/admin/reports/options${tournamentId ? `?tournamentId=${tournamentId}` : ''}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const reportQuery = (params: ReportParams | null) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'report', params],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/reports'>>(`/api/admin/reports?${reportSearch(params!)}`, { signal }),
    enabled: params != null,
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 400),
  });
