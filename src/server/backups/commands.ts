// What `npm run backup` and `npm run restore` do, given the settings (the CLI scripts only parse arguments and print).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/connect';
import { DataDirBusyError } from '../db/data-dir-lock';
import { makePrivateDir } from '../db/private-files';
import { verifyBackupFile, writeBackup, writeFileAtomically, BackupRefused, type BackupHeader } from './backup-file';
import { requestBackup } from './backup-socket';
import { checkBackupFile, restoreBackup } from './restore';

/**
 * Writes a backup of the configured database to `out` (R46). PostgreSQL: from this process, beside a running server. The
 * embedded database: opened here when no server holds it, else written by the server that does (backup-socket.ts).
 */
export async function backupToFile(
  config: Config,
  out: string,
): Promise<{ header: BackupHeader; bytes: number; via: 'direct' | 'server' }> {
  // A folder that does not exist yet is made for it, the portal's user's alone (decision 092); one that exists must be.
  if (!existsSync(dirname(resolve(out)))) makePrivateDir(dirname(resolve(out)));
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION')))
    throw new BackupRefused(`There is no embedded database in ${config.dataDir} to back up.`);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    // The running server writes it; we check what arrived end to end before it takes the name.
    let header: BackupHeader | undefined;
    const { bytes } = await writeFileAtomically(
      out,
      (stream) => requestBackup(config.dataDir, stream),
      async (partial) => {
        header = (
          await verifyBackupFile(partial).catch(() => {
            throw new BackupRefused('The server stopped before the backup was complete; the previous file (if any) is unchanged.');
          })
        ).header;
      },
    );
    return { header: header!, bytes, via: 'server' };
  }
  try {
    const { result: header, bytes } = await writeFileAtomically(out, (stream) => writeBackup(database.db, database.kind, stream));
    return { header, bytes, via: 'direct' };
  } finally {
    await database.close();
  }
}

/**
 * Restores `file` into the configured database, which must be empty (R46): checked before the database is opened, loaded in
 * one transaction, then migrated forward by the same migrator a server start runs (R47).
 */
export async function restoreFromFile(config: Config, file: string): Promise<BackupHeader> {
  const backup = await checkBackupFile(file);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  } catch (error) {
    if (error instanceof DataDirBusyError) throw new BackupRefused(`${error.message} Nothing was changed.`);
    throw error;
  }
  try {
    const header = await restoreBackup(database, backup);
    await migrateDatabase(database);
    return header;
  } finally {
    await database.close();
  }
}
