// The event stream written straight to Node's response (docs/decisions/042): the same events, in order, newer versions only,
// over a real socket; closing the feed ends the response.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActiveSnapshot, BoardSnapshot } from './leaderboard-feed';
import { EVENT_STREAM_HEADERS, nodeSubscriber } from './node-event-stream';

const bytes = (text: string) => new TextEncoder().encode(text);
const board = (id: string, version: number, text: string) => ({ board: { tournament: { id } }, version, event: bytes(text) }) as unknown as BoardSnapshot;
const active = (ids: string[], version: number) => ({ tournamentIds: ids, version, event: bytes(`active ${ids.join(',')}\n`) }) as ActiveSnapshot;

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves one stream: `script` drives the subscriber; answers the headers and everything the client read. */
async function stream(script: (subscriber: ReturnType<typeof nodeSubscriber>) => void) {
  server = http.createServer((_, res) => {
    res.writeHead(200, EVENT_STREAM_HEADERS);
    script(nodeSubscriber(res));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http.get(`http://127.0.0.1:${port}/`, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ headers: response.headers, body }));
    }).on('error', reject);
  });
}

describe('nodeSubscriber', () => {
  it('writes the active set and boards in order, skips a version older than one already sent, and ends on close', async () => {
    const { headers, body } = await stream((subscriber) => {
      subscriber.sendActive(active(['a', 'b'], 1));
      subscriber.send(board('a', 3, 'board a v3\n'));
      subscriber.send(board('a', 2, 'board a v2 (older: never sent)\n'));
      subscriber.send(board('b', 4, 'board b v4\n'));
      subscriber.heartbeat();
      subscriber.close();
    });
    expect(headers['content-type']).toBe('text/event-stream');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(body).toBe('active a,b\nboard a v3\nboard b v4\n: heartbeat\n\n');
  });

  it('a board waiting for a tournament that left the active set is dropped', async () => {
    const big = 'x'.repeat(4 * 1024 * 1024);
    const { body } = await stream((subscriber) => {
      // A 4 MB event fills the socket's buffer: what follows waits, and only the newest survives.
      subscriber.send(board('a', 1, `${big}\n`));
      subscriber.send(board('b', 2, 'board b v2\n'));
      subscriber.send(board('b', 3, 'board b v3\n'));
      subscriber.sendActive(active(['a'], 4));
      setTimeout(() => subscriber.close(), 1000);
    });
    expect(body.endsWith('\nactive a\n')).toBe(true);
    expect(body).not.toContain('board b');
  });
});
