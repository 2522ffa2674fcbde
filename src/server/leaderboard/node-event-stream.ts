// The leaderboard's event stream written straight to the connection when served by Node (docs/decisions/042): every event
// is the same bytes for every subscriber of a process (snapshotOf), so it is framed once per process (an HTTP/1.1 chunk,
// kept per event) and written to each socket with one socket.write, without the web-stream pipeline (writer →
// TransformStream → reader → res.write, promise hops per subscriber and event) or http's per-write work (a cork, a
// nextTick and four writes per chunk). Node's ServerResponse still sends the headers and ends the body. Over HTTP/2 (a
// proxy's h2c connection, docs/decisions/132) each event is written to the request's own stream, framed by HTTP/2.
import { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { Writable } from 'node:stream';
import { newestOnlyQueue, type StreamSubscriber } from './leaderboard-feed';

/** The headers streamSSE sends, and nosniff (the security middleware does not see a response written here). */
export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;
/** The same over HTTP/2, which has no Connection header (each request is a stream of a kept connection). */
export const { Connection: _, ...H2_EVENT_STREAM_HEADERS } = EVENT_STREAM_HEADERS;

const HEARTBEAT = new TextEncoder().encode(': heartbeat\n\n');
const CRLF = Buffer.from('\r\n');

/** Each event's bytes as one HTTP/1.1 chunk, made once per process however many sockets it is written to. */
const chunks = new WeakMap<Uint8Array, Buffer>();
export function chunkOf(event: Uint8Array): Buffer {
  let chunk = chunks.get(event);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${event.byteLength.toString(16)}\r\n`, 'latin1'), event, CRLF]);
    chunks.set(event, chunk);
  }
  return chunk;
}

/**
 * Same contract as the streamSSE subscriber: the active set and boards, newest only per tournament while the socket is
 * busy (a slow client holds at most one pending board per tournament and the latest active set), a heartbeat comment
 * when idle. The response's headers must have been sent (writeHead, flushHeaders). Answers null when the connection is
 * already gone (the browser left before the stream opened): there is nothing to subscribe.
 *
 * Backpressure is the socket's own: a write that fills its buffer leaves the rest waiting until the socket emits 'drain'
 * (or closes). Waiting events are kept in the order they were last queued, so the active set queued after a board is
 * written after it; a board for a tournament that left the active set is dropped from the queue.
 */
export function nodeSubscriber(res: ServerResponse | Http2ServerResponse): StreamSubscriber | null {
  /** Where the bytes go: the connection (HTTP/1), or the request's own stream of the connection (HTTP/2). */
  const out: Writable | null = res instanceof ServerResponse ? res.socket : res.stream;
  if (!out || out.destroyed || res.writableEnded) return null;
  /** The framing the response uses: chunks for HTTP/1.1, the bare bytes for HTTP/2 and an HTTP/1.0 client (body ends at close). */
  const frame = res instanceof ServerResponse && res.chunkedEncoding ? chunkOf : (event: Uint8Array) => event;
  let blocked = false;
  const { waiting, senders, queue } = newestOnlyQueue(() => {
    if (!blocked) flush();
  });
  const gone = () => out.destroyed || res.writableEnded;
  const flush = () => {
    blocked = false;
    for (const [key, event] of waiting) {
      if (gone()) return waiting.clear();
      waiting.delete(key);
      if (!out.write(frame(event))) {
        blocked = true;
        out.once('drain', flush);
        return;
      }
    }
  };
  return {
    ...senders,
    queue,
    heartbeat() {
      // Only on an idle socket: a busy one is not idle, and its buffer must not grow with comments.
      if (!blocked && !out.writableNeedDrain && !gone()) out.write(frame(HEARTBEAT));
    },
    close(farewell) {
      out.off('drain', flush);
      waiting.clear();
      if (gone()) return;
      // Behind whatever a slow client has not read yet: the socket's buffer keeps the order.
      out.write(frame(farewell));
      res.end();
    },
  };
}
