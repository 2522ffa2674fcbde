// `npm run restore -- FILE`: puts a backup into the database the settings select, which must be empty (R46).
import { parseArgs } from 'node:util';
import { databaseName, loadConfig } from '../config';
import { restoreFromFile } from '../backups/commands';
import { describeBackup } from '../backups/describe';
import { runCli, UsageError } from './args';

const USAGE = 'npm run restore -- FILE';

await runCli(USAGE, async () => {
  let file: string | undefined;
  try {
    const { positionals } = parseArgs({ args: process.argv.slice(2), options: {}, strict: true, allowPositionals: true });
    if (positionals.length > 1) throw new UsageError('Give one backup file');
    file = positionals[0];
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError((error as Error).message.split('. ')[0]!);
  }
  if (!file) throw new UsageError('Missing the backup file');
  const config = loadConfig();
  const header = await restoreFromFile(config, file);
  console.log(`Restored ${file} into ${databaseName(config)}: ${describeBackup(header)}; migrated to this version's schema.`);
});
