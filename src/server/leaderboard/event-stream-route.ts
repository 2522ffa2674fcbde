// Serving one Server-Sent Events stream (the live boards, the paddle raise's TV board, the auction's lots): a slot per address and per process, written
// straight to the socket when served by Node (docs/decisions/042), through Hono's streamSSE for in-process callers (tests).
import { ServerResponse } from 'node:http';
import { Http2ServerResponse } from 'node:http2';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AppContext } from '../http/context';
import { rateLimited, unavailable } from '../http/errors';
import { newestOnlyQueue, type StreamSubscriber } from './leaderboard-feed';
import { EVENT_STREAM_HEADERS, H2_EVENT_STREAM_HEADERS, nodeSubscriber } from './node-event-stream';

/** A refused stream's Retry-After: a slot frees as soon as one of that address's pages closes. */
export const STREAM_RETRY_SECONDS = 10;
export const tooManyStreams = (cap: number) =>
  `Too many live leaderboards are open from your network (at most ${cap} at once). Close a leaderboard page or try again in a few seconds.`;
export const STREAMS_FULL =
  'The live leaderboard is at capacity on this server right now. The page reconnects by itself; or reload it in a few seconds.';

/**
 * Writes the events to one stream, newest only: an event that arrives while the stream is busy replaces the one of the
 * same key waiting to be written, so a slow client holds at most one pending event per key.
 */
function sseSubscriber(stream: SSEStreamingApi, onClose: () => void): StreamSubscriber {
  let writing = false;
  const { waiting, senders, queue } = newestOnlyQueue(() => {
    if (!writing) void flush();
  });
  const flush = async () => {
    writing = true;
    for (const [key, event] of waiting) {
      if (stream.aborted || stream.closed) break;
      waiting.delete(key);
      await stream.write(event);
    }
    writing = false;
  };
  return {
    ...senders,
    queue,
    heartbeat() {
      if (!writing) void stream.write(': heartbeat\n\n');
    },
    close(farewell) {
      waiting.clear();
      void stream.write(farewell).finally(onClose);
    },
  };
}

/** The refusals' texts: one address holding too many streams (given the cap), and the process holding all it may. */
export interface StreamRefusals {
  tooMany: (cap: number) => string;
  full: string;
}
const BOARD_REFUSALS: StreamRefusals = { tooMany: tooManyStreams, full: STREAMS_FULL };

/**
 * One stream slot of this address and process (docs/decisions/065, 095), or the refusal (429, 503) thrown: answers the
 * function that frees it, to call however the stream ends. For a stream served apart (the check-in page's count).
 */
export function takeStreamSlot(c: AppContext, refusals: StreamRefusals = BOARD_REFUSALS): () => void {
  const { streamSlots } = c.var.deps;
  const release = streamSlots.take(c.var.clientIp);
  if (release === 'address') throw rateLimited(c, STREAM_RETRY_SECONDS, refusals.tooMany(streamSlots.perAddress));
  if (release === 'process') throw unavailable(c, STREAM_RETRY_SECONDS, refusals.full);
  return release;
}

/**
 * Answers the request with a stream `subscribe` feeds until the browser leaves or the feed closes (the server stops). The
 * refusals name the page the stream is for (the leaderboard's by default).
 */
export function serveEventStream(
  c: AppContext,
  subscribe: (subscriber: StreamSubscriber) => () => void,
  refusals: StreamRefusals = BOARD_REFUSALS,
) {
  // Neither one address nor all of them may hold every file descriptor of the process (docs/decisions/065, 095): the
  // slot is freed when the stream closes, however it ends.
  const release = takeStreamSlot(c, refusals);
  // Served by Node (npm start): written straight to the socket (docs/decisions/042). In-process callers (tests) get
  // Hono's streamSSE with the same events.
  const res = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  // HTTP/1 and HTTP/2 (a proxy's h2c, docs/decisions/132); HEAD has no body: it keeps streamSSE's answer.
  if ((res instanceof ServerResponse || res instanceof Http2ServerResponse) && c.req.method === 'GET') {
    if (res instanceof ServerResponse) res.writeHead(200, EVENT_STREAM_HEADERS).flushHeaders();
    else res.writeHead(200, H2_EVENT_STREAM_HEADERS);
    // A browser that left while the request was on its way has already closed the response: nothing to subscribe
    // (its 'close' would never come again to unsubscribe it).
    const subscriber = nodeSubscriber(res);
    if (!subscriber) release();
    else {
      const unsubscribe = subscribe(subscriber);
      res.once('close', () => {
        unsubscribe();
        release();
      });
    }
    return RESPONSE_ALREADY_SENT;
  }
  // Proxies (nginx) must pass each event on at once.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let unsubscribe = () => {};
    try {
      // Open until the browser leaves (abort) or the feed closes (shutdown).
      await new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        unsubscribe = subscribe(sseSubscriber(stream, resolve));
        if (stream.aborted) resolve();
      });
      unsubscribe();
    } finally {
      release();
    }
  });
}
