// The phone's outbox of score saves (R32). A save is written to IndexedDB first ('Saved on this phone'), then
// sent by itself, oldest first, one at a time, whenever there is a connection: at once, when the browser says it is back
// online, and every few seconds while saves wait. Each save carries its own idempotency key, so a save whose answer was
// lost on the way back is sent again safely (the server applies it once). Cells the server did not apply because someone
// else changed them meanwhile are kept here too, for the scorer to choose, so nothing typed is lost by a reload.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ScoreChange, ScoreConflict } from '../../shared/score-sync';
import type { ApiAnswer } from '../lib/api-types';
import { api, failureCause } from '../lib/api';
import { WAITING_FLAG } from '../offline/waiting-flag';

type ScoreChangesResult = ApiAnswer<'/api/teams/:teamId/score-changes', 'post'>;

export interface OutboxSave {
  seq?: number;
  key: string;
  teamId: string;
  changes: ScoreChange[];
  createdAt: number;
}
export interface StoredConflict extends ScoreConflict {
  id: string;
  teamId: string;
}

interface OutboxDb extends DBSchema {
  saves: { key: number; value: OutboxSave };
  conflicts: { key: string; value: StoredConflict; indexes: { team: string } };
}

export interface OutboxState {
  saves: readonly OutboxSave[];
  conflicts: readonly StoredConflict[];
  /** The last answer per team: the card as the server has it now. */
  synced: Readonly<Record<string, ScoreChangesResult['sheet']>>;
  /** A save the server refused (not a network or server fault): dropped, and told. */
  refused: string | null;
  sending: boolean;
}

const RETRY_MS = 5_000;
/** A request that hangs (one bar of signal) is given up after this long and sent again later with the same key. */
const SEND_TIMEOUT_MS = 20_000;

let state: OutboxState = { saves: [], conflicts: [], synced: {}, refused: null, sending: false };
const listeners = new Set<() => void>();
let dbPromise: Promise<IDBPDatabase<OutboxDb>> | undefined;
let loaded: Promise<void> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function db() {
  dbPromise ??= openDB<OutboxDb>('golf-offline', 1, {
    upgrade(database) {
      database.createObjectStore('saves', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('conflicts', { keyPath: 'id' }).createIndex('team', 'teamId');
    },
  });
  return dbPromise;
}

function set(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  try {
    if (state.saves.length > 0) localStorage.setItem(WAITING_FLAG, '1');
    else localStorage.removeItem(WAITING_FLAG);
  } catch {
    // Storage refused (private mode): the flag only spares other pages a look.
  }
  for (const listener of listeners) listener();
}

export const outboxState = () => state;

export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads what an earlier visit left (saves waiting, conflicts open) and starts sending. */
export function startOutbox(): Promise<void> {
  loaded ??= (async () => {
    const database = await db();
    set({ saves: await database.getAll('saves'), conflicts: await database.getAll('conflicts') });
    window.addEventListener('online', () => void drainOutbox());
  })();
  return loaded.then(() => drainOutbox());
}

/** Keeps a save on the phone and sends it when it can. Resolves once it is stored (the scorer may close the page then). */
export async function queueSave(teamId: string, changes: ScoreChange[]): Promise<void> {
  await startOutbox().catch(() => undefined);
  const save: OutboxSave = { key: crypto.randomUUID(), teamId, changes, createdAt: Date.now() };
  const database = await db();
  save.seq = await database.add('saves', save);
  set({ saves: [...state.saves, save], refused: null });
  void drainOutbox();
}

/** The scorer chose a value for a conflicting cell: theirs is kept as it is, mine is sent as a change from theirs. */
export async function resolveConflict(conflict: StoredConflict, keep: 'mine' | 'theirs'): Promise<void> {
  const database = await db();
  await database.delete('conflicts', conflict.id);
  set({ conflicts: state.conflicts.filter((c) => c.id !== conflict.id) });
  if (keep === 'mine') {
    await queueSave(conflict.teamId, [
      { playerId: conflict.playerId, holeNumber: conflict.holeNumber, base: conflict.theirs, strokes: conflict.mine },
    ]);
  }
}

let draining: Promise<void> | undefined;

/** Sends the waiting saves in order, one at a time; stops at the first that cannot reach the server and tries again later. */
export function drainOutbox(): Promise<void> {
  // Reset once settled (never inside: a run with nothing to send settles before the assignment).
  draining ??= sendWaiting().finally(() => {
    draining = undefined;
  });
  return draining;
}

async function sendWaiting(): Promise<void> {
  clearTimeout(retryTimer);
  set({ sending: true });
  try {
    // Offline, a request can hang instead of failing: wait for the browser's 'online' event instead.
    while (state.saves.length > 0 && navigator.onLine) {
      const save = state.saves[0]!;
      let result: ScoreChangesResult | null = null;
      try {
        result = await api<ApiAnswer<'/api/teams/:teamId/score-changes', 'post'>>(`/api/teams/${save.teamId}/score-changes`, {
          body: { idempotencyKey: save.key, changes: save.changes },
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        if (failureCause(error) !== 'refused') {
          retryTimer = setTimeout(() => void drainOutbox(), RETRY_MS);
          return;
        }
        // Refused (the team is no longer theirs, a hole left the course…): sending it again cannot succeed.
        set({ refused: `A save for hole ${save.changes.map((c) => c.holeNumber).join(', ')} was refused: ${(error as Error).message}` });
      }
      const database = await db();
      const tx = database.transaction(['saves', 'conflicts'], 'readwrite');
      await tx.objectStore('saves').delete(save.seq!);
      const conflicts = (result?.conflicts ?? []).map((c) => ({
        ...c,
        id: `${save.teamId}:${c.playerId}:${c.holeNumber}`,
        teamId: save.teamId,
      }));
      for (const conflict of conflicts) await tx.objectStore('conflicts').put(conflict);
      await tx.done;
      const others = state.conflicts.filter((c) => !conflicts.some((n) => n.id === c.id));
      set({
        saves: state.saves.slice(1),
        conflicts: [...others, ...conflicts],
        synced: result ? { ...state.synced, [save.teamId]: result.sheet } : state.synced,
      });
    }
  } finally {
    set({ sending: false });
  }
}
