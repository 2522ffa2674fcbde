// Folders and files only the portal's user may read (issue 31, docs/decisions/092): the embedded database's folder holds
// every password hash and, while it runs, sessions in its WAL; a backup holds the same data. Modes are set explicitly,
// whatever the umask: PGlite writes most of a new database's files 0666 (measured), and mkdir/open only ever narrow a mode.
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` if missing (with its missing parents, each 0700) and sets it 0700. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Sets `dir` and everything under it to 0700 (folders) and 0600 (files and sockets): a folder an earlier version left open,
 * or files a library wrote with a looser mode. Symbolic links are neither followed nor changed.
 */
export function makeTreePrivate(dir: string): void {
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== mode) chmodSync(path, mode);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
}

/** Whether only this process's user may enter `dir` (its owner, no permission for the group or others). */
export function isPrivateDir(dir: string): boolean {
  const stat = statSync(dir);
  return (stat.mode & 0o077) === 0 && (typeof process.getuid !== 'function' || stat.uid === process.getuid());
}
