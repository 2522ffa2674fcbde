// How many live-board streams (GET /api/leaderboard/events) one client address can hold open on one server process
// (issue 20 item 4). Opens streams from 127.0.0.1, 100 at a time, until one is refused or fails, or --max is reached;
// then asks, from another address (127.0.0.2): does the server still answer its health check (which needs a database
// connection, so a file descriptor) and a new stream? Prints the count, what failed, the server's open file descriptors
// and memory, and whether it recovers once the streams close. The server has this machine's `ulimit -n`; the streams are
// held by child processes of this one, up to CLIENT_STREAMS each, so that the client side never runs out first.
//   node --import tsx bench/streams-per-address.ts [--max 25000] [--cap N (STREAMS_PER_ADDRESS; default: the shipped one)]
//                                                 [--no-cap] [--pglite]
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { argValue, freePort, hasArg, memoryOf, noteLoad, round, sleep, spawnServer, waitForOk, writeResult, type Check } from './lib';
import { benchDatabase } from './signed-in-fixtures';

const MAX = Number(argValue('--max') ?? 25_000);
const BATCH = 100;

/** The soft RLIMIT_NOFILE of a process, from /proc. */
function fileLimit(pid: number | 'self'): number {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'))!;
  return Number(line.split(/\s{2,}/)[1]);
}

/** Streams one client process holds at most (its own open-file limit, with room to spare). */
const CLIENT_STREAMS = fileLimit('self') - 500;

interface Stream {
  socket: net.Socket;
}

/** One stream from `localAddress`: resolves with the status line's code once the response starts (or the error). */
function openStream(port: number, localAddress: string): Promise<{ status: number; stream?: Stream; error?: string; body?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let settled = false;
    let head = '';
    const done = (value: { status: number; stream?: Stream; error?: string; body?: string }) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    socket.setTimeout(20_000, () => {
      done({ status: 0, error: 'timeout' });
      socket.destroy();
    });
    socket.on('connect', () =>
      socket.write(`GET /api/leaderboard/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => {
      if (settled) return;
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      socket.setTimeout(0);
      if (status === 200) return done({ status, stream: { socket } });
      // A refusal: keep its body for the report.
      setTimeout(() => {
        done({ status, body: head.slice(head.indexOf('\r\n\r\n') + 4), error: head.split('\r\n')[0] });
        socket.destroy();
      }, 50);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, error: error.code ?? error.message }));
    socket.on('close', () => done({ status: 0, error: 'closed by the server' }));
  });
}

/** GET `path` from another address, answering the status (0: no answer within 5 s). */
async function probe(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    let head = '';
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve(0);
    });
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on('error', () => resolve(0));
    // Closed without an answer (a server out of file descriptors accepts and closes at once).
    socket.on('close', () => resolve(0));
  });
}

const openFiles = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
};

type Outcome = { status: number; error?: string; body?: string };

/** A child process holding streams for the bench: `open` n more from an address, answering how many opened and the first failure. */
interface Client {
  held: number;
  open(port: number, count: number, localAddress: string): Promise<{ opened: number; failure: Outcome | null }>;
  close(): Promise<void>;
}

function startClient(): Client {
  const child: ChildProcess = fork(process.argv[1]!, [], {
    execArgv: process.execArgv,
    env: { ...process.env, BENCH_STREAMS_CLIENT: '1' },
  });
  let reply: ((message: unknown) => void) | null = null;
  child.on('message', (message) => reply?.(message));
  const ask = <T>(message: object) =>
    new Promise<T>((resolve) => {
      reply = resolve as (message: unknown) => void;
      child.send(message);
    });
  const client: Client = {
    held: 0,
    async open(port, count, localAddress) {
      const answer = await ask<{ opened: number; failure: Outcome | null }>({ port, count, localAddress });
      client.held += answer.opened;
      return answer;
    },
    async close() {
      await ask({ close: true });
      child.kill();
    },
  };
  return client;
}

/** The child's side: opens what it is asked to and keeps the sockets until told to close. */
function serveAsClient() {
  const held: Stream[] = [];
  process.on('message', async (message: { port: number; count: number; localAddress: string } | { close: true }) => {
    if ('close' in message) {
      for (const stream of held.splice(0)) stream.socket.destroy();
      return process.send!({ closed: true });
    }
    const results = await Promise.all(Array.from({ length: message.count }, () => openStream(message.port, message.localAddress)));
    let failure: Outcome | null = null;
    for (const { stream, ...outcome } of results) {
      if (stream) held.push(stream);
      else failure ??= outcome;
    }
    process.send!({ opened: results.filter((r) => r.stream).length, failure });
  });
}

async function main() {
  const loadBefore = noteLoad('streams-per-address start');
  const kind = hasArg('--pglite') ? 'pglite' : 'postgres';
  const bench = await benchDatabase(kind, `golf_bench_streams_${process.pid}`);
  await bench.prepare(async () => undefined);
  const port = await freePort();
  const cap = hasArg('--no-cap') ? '1000000' : argValue('--cap');
  const env: Record<string, string> = {
    ...bench.env,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...(cap ? { STREAMS_PER_ADDRESS: cap } : {}),
  };
  const server = spawnServer('bench/bench-server.ts', env, port, '127.0.0.1');
  const clients: Client[] = [];
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, server);
    const limit = fileLimit(server.pid);
    const idleFiles = openFiles(server.pid);
    console.log(
      `server pid ${server.pid} (${kind}): open-file limit ${limit}, ${idleFiles} open when idle; streams cap ${cap ?? 'shipped default'}`,
    );

    let failure: Outcome | null = null;
    let held = 0;
    const started = performance.now();
    while (!failure && held < MAX) {
      let client = clients.at(-1);
      if (!client || client.held + BATCH > CLIENT_STREAMS) clients.push((client = startClient()));
      const batch = await client.open(port, Math.min(BATCH, MAX - held), '127.0.0.1');
      held += batch.opened;
      failure = batch.failure;
      if (held % 2000 < BATCH) process.stdout.write(`  ${held} open…\n`);
    }
    const openMs = round(performance.now() - started);
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const files = openFiles(server.pid);
    const memory = alive ? memoryOf(server.pid) : null;
    const [health, trivial, otherStream] = alive
      ? await Promise.all([probe(port, '/api/health'), probe(port, '/bench/trivial'), probe(port, '/api/leaderboard/events')])
      : [0, 0, 0];
    const emfile = /EMFILE|too many open files/i.test(server.output());
    console.log(
      `\nfrom one address: ${held} streams open in ${openMs} ms, then ${failure ? `${failure.error ?? failure.status}` : `the --max of ${MAX}`}` +
        `${failure?.body ? `: ${failure.body.trim()}` : ''}`,
    );
    console.log(
      `server ${alive ? 'alive' : 'EXITED'}; ${files} open files of ${limit}; RSS ${memory?.rssMB ?? '?'} MB; EMFILE in its log: ${emfile}`,
    );
    console.log(
      `from another address meanwhile: health ${health || 'no answer'}, trivial ${trivial || 'no answer'}, a stream ${otherStream || 'no answer'}`,
    );

    for (const client of clients.splice(0)) await client.close();
    await sleep(2_000);
    const recovered = alive ? await probe(port, '/api/health') : 0;
    const reopened = alive ? await openStream(port, '127.0.0.1') : { status: 0 };
    reopened.stream?.socket.destroy();
    console.log(
      `after closing them: health ${recovered || 'no answer'}, a new stream from the first address ${reopened.status || reopened.error}`,
    );
    if (!alive || emfile) console.log(`server output (tail):\n${server.output().slice(-1500)}`);

    const uncapped = cap === '1000000';
    const capped = failure?.status === 429;
    const checks: Check[] = [
      {
        name: `streams one address held open (${uncapped ? 'no cap' : `cap ${cap ?? 'default'}`}, open-file limit ${limit})`,
        value: held,
        unit: 'streams',
        budget: failure ? `then ${failure.error ?? failure.status}` : `--max ${MAX}`,
        pass: null,
      },
      {
        name: 'past the cap: 429, and other addresses are still served',
        value: `${failure?.status ?? '-'}; health ${health}; another address's stream ${otherStream}`,
        unit: '',
        budget: uncapped ? 'info (no cap)' : '429; 200; 200',
        pass: uncapped ? null : capped && health === 200 && otherStream === 200,
      },
    ];
    writeResult(`streams-per-address${uncapped ? '-uncapped' : ''}`, {
      loadBefore,
      kind,
      serverFileLimit: limit,
      idleFiles,
      cap: cap ?? 'default',
      opened: held,
      openMs,
      failure,
      alive,
      files,
      memory,
      probes: { health, trivial, otherStream },
      emfile,
      recovered,
      reopened: reopened.status,
      checks,
    });
    if (checks.some((c) => c.pass === false)) process.exitCode = 1;
  } finally {
    for (const client of clients) await client.close();
    await server.stop();
    await bench.drop();
  }
}

if (process.env.BENCH_STREAMS_CLIENT) serveAsClient();
else await main();
