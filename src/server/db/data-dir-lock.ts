// The embedded database serves one process (R4): a lock file in DATA_DIR stops a second process from opening it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Another live process holds the embedded data folder. */
export class DataDirBusyError extends Error {}

/** Whether a process with this PID exists (EPERM: it does, as another user's). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock, or throws naming the process that holds it. A lock left by a dead process is taken over. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'portal.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && alive(holder)) {
      throw new DataDirBusyError(
        `The embedded database in ${dataDir} is in use by another portal process (pid ${holder}). Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.`,
      );
    }
    writeFileSync(file, String(process.pid), { mode: 0o600 });
  }
  return () => rmSync(file, { force: true });
}
