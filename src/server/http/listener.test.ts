// The portal's one port (docs/decisions/132), over real sockets: HTTP/1.1 and HTTP/2 without TLS (h2c, as Caddy sends the
// streams) answered by the same app, and the stop (R49): a kept-alive HTTP/1 connection, an HTTP/2 session held open by its
// proxy and a connection that never said anything all close, a request under way first finishing.
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type PortalListener } from './listener';
import { freePort } from '../test/server-process';

let open: PortalListener | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A portal on a free port whose every answer says the protocol it came by; `/slow` answers after `slowMs`. */
async function start(slowMs = 0) {
  const port = await freePort();
  await new Promise<void>((resolve) => {
    open = listen(
      async (request, env: { incoming: http.IncomingMessage | http2.Http2ServerRequest }) => {
        const { pathname } = new URL(request.url);
        if (pathname === '/slow') await new Promise((wait) => setTimeout(wait, slowMs));
        // As Hono's streamSSE answers: with two of HTTP/1's connection headers, which HTTP/2 forbids.
        if (pathname === '/stream')
          return new Response('event: x\ndata: 1\n\n', {
            headers: { 'content-type': 'text/event-stream', connection: 'keep-alive', 'transfer-encoding': 'chunked' },
          });
        return new Response(`HTTP/${env.incoming.httpVersion} ${new URL(request.url).pathname}`);
      },
      port,
      resolve,
    );
  });
  return port;
}

function h2Get(session: http2.ClientHttp2Session, path: string, seen: { headers?: http2.IncomingHttpHeaders } = {}) {
  return new Promise<string>((resolve, reject) => {
    const request = session.request({ ':path': path });
    let body = '';
    request.once('response', (headers) => (seen.headers = headers));
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('listen', () => {
  it("answers HTTP/1.1 and HTTP/2 with prior knowledge on the same port, several requests on each connection; HTTP/1's connection headers are not sent over HTTP/2", async () => {
    const port = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const path of ['/a', '/b']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(await answer.text()).toBe(`HTTP/1.1 ${path}`);
    }
    const viaAgent = await new Promise<string>((resolve) =>
      http.get(`http://127.0.0.1:${port}/kept`, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => resolve(body));
      }),
    );
    expect(viaAgent).toBe('HTTP/1.1 /kept');
    agent.destroy();
    const session = http2.connect(`http://127.0.0.1:${port}`);
    try {
      expect(await h2Get(session, '/c')).toBe('HTTP/2.0 /c');
      expect(await h2Get(session, '/d')).toBe('HTTP/2.0 /d');
      // An answer with HTTP/1's connection headers is sent without them (Node would refuse it, and the process with it).
      const seen: { headers?: http2.IncomingHttpHeaders } = {};
      expect(await h2Get(session, '/stream', seen)).toBe('event: x\ndata: 1\n\n');
      expect(seen.headers).toMatchObject({ ':status': 200, 'content-type': 'text/event-stream' });
      expect(seen.headers?.connection).toBeUndefined();
      expect(await h2Get(session, '/e')).toBe('HTTP/2.0 /e');
    } finally {
      session.close();
    }
  });

  it('stops: an idle HTTP/2 session, a kept-alive HTTP/1 connection and a silent one close, after the request under way is answered', async () => {
    const port = await start(300);
    const session = http2.connect(`http://127.0.0.1:${port}`);
    expect(await h2Get(session, '/warm')).toBe('HTTP/2.0 /warm');
    const sessionClosed = new Promise<void>((resolve) => session.once('close', () => resolve()));
    const silent = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const slow = new Promise<string>((resolve) =>
      http.get(`http://127.0.0.1:${port}/slow`, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => resolve(body));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = open!.close();
    open = undefined;
    expect(await slow).toBe('HTTP/1.1 /slow');
    await stopped;
    await Promise.all([sessionClosed, closed(silent)]);
    agent.destroy();
    // Nothing listens any more.
    const refused = await new Promise<string>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
