// The admin dashboard's one call: active tournaments and the chosen one's figures.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export const dashboardQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', tournamentId],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/dashboard'>>(
        `/api/admin/dashboard${tournamentId ? `?tournamentId=${encodeURIComponent(tournamentId)}` : ''}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
