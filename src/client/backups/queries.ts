// The Data page's one call: the scheduled copies' settings and the last copy written (R46).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type BackupStatus = ApiAnswer<'/api/admin/backups'>;

export const backupStatusQuery = () =>
  queryOptions({
    queryKey: ['admin', 'backups'],
    queryFn: ({ signal }) => api<BackupStatus>('/api/admin/backups', { signal }),
  });
