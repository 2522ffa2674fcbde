import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'golf-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('takes a free folder and gives it back', () => {
    const dir = newDir();
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, 'portal.lock'))).toBe(false);
  });

  it('refuses a folder a live process holds, naming it', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'portal.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.ppid})`);
    expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'portal.lock'), '2147483646');
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
