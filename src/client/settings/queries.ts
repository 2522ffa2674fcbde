// Admin → Settings' calls (R51): the settings, saving them, and the test e-mail.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import type { OrganisationInput } from '../../shared/settings-schemas';
import type { FeeRule } from '../../shared/pricing';

export type Settings = ApiAnswer<'/api/admin/settings'>;
export type TestEmailAnswer = ApiAnswer<'/api/admin/settings/test-email', 'post'>;

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => api<Settings>('/api/admin/settings', { signal }),
  });

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationInput) => api<Settings>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(settingsQuery().queryKey, saved);
      // The tournament form's preview names the organisation.
      void client.invalidateQueries({ queryKey: ['admin', 'tournaments'] });
    },
  });
}

/** R58: the card fee rule a payer may cover, saved apart from the details (PUT /api/admin/settings/fee). */
export function useSaveFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeRule) => api<Settings>('/api/admin/settings/fee', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(settingsQuery().queryKey, saved),
  });
}

export const useTestEmail = () =>
  useMutation({
    mutationFn: (to: string) => api<TestEmailAnswer>('/api/admin/settings/test-email', { method: 'POST', body: { to } }),
  });
