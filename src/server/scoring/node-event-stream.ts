// The leaderboard's event stream written straight to Node's response (docs/decisions/042): every event is the same bytes
// for every subscriber of a process (snapshotOf), so a write is one res.write of a shared buffer, without the web-stream
// pipeline (writer → TransformStream → reader → res.write) that cost promise hops per subscriber and event.
import type { ServerResponse } from 'node:http';
import type { LeaderboardSubscriber } from './leaderboard-feed';

/** The headers streamSSE sends, and nosniff (the security middleware does not see a response written here). */
export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

/**
 * Same contract as the streamSSE subscriber: the active set and boards, newest only per tournament while the socket is
 * busy (a slow client holds at most one pending board per tournament), a heartbeat comment when idle.
 */
export function nodeSubscriber(res: ServerResponse): LeaderboardSubscriber {
  const sent = new Map<string, number>();
  const waiting = new Map<string, Uint8Array>();
  let blocked = false;
  const flush = () => {
    blocked = false;
    for (const [key, event] of waiting) {
      if (res.destroyed || res.writableEnded) return;
      waiting.delete(key);
      if (!res.write(event)) {
        blocked = true;
        res.once('drain', flush);
        return;
      }
    }
  };
  const queue = (key: string, version: number, event: Uint8Array) => {
    if (version <= (sent.get(key) ?? -1)) return;
    sent.set(key, version);
    waiting.delete(key);
    waiting.set(key, event);
    if (!blocked) flush();
  };
  return {
    sendActive(active) {
      for (const key of waiting.keys()) if (key && !active.tournamentIds.includes(key)) waiting.delete(key);
      queue('', active.version, active.event);
    },
    send(snapshot) {
      queue(snapshot.board.tournament.id, snapshot.version, snapshot.event);
    },
    heartbeat() {
      if (!blocked && !res.destroyed) res.write(': heartbeat\n\n');
    },
    close() {
      res.end();
    },
  };
}
