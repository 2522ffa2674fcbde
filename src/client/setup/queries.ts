// The first-run page (R50): whether its address works, and making the first admin (who is then signed in).
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { FirstAdminInput } from '../../shared/account-schemas';
import { api, retryUnlessRefused } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { useReads } from '../lib/first-load-reads';

const setupPath = (token: string) => `/api/setup/${encodeURIComponent(token)}`;

export const setupLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['setup', token],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/setup/:token'>>(setupPath(token), { signal }),
    retry: retryUnlessRefused,
  });

export function useCreateFirstAdmin(token: string) {
  const reads = useReads();
  return useMutation({
    mutationFn: (input: FirstAdminInput) => api<ApiAnswer<'/api/setup/:token', 'post'>>(setupPath(token), { body: input }),
    // The session cookie came with the answer: the header and the admin area read who is signed in from here.
    onSuccess: () => reads.me.refetch(),
  });
}
