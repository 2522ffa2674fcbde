// The portal's one port, speaking HTTP/1.1 to browsers and to anything else, and HTTP/2 without TLS (h2c, prior
// knowledge) to a proxy that asks for it: deploy/Caddyfile sends the live boards' streams that way, many streams over a
// few connections (docs/decisions/132). Which one a connection speaks is told by its first bytes: HTTP/2's preface
// starts "PRI * HTTP/2.0", which no HTTP/1 request line can.
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { getRequestListener } from '@hono/node-server';

type Fetch = Parameters<typeof getRequestListener>[0];

const PREFACE_START = Buffer.from('PRI ');

/** HTTP/1's connection-specific headers: an HTTP/2 answer must not carry them (Node refuses such an answer outright). */
const HTTP1_ONLY = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/** The answer for an HTTP/2 request: without the headers above (Hono's streamSSE sets two of them). */
function forHttp2(response: Response): Response {
  if (!HTTP1_ONLY.some((name) => response.headers.has(name))) return response;
  const headers = new Headers(response.headers);
  for (const name of HTTP1_ONLY) headers.delete(name);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export interface PortalListener {
  /** Stops accepting; resolves once every connection has closed (its request answered, its streams ended). */
  close(): Promise<void>;
}

/** Serves `fetch` on `port` (all addresses); calls `onListening` once it accepts connections. */
export function listen(fetch: Fetch, port: number, onListening: () => void): PortalListener {
  // The HTTP/1 server listens (its timeouts, its tracking of connections for close, Nagle off on every connection);
  // each new connection comes to `sniff` first, instead of to HTTP/1's own listener, which `sniff` hands it on to.
  const http1 = http.createServer(getRequestListener(fetch));
  const [serveHttp1] = http1.listeners('connection') as ((socket: net.Socket) => void)[];
  if (!serveHttp1) throw new Error("node:http's server no longer listens for connections itself");
  http1.removeAllListeners('connection');
  const h2c = http2.createServer(getRequestListener(async (request, env) => forHttp2((await fetch(request, env)) as Response)));
  const sessions = new Set<http2.ServerHttp2Session>();
  h2c.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  /** Connections that have not sent their first bytes yet: a stop closes them. */
  const unread = new Set<net.Socket>();
  const sniff = (socket: net.Socket) => {
    unread.add(socket);
    const failed = () => socket.destroy();
    socket.on('error', failed);
    socket.once('close', () => unread.delete(socket));
    // One that says nothing is closed when HTTP/1 would have closed it for not finishing its headers.
    socket.setTimeout(http1.headersTimeout, failed);
    // The first bytes are read, put back, and the socket handed over; HTTP/2 takes what was put back by itself, and
    // HTTP/1's parser reads it once the socket flows again. (An HTTP/2 client sends its 24-byte preface in one write.)
    socket.once('data', (first: Buffer) => {
      unread.delete(socket);
      socket.off('error', failed);
      socket.setTimeout(0);
      socket.off('timeout', failed);
      socket.pause();
      socket.unshift(first);
      if (first.subarray(0, PREFACE_START.length).equals(PREFACE_START)) h2c.emit('connection', socket);
      else {
        serveHttp1.call(http1, socket);
        socket.resume();
      }
    });
  };
  http1.on('connection', sniff);
  http1.listen(port, onListening);

  return {
    close() {
      return new Promise((resolve) => {
        // A kept-alive HTTP/1 connection would wait for its next request; a session is told to finish its streams
        // (GOAWAY) and take no more. Those that open meanwhile are swept too.
        const sweep = () => {
          http1.closeIdleConnections();
          for (const socket of unread) socket.destroy();
          for (const session of sessions) if (!session.closed) session.close();
        };
        const timer = setInterval(sweep, 50);
        sweep();
        http1.close(() => {
          clearInterval(timer);
          resolve();
        });
      });
    },
  };
}
