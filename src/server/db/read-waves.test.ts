// Reads shared in waves (read-waves.ts): callers who ask while a read is in flight share the next one, never the one
// already running, so no caller gets data read before it asked.
import { describe, expect, it } from 'vitest';
import type { Db } from './connect';
import { readInWaves } from './read-waves';

/** A read whose every call waits until the test lets it answer, numbered in the order the calls started. */
function controlledRead() {
  const started: { key: string; answer(value: string): void; fail(error: Error): void }[] = [];
  const read = readInWaves(
    (_db: Db, key: string) =>
      new Promise<string>((resolve, reject) => {
        started.push({ key, answer: resolve, fail: reject });
      }),
    (key) => key,
  );
  return { read, started };
}

const db = {} as Db;
const otherDb = {} as Db;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('readInWaves', () => {
  it('gives the callers that asked during a read the next read, shared, and the first caller its own', async () => {
    const { read, started } = controlledRead();
    const first = read(db, 'level');
    const during = [read(db, 'level'), read(db, 'level'), read(db, 'level')];
    expect(started).toHaveLength(1);
    started[0]!.answer('before');
    await turn();
    // The three who asked while the first read ran wait for a read started after them: one for all three.
    expect(started).toHaveLength(2);
    started[1]!.answer('after');
    expect(await first).toBe('before');
    expect(await Promise.all(during)).toEqual(['after', 'after', 'after']);
    // Nothing in flight any more: the next caller starts a read of its own.
    const later = read(db, 'level');
    expect(started).toHaveLength(3);
    started[2]!.answer('later');
    expect(await later).toBe('later');
  });

  it('keeps keys and databases apart', async () => {
    const { read, started } = controlledRead();
    const answers = [read(db, 'a'), read(db, 'b'), read(otherDb, 'a')];
    expect(started.map((s) => s.key)).toEqual(['a', 'b', 'a']);
    started.forEach((s, i) => s.answer(`${s.key}${i}`));
    expect(await Promise.all(answers)).toEqual(['a0', 'b1', 'a2']);
  });

  it('fails every caller of a failed read, and the next wave reads again', async () => {
    const { read, started } = controlledRead();
    const first = read(db, 'level');
    const second = read(db, 'level');
    const third = read(db, 'level');
    started[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await turn();
    started[1]!.answer('recovered');
    expect(await Promise.all([second, third])).toEqual(['recovered', 'recovered']);
  });
});
