// One line about a backup, for the CLI and the log.
import { formatBytes } from '../../shared/file-size';
import type { BackupHeader } from './backup-file';

const ROWS_NAMED = ['teams', 'players', 'payments', 'player_scores'] as const;

export function describeBackup(header: BackupHeader, bytes?: number): string {
  const rows = (name: string) => header.tables.find((t) => t.name === name)?.rows ?? 0;
  const total = header.tables.reduce((sum, t) => sum + t.rows, 0);
  const size = bytes === undefined ? '' : `${formatBytes(bytes)}, `;
  return `${size}${total} rows in ${header.tables.length} tables (${ROWS_NAMED.map((n) => `${rows(n)} ${n.replace('_', ' ')}`).join(', ')}), schema ${header.schema.tag}, taken ${header.createdAt}`;
}
