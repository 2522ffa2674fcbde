// The event stream written straight to the connection (docs/decisions/042), over a real socket: the same events, in order,
// newer versions only, HTTP/1.1 chunks a client's parser reads; closing the feed sends its farewell and ends the response. And what the browser
// journey needs of a slow reader: with the socket full, a change of the active set must still reach it once it reads
// again, and later events must follow (the subscriber must not stay stuck).
import http from 'node:http';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActiveSnapshot, BoardSnapshot, LeaderboardSubscriber } from './leaderboard-feed';
import { chunkOf, EVENT_STREAM_HEADERS, H2_EVENT_STREAM_HEADERS, nodeSubscriber } from './node-event-stream';

const bytes = (text: string) => new TextEncoder().encode(text);
const board = (id: string, version: number, text: string, patchFrom?: number) =>
  ({
    board: { tournament: { id } },
    version,
    event: bytes(text),
    patch: patchFrom === undefined ? null : { from: patchFrom, event: () => bytes(`patch ${id} ${patchFrom}→${version}\n`) },
  }) as unknown as BoardSnapshot;
const active = (ids: string[], version: number) =>
  ({ tournamentIds: ids, version, event: bytes(`active ${ids.join(',')}\n`) }) as ActiveSnapshot;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    }),
);

/** A server whose every request gets one stream; answers its URL and the subscriber of each request, as it comes. */
async function streamServer() {
  const subscribers: { subscriber: LeaderboardSubscriber; res: http.ServerResponse }[] = [];
  const waiters: (() => void)[] = [];
  server = http.createServer((_, res) => {
    res.writeHead(200, EVENT_STREAM_HEADERS);
    res.flushHeaders();
    subscribers.push({ subscriber: nodeSubscriber(res)!, res });
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const next = async () => {
    while (subscribers.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
    return subscribers.shift()!;
  };
  return { url: `http://127.0.0.1:${port}/`, port, next };
}

/** Reads one stream to its end with Node's HTTP client (which checks the chunked framing). */
function readAll(url: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

describe('nodeSubscriber', () => {
  it('writes the active set and boards in order as HTTP chunks, skips a version older than one already sent, and ends on close with the farewell', async () => {
    const { url, next } = await streamServer();
    const read = readAll(url);
    const { subscriber } = await next();
    subscriber.sendActive(active(['a', 'b'], 1));
    subscriber.send(board('a', 3, 'board a v3\n'));
    subscriber.send(board('a', 2, 'board a v2 (older: never sent)\n'));
    subscriber.send(board('b', 4, 'board b v4\n'));
    subscriber.heartbeat();
    subscriber.close(bytes('farewell\n'));
    const { headers, body } = await read;
    expect(headers['content-type']).toBe('text/event-stream');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(body).toBe('active a,b\nboard a v3\nboard b v4\n: heartbeat\n\nfarewell\n');
  });

  it("over HTTP/2 (a proxy's h2c, decision 132): the same events in order on the request's own stream, unframed, ended by the farewell", async () => {
    let subscriber: LeaderboardSubscriber | null = null;
    const h2 = http2.createServer((_, res) => {
      res.writeHead(200, H2_EVENT_STREAM_HEADERS);
      subscriber = nodeSubscriber(res);
    });
    await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve));
    const session = http2.connect(`http://127.0.0.1:${(h2.address() as AddressInfo).port}`);
    try {
      const request = session.request({ ':path': '/', accept: 'text/event-stream' });
      const headers = new Promise<http2.IncomingHttpHeaders>((resolve) => request.once('response', resolve));
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      const ended = new Promise((resolve) => request.once('end', resolve));
      await waitFor(() => subscriber !== null);
      subscriber!.sendActive(active(['a'], 1));
      subscriber!.send(board('a', 2, 'board a v2\n', 1));
      subscriber!.send(board('a', 3, 'board a v3\n', 2));
      subscriber!.close(bytes('farewell\n'));
      await ended;
      expect((await headers)['content-type']).toBe('text/event-stream');
      expect(body).toBe('active a\nboard a v2\npatch a 2→3\nfarewell\n');
    } finally {
      session.close();
      await new Promise((resolve) => h2.close(resolve));
    }
  });

  it('frames each event once, whatever the number of sockets', () => {
    const event = bytes('event: leaderboard\ndata: {}\n\n');
    expect(chunkOf(event).toString('latin1')).toBe('1d\r\nevent: leaderboard\ndata: {}\n\n\r\n');
    expect(chunkOf(event)).toBe(chunkOf(event));
  });

  it('a board waiting for a tournament that left the active set is dropped', async () => {
    const { url, next } = await streamServer();
    const read = readAll(url);
    const { subscriber } = await next();
    // A 4 MB event fills the socket's buffer: what follows waits, and only the newest survives.
    subscriber.send(board('a', 1, `${'x'.repeat(4 * 1024 * 1024)}\n`));
    subscriber.send(board('b', 2, 'board b v2\n'));
    subscriber.send(board('b', 3, 'board b v3\n'));
    subscriber.sendActive(active(['a'], 4));
    setTimeout(() => subscriber.close(bytes('farewell\n')), 1000);
    const { body } = await read;
    expect(body.endsWith('\nactive a\nfarewell\n')).toBe(true);
    expect(body).not.toContain('board b');
  });

  it("sends a board's patch only to a stream that was written the board it changes; the whole board otherwise (decision 128)", async () => {
    const { url, next } = await streamServer();
    const read = readAll(url);
    const { subscriber } = await next();
    subscriber.send(board('a', 1, 'board a 1\n', 0));
    subscriber.send(board('a', 2, 'board a 2\n', 1));
    // Version 3 never reached this stream (the process computed it for a read): 4's patch from 3 is of no use here.
    subscriber.send(board('a', 4, 'board a 4\n', 3));
    // A 4 MB event fills the socket's buffer: 5 waits, and 6 (a patch from 5, which was never written) replaces it whole.
    subscriber.send(board('b', 1, `${'x'.repeat(4 * 1024 * 1024)}\n`));
    subscriber.send(board('a', 5, 'board a 5\n', 4));
    subscriber.send(board('a', 6, 'board a 6\n', 5));
    setTimeout(() => subscriber.close(bytes('farewell\n')), 1000);
    const { body } = await read;
    const lines = body.split('\n').filter((line) => !line.startsWith('x'));
    expect(lines).toEqual(['board a 1', 'patch a 1→2', 'board a 4', 'board a 6', 'farewell', '']);
  });

  it('a reader that stops reading gets the active set that changed meanwhile once it reads again, and every event after it', async () => {
    const { port, next } = await streamServer();
    // A raw client, so that not reading really leaves the bytes in the kernel and the server's socket fills up.
    const client = net.connect(port, '127.0.0.1');
    let received = '';
    client.setEncoding('latin1');
    client.on('data', (chunk: string) => (received += chunk));
    client.write('GET / HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n');
    const { subscriber, res } = await next();
    subscriber.sendActive(active(['a', 'b'], 1));
    await sleep(50);
    client.pause();
    // Boards of 'b' until the server's socket holds more than it can send: the subscriber is now waiting for 'drain'.
    const big = 'y'.repeat(256 * 1024);
    let version = 2;
    for (let i = 0; i < 400 && !res.socket!.writableNeedDrain; i++) {
      subscriber.send(board('b', version++, `board b ${version} ${big}\n`));
      await sleep(1);
    }
    expect(res.socket!.writableNeedDrain).toBe(true);
    // While it waits: heartbeats (skipped, not piled up), a newer board of 'b', then 'b' closed: the set changes.
    subscriber.heartbeat();
    subscriber.send(board('b', version++, `board b newest ${big}\n`));
    subscriber.sendActive(active(['a'], version++));
    await sleep(200);
    expect(received).not.toContain('active a\n');

    client.resume();
    await waitFor(() => received.includes('active a\n'));
    // The board of 'b' waiting behind the socket was dropped with it; the set came after every board that was sent.
    expect(received).not.toContain('board b newest');
    expect(received.lastIndexOf('board b')).toBeLessThan(received.indexOf('active a\n'));
    // Not stuck: what comes next is written at once, heartbeats again included.
    subscriber.send(board('a', version, 'board a after\n'));
    subscriber.heartbeat();
    await waitFor(() => received.includes(': heartbeat\n\n'));
    expect(received.indexOf('board a after\n')).toBeGreaterThan(received.indexOf('active a\n'));
    // And it was all valid HTTP chunks: the last ones, exactly.
    expect(
      received.endsWith(`${chunkOf(bytes('board a after\n')).toString('latin1')}${chunkOf(bytes(': heartbeat\n\n')).toString('latin1')}`),
    ).toBe(true);
    client.destroy();
  });

  it('a connection gone before the stream opens gets no subscriber', async () => {
    let subscriber: LeaderboardSubscriber | null | undefined;
    const opened = new Promise<void>((resolve) => {
      server = http.createServer((request, res) => {
        // The browser left while the request was on its way.
        request.socket.destroy();
        res.writeHead(200, EVENT_STREAM_HEADERS);
        res.flushHeaders();
        subscriber = nodeSubscriber(res);
        resolve();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = net.connect((server!.address() as AddressInfo).port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write('GET / HTTP/1.1\r\nHost: test\r\n\r\n');
    await opened;
    expect(subscriber).toBeNull();
    client.destroy();
  });
});

async function waitFor(done: () => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(10);
  }
}
