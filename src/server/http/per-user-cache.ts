// Answers built only from one signed-in user's rows (their dashboard's teams, who they are), kept per process and dropped
// at the commit of any change to those rows: triggers NOTIFY 'd:<user id>' (or 'd*') on the sessions' channel (migration
// 0008), and a change to the user or their sessions ('u:<user id>') drops them too (docs/decisions/065).
// Used while session-changes.ts trusts what this process has heard: on PGlite always (one process; a commit's
// notifications are handed over before the commit's own answer), on PostgreSQL while its lease holds. There every write
// request answers only after settle() (app.ts), so the writer's next read, wherever it goes, sees the change; a change made
// outside a request (the hold sweep, a hand-written statement) reaches every process within the lease (LEASE_MS).
// A query behind a cached answer that starts reading another table needs that table's trigger in migration 0008's manner.
import type { SessionChanges } from '../auth/session-changes';

export interface PerUserCache {
  /** `kind`'s answer for `userId`: cached, or loaded (and cached if no change to any user's rows was heard meanwhile). */
  read<T>(kind: string, userId: string, load: () => Promise<T>): Promise<T>;
}

/** 10,000 entries: the dashboard and the profile of every leader of the largest outing. */
const CACHE_SIZE = 10_000;

export function createPerUserCache(options: { changes: SessionChanges | null; size?: number }): PerUserCache {
  const { changes, size = CACHE_SIZE } = options;
  if (!changes || size === 0) return { read: (_kind, _userId, load) => load() };
  /** kind + NUL + user id → answer; insertion order is age (the oldest goes first past `size`). */
  const answers = new Map<string, unknown>();
  const keysOf = new Map<string, Set<string>>();
  const drop = (userId: string | null) => {
    if (userId === null) {
      answers.clear();
      keysOf.clear();
      return;
    }
    for (const key of keysOf.get(userId) ?? []) answers.delete(key);
    keysOf.delete(userId);
  };
  changes.onDataChange(drop);
  changes.onChange(drop);

  return {
    async read<T>(kind: string, userId: string, load: () => Promise<T>): Promise<T> {
      const key = `${kind}\0${userId}`;
      const trusted = changes.trusted();
      if (trusted && answers.has(key)) return answers.get(key) as T;
      const generation = changes.generation();
      const answer = await load();
      // A change heard during the load may postdate the rows read: not kept.
      if (trusted && changes.generation() === generation) {
        if (answers.size >= size) {
          const oldest = answers.keys().next().value!;
          answers.delete(oldest);
          keysOf.get(oldest.slice(oldest.indexOf('\0') + 1))?.delete(oldest);
        }
        answers.set(key, answer);
        let keys = keysOf.get(userId);
        if (!keys) keysOf.set(userId, (keys = new Set()));
        keys.add(key);
      }
      return answer;
    },
  };
}
