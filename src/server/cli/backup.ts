// `npm run backup -- --out FILE`: one consistent copy of the database the settings select, while the server runs (R46).
import { databaseName, loadConfig } from '../config';
import { backupToFile } from '../backups/commands';
import { describeBackup } from '../backups/describe';
import { parseFlags, runCli, UsageError } from './args';

const USAGE = 'npm run backup -- --out FILE';

await runCli(USAGE, async () => {
  const flags = parseFlags(process.argv.slice(2), ['out']);
  if (!flags.out) throw new UsageError('Missing --out');
  const config = loadConfig();
  const { header, bytes, via } = await backupToFile(config, flags.out);
  console.log(
    `Backed up ${databaseName(config)}${via === 'server' ? ' (through the running server)' : ''} to ${flags.out}: ${describeBackup(header, bytes)}`,
  );
});
