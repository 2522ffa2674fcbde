// Streams within the process's means (issue 31 item 5, docs/decisions/095): `npm start`'s server under a 1,024-descriptor
// limit. One address (127.0.0.1) opens live-board streams until refused; another (127.0.0.2) still gets its health check
// and a stream. With STREAMS_PER_ADDRESS set above what the process can hold, the overall cap answers 503 first. Before,
// the process ran out of descriptors and every new connection got an empty reply.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { rawGet } from '../test/raw-request';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { STREAMS_FULL, STREAM_RETRY_SECONDS, tooManyStreams } from './event-stream-route';
import { streamCaps } from './stream-limits';

const DESCRIPTORS = 1024;
const folders: string[] = [];
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map(stopServer));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function startLimited(settings: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'golf-streams-'));
  folders.push(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, ...settings }, { descriptors: DESCRIPTORS });
  servers.push(server);
  return { server, port: Number(new URL(server.url).port) };
}

/** Opens streams from `address` one after another until one is refused; answers the streams opened and the refusal. */
async function fillFrom(port: number, address: string) {
  let opened = 0;
  for (;;) {
    const answer = await rawGet(port, '/api/leaderboard/events', address);
    if (answer.status !== 200) {
      answer.socket.destroy();
      return { opened, refusal: answer };
    }
    sockets.push(answer.socket);
    opened++;
    if (opened > DESCRIPTORS) throw new Error('more streams than descriptors: nothing refused them');
  }
}

describe(`a server process limited to ${DESCRIPTORS} file descriptors`, () => {
  it('one address holding all the streams it may never stops another address: health 200, a stream 200', async () => {
    const { port } = await startLimited();
    const caps = streamCaps(DESCRIPTORS, null);
    expect(caps).toEqual({ perAddress: 384, overall: 768 });

    const { opened, refusal } = await fillFrom(port, '127.0.0.1');
    expect(opened).toBe(caps.perAddress);
    expect(refusal.status).toBe(429);
    expect(refusal.headers['retry-after']).toBe(String(STREAM_RETRY_SECONDS));
    expect(JSON.parse(refusal.body).error.message).toBe(tooManyStreams(caps.perAddress));

    const health = await rawGet(port, '/api/health', '127.0.0.2');
    health.socket.destroy();
    expect(health.status).toBe(200);
    const stream = await rawGet(port, '/api/leaderboard/events', '127.0.0.2');
    stream.socket.destroy();
    expect(stream.status).toBe(200);
  }, 180_000);

  it('with STREAMS_PER_ADDRESS above what the process can hold, the overall cap answers 503; health still 200', async () => {
    const { port } = await startLimited({ STREAMS_PER_ADDRESS: '100000' });
    const { opened, refusal } = await fillFrom(port, '127.0.0.1');
    expect(opened).toBe(streamCaps(DESCRIPTORS, 100_000).overall);
    expect(refusal.status).toBe(503);
    expect(refusal.headers['retry-after']).toBe(String(STREAM_RETRY_SECONDS));
    expect(JSON.parse(refusal.body).error).toEqual({ code: 'UNAVAILABLE', message: STREAMS_FULL });

    for (const address of ['127.0.0.2', '127.0.0.1']) {
      const health = await rawGet(port, '/api/health', address);
      health.socket.destroy();
      expect(health.status).toBe(200);
    }
  }, 180_000);
});
