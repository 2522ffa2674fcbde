// The embedded database serves one process (R4), so `npm run backup` cannot open a data folder the server holds: the server
// listens on a Unix socket inside DATA_DIR and writes a backup into it on request. Only someone who may read the data folder
// may connect (the socket is the folder owner's alone), the same people who could copy the folder itself.
import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import { BackupRefused, writeBackup } from './backup-file';

const REQUEST = 'backup\n';

export const backupSocketPath = (dataDir: string) => join(dataDir, 'backup.sock');

/** Serves backups on DATA_DIR/backup.sock until the answered function is called. */
export async function serveBackupSocket(database: Database, dataDir: string, logger: Logger): Promise<() => Promise<void>> {
  const path = backupSocketPath(dataDir);
  // A socket file left by a process that died: we hold the folder's lock, so it is nobody's.
  rmSync(path, { force: true });
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.once('data', (data) => {
      if (data.toString() !== REQUEST) return void socket.destroy();
      logger.info('backup requested through the data folder');
      writeBackup(database.db, database.kind, socket).then(
        () => socket.end(),
        (error: Error) => {
          logger.error('backup through the data folder failed', { error: error.message });
          socket.destroy();
        },
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return async () => {
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(path, { force: true });
  };
}

/** Asks the server holding `dataDir` for a backup and writes what it sends to `out`. */
export async function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const socket = createConnection(backupSocketPath(dataDir));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', () =>
      reject(
        new BackupRefused(
          `The server holding ${dataDir} does not answer on ${backupSocketPath(dataDir)}: update and restart it, or stop it and run this again.`,
        ),
      ),
    );
  });
  socket.write(REQUEST);
  await new Promise<void>((resolve, reject) => {
    socket.pipe(out, { end: false });
    socket.once('end', () => resolve());
    socket.once('error', (error) => reject(new BackupRefused(`The server stopped sending the backup: ${error.message}`)));
    socket.once('close', (hadError) => (hadError ? reject(new BackupRefused('The server stopped sending the backup.')) : resolve()));
  });
}
