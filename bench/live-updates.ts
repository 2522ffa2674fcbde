// Live leaderboard updates on PostgreSQL (issues 5 and 11, Budgets; R4): 10,000 open Server-Sent Events
// subscribers, split over two server processes on one database, all receive a score saved through the first process. The
// board has issue 11's richer rows (net scoring: Net, Gross, handicap, countback).
//  - Delivery: from sending the save (PUT /api/teams/:id/scores) to each subscriber reading the board that has it, for
//    several saves; budget p95 ≤ 300 ms with 10,000 subscribers (issue 11). It includes the save itself, the NOTIFY to the
//    other process, the 100 ms debounce and writing the board (~13 KB) to every stream.
//  - Memory: each server's RSS with no subscriber and with its share of them open; per subscriber = difference ÷ count.
// Subscribers are raw HTTP requests to GET /api/leaderboard/events (one socket each, as a browser's page holds one
// EventSource for every board), opened by bench/lib.ts's openEventStream (whole events, searched as bytes). They come from --per-address viewers per client address (127.0.0.2, .3, …:
// a course's Wi-Fi puts hundreds of phones behind one address, and no more than STREAMS_PER_ADDRESS per process are
// served from one; decision 065), not all from one.
// With --via caddy (bench/behind-proxy.ts), Caddy runs deploy/Caddyfile in front of the processes (src/server/test/caddy.ts)
// (--via caddy-http: the same at an http:// address, to tell TLS's share from the proxy's)
// and the sign-in, the saves and every subscriber go through it over HTTPS (TLS sockets, read into one shared buffer);
// --name: the result file's name (default live-updates).
// Through Caddy over HTTPS each viewer speaks HTTP/2 (--viewer-http 2, agreed in the TLS handshake, as a phone's browser
// agrees it with Caddy) or HTTP/1.1 (--viewer-http 1.1). --warmup saves go first, delivered and not counted (decision 135).
//   node --import tsx bench/live-updates.ts [--subscribers 10000] [--processes 2] [--saves 5] [--warmup 2] [--teams 36]
//                                           [--client socket|http] [--per-address 500] [--via direct|caddy|caddy-http]
//                                           [--viewer-http 2|1.1] [--name live-updates]
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { caddyAddress, httpsRequest, startCaddy, type RunningCaddy } from '../src/server/test/caddy';
import { loadavg } from 'node:os';
import { createUserAccount } from '../src/server/account/service';
import { createCourse } from '../src/server/courses/service';
import { migrateDatabase, openDatabase } from '../src/server/db/connect';
import { players, playerScores, teams, tournamentCourses, tournaments } from '../src/server/db/schema';
import {
  argValue,
  cpuMsOf,
  freePort,
  median,
  memoryOf,
  noteLoad,
  round,
  sleep,
  spawnServer,
  waitForOk,
  writeResult,
  type Check,
  type ServerProcess,
  adminQuery,
  openEventStream,
  PG_ADMIN_URL,
} from './lib';

const SUBSCRIBERS = Number(argValue('--subscribers') ?? 10_000);
const BUDGET_MS = 300;
const PROCESSES = Number(argValue('--processes') ?? 2);
const SAVES = Number(argValue('--saves') ?? 5);
/**
 * Saves made and delivered before the measured ones, not counted: the first save after the viewers connect runs cold
 * paths in every process (the save route, the board's patch, the proxy's relay of an event), and with 5 saves it alone
 * was the p95 (decision 135).
 */
const WARMUP = Number(argValue('--warmup') ?? 2);
const TEAMS = Number(argValue('--teams') ?? 36);
/** 'socket' (default): the light load generator; 'http': Node's HTTP client per stream (the figures before 2026-11-25 10:00). */
const CLIENT = argValue('--client') ?? 'socket';
/** Through Caddy over HTTPS, each viewer's HTTP version: 2 (default), agreed in the TLS handshake as a phone's browser agrees it, or 1.1. */
const VIEWER_HTTP = argValue('--viewer-http') ?? '2';
const PER_ADDRESS = Number(argValue('--per-address') ?? 500);
const VIA = argValue('--via') ?? 'direct';
const RESULT_NAME = argValue('--name') ?? 'live-updates';
/** Subscriber i's client address: PER_ADDRESS viewers behind each (spread over the processes as every subscriber is). */
const addressOf = (i: number) => {
  const n = 2 + Math.floor(i / PER_ADDRESS);
  return `127.0.${Math.floor(n / 256)}.${n % 256}`;
};
const BENCH_DB = `golf_bench_live_${process.pid}`;
const LEADER_EMAIL = 'leader@bench.test';
const PASSWORD = 'bench-password-123';

const percentile = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** With --via caddy: the proxy every request goes through. */
let caddy: RunningCaddy | undefined;
/** With --via caddy: the saves' one kept-alive connection. */
let savingAgent: https.Agent | undefined;

async function main() {
  const loadBefore = noteLoad('live-updates start');
  await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
  await adminQuery(`create database "${BENCH_DB}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 2 });
  const servers: ServerProcess[] = [];
  const streams: { destroy(): void }[] = [];
  try {
    await migrateDatabase(database);
    const db = database.db;
    const leader = await createUserAccount(db, {
      firstName: 'Lee',
      lastName: 'Leader',
      email: LEADER_EMAIL,
      password: PASSWORD,
      emailVerified: true,
    });
    const course = await createCourse(db, { name: 'Live Links', totalHoles: 18 });
    const [tournament] = await db
      .insert(tournaments)
      .values({ name: 'Live Open', startDate: '2099-06-01', active: true, courseId: course.id, netScoring: true })
      .returning({ id: tournaments.id });
    const tournamentId = tournament!.id;
    await db.insert(tournamentCourses).values({ tournamentId, courseId: course.id });
    const teamRows = Array.from({ length: TEAMS }, (_, i) => ({
      id: randomUUID(),
      tournamentId,
      userId: leader.id,
      name: `Team ${i + 1}`,
    }));
    await db.insert(teams).values(teamRows);
    const playerRows = teamRows.flatMap((team, t) =>
      [1, 2, 3, 4].map((p) => ({
        id: randomUUID(),
        teamId: team.id,
        firstName: `Golfer${p}`,
        lastName: `T${t + 1}`,
        handicapIndex: (((t * 4 + p) * 37) % 300) / 10,
      })),
    );
    await db.insert(players).values(playerRows);
    // Nine holes played by everyone: a board of ~10 KB.
    await db.insert(playerScores).values(
      playerRows.flatMap((player, i) =>
        Array.from({ length: 9 }, (_, h) => ({
          tournamentId,
          teamId: player.teamId,
          playerId: player.id,
          holeNumber: h + 1,
          strokes: 3 + ((i + h) % 4),
        })),
      ),
    );

    const proxyUrl = VIA === 'direct' ? null : await caddyAddress(VIA === 'caddy-http' ? 'http' : 'https');
    for (let i = 0; i < PROCESSES; i++) {
      const port = await freePort();
      const appUrl = proxyUrl ?? `http://127.0.0.1:${port}`;
      const proxied: Record<string, string> = proxyUrl ? { TRUST_PROXY: '127.0.0.1' } : {};
      servers.push(
        spawnServer(
          'bench/bench-server.ts',
          { DATABASE_URL: databaseUrl, APP_URL: appUrl, LOG_LEVEL: 'error', ...proxied },
          port,
          '127.0.0.1',
        ),
      );
    }
    await Promise.all(servers.map((s) => waitForOk(`${s.baseUrl}/bench/trivial`, s)));
    if (proxyUrl)
      caddy = await startCaddy(
        proxyUrl,
        servers.map((s) => `127.0.0.1:${s.port}`),
      );
    const saver = servers[0]!;
    /** Where the sign-in and the saves go: the first process, or Caddy (which shares them between the processes). */
    const entry = caddy?.url ?? saver.baseUrl;
    const post = async (path: string, method: string, body: string, cookie?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', origin: entry, ...(cookie ? { cookie } : {}) };
      if (!caddy?.rootCertificate) return fetch(`${entry}${path}`, { method, headers, body });
      // One connection kept open, as the direct leg's fetch keeps one and a scorer's phone keeps its own (a new TLS
      // handshake per save measured the bench's connection, not the delivery).
      savingAgent ??= new https.Agent({ keepAlive: true, maxSockets: 1, ca: caddy.rootCertificate });
      const answer = await httpsRequest(`${entry}${path}`, { ca: caddy.rootCertificate, method, headers, body, agent: savingAgent });
      return answer.response;
    };
    const signIn = await post('/api/auth/sign-in/email', 'POST', JSON.stringify({ email: LEADER_EMAIL, password: PASSWORD }));
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // Warm every process (JIT, its board cache and LISTEN connection), then let it settle before reading its memory.
    for (const s of servers) for (let i = 0; i < 50; i++) await (await fetch(`${s.baseUrl}/api/leaderboard/${tournamentId}`)).arrayBuffer();
    await sleep(2000);
    const idle = servers.map((s) => memoryOf(s.pid).rssMB);

    // Per save: the texts that say team 1's new total (in a whole board, or in a patch), and when each subscriber first read one.
    const first: boolean[] = new Array(SUBSCRIBERS).fill(false);
    let expected: Buffer[] = [];
    let gotAt: (number | undefined)[] = [];
    let got = 0;
    let onAll: () => void = () => {};
    const connectStart = performance.now();
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const server = servers[i % servers.length]!;
      const options = { localAddress: addressOf(i), ca: caddy?.rootCertificate, nodeHttp: CLIENT === 'http', h2: VIEWER_HTTP === '2' };
      streams.push(
        await openEventStream(`${caddy?.url ?? server.baseUrl}/api/leaderboard/events`, options, (events, at) => {
          first[i] = true;
          if (gotAt[i] === undefined && expected.some((text) => events.indexOf(text) >= 0)) {
            gotAt[i] = at;
            if (++got === SUBSCRIBERS) onAll();
          }
        }),
      );
    }
    while (first.some((f) => !f)) await sleep(20);
    const connectMs = round(performance.now() - connectStart);
    await sleep(2000);
    const open = servers.map((s) => memoryOf(s.pid).rssMB);
    const perSubscriberKB = servers.map((_, i) => round(((open[i]! - idle[i]!) * 1024) / (SUBSCRIBERS / servers.length), 1));
    console.log(
      `${SUBSCRIBERS} subscribers open over ${servers.length} processes, from ${new Set(Array.from({ length: SUBSCRIBERS }, (_, i) => addressOf(i))).size} ` +
        `addresses (${PER_ADDRESS} each), in ${connectMs} ms; RSS idle ${idle.join(', ')} MB → ${open.join(', ')} MB`,
    );

    // Saves through the first process: team 1's first golfer on hole 10, a different number of strokes each time; the
    // board then carries that team's new total, which is how a subscriber recognises it.
    const team = teamRows[0]!;
    const golfer = playerRows[0]!;
    const delays: number[] = [];
    const onSaver: number[] = [];
    const onOthers: number[] = [];
    const saveMs: number[] = [];
    const firstOn: number[][] = servers.map(() => []);
    const lastOn: number[][] = servers.map(() => []);
    // CPU each process spends from a save's request until every subscriber has it: the portals, Caddy, and this process
    // (the save and every subscriber's reading, TLS included). On shared cores the delivery is what they add up to.
    const cpuOf = () => [...servers.map((s) => cpuMsOf(s.pid)), caddy ? cpuMsOf(caddy.pid) : 0, cpuMsOf(process.pid)];
    const cpuSpent = cpuOf().map(() => 0);
    for (let n = 0; n < WARMUP + SAVES; n++) {
      if (n > 0) await sleep(500);
      const measured = n >= WARMUP;
      // 2 to 14 strokes: consecutive saves always differ.
      const strokes = 2 + (n % 13);
      const card = playerRows
        .slice(0, 4)
        .flatMap((p, pi) => Array.from({ length: 9 }, (_, h) => ({ playerId: p.id, holeNumber: h + 1, strokes: 3 + ((pi + h) % 4) })));
      card.push({ playerId: golfer.id, holeNumber: 10, strokes });
      const total = card.reduce((sum, c) => sum + c.strokes, 0);
      // Only team 1 has played hole 10 (Thru 10), and its total differs at every save; every par is 4. So "thru":10 with
      // this total is its row (fields may sit between its name and these: the row's start was added since). A patch
      // (decision 128) carries the row's changed fields only, in the row's order: "thru" is there only when it changed.
      const toPar = total - 4 * card.length;
      expected = [
        `"toPar":${toPar},"thru":10,"total":${total},`,
        `"toPar":${toPar},"total":${total},`,
        `"toPar":${toPar},"total":${total}}`,
      ].map((text) => Buffer.from(text));
      gotAt = new Array(SUBSCRIBERS).fill(undefined);
      got = 0;
      const all = new Promise<void>((resolve) => (onAll = resolve));
      const cpuBefore = cpuOf();
      const sentAt = performance.now();
      const response = await post(`/api/teams/${team.id}/scores`, 'PUT', JSON.stringify({ scores: card }), cookie);
      if (!response.ok) throw new Error(`save: ${response.status} ${await response.text()}`);
      const saved = performance.now() - sentAt;
      if ((await Promise.race([all.then(() => 'ok'), sleep(30_000).then(() => 'timeout')])) === 'timeout') {
        throw new Error(`save ${n + 1}: only ${got} of ${SUBSCRIBERS} subscribers got it`);
      }
      if (!measured) continue;
      saveMs.push(saved);
      cpuOf().forEach((ms, k) => (cpuSpent[k]! += ms - cpuBefore[k]!));
      gotAt.forEach((at, i) => {
        delays.push(at! - sentAt);
        (i % servers.length === 0 ? onSaver : onOthers).push(at! - sentAt);
      });
      // Where the time goes, per process: its first subscriber has it once the save, the NOTIFY, the debounce and the
      // board's computation are done; the rest is writing to every socket and this process reading them.
      servers.forEach((_, k) => {
        const mine = gotAt.filter((_, i) => i % servers.length === k).map((at) => at! - sentAt);
        firstOn[k]!.push(Math.min(...mine));
        lastOn[k]!.push(Math.max(...mine));
      });
    }
    const p50 = round(percentile(delays, 50), 1);
    const p95 = round(percentile(delays, 95), 1);
    const max = round(Math.max(...delays), 1);
    console.log(
      `deliveries: ${delays.length} (${SAVES} saves × ${SUBSCRIBERS}); p50 ${p50} ms, p95 ${p95} ms, max ${max} ms; save request p50 ${round(percentile(saveMs, 50), 1)} ms`,
    );
    console.log(
      `p95 on the saving process ${round(percentile(onSaver, 95), 1)} ms, on the other(s) ${onOthers.length ? round(percentile(onOthers, 95), 1) : '—'} ms`,
    );
    const cpuPerSave = cpuSpent.map((ms) => round(ms / SAVES, 1));
    const cpu = { portals: cpuPerSave.slice(0, servers.length), caddy: cpuPerSave[servers.length]!, viewers: cpuPerSave.at(-1)! };
    console.log(
      `CPU per save until all had it (ms, ticks of 10): portals ${cpu.portals.join(', ')}${caddy ? `, Caddy ${cpu.caddy}` : ''}, this process (save and viewers) ${cpu.viewers}`,
    );
    console.log(`server memory per open subscriber: ${perSubscriberKB.join(', ')} KB`);
    const firstMs = firstOn.map((each) => round(median(each), 1));
    const lastMs = lastOn.map((each) => round(median(each), 1));
    console.log(`median over the saves, per process: first subscriber ${firstMs.join(', ')} ms, last ${lastMs.join(', ')} ms`);
    // Which saves were slow: a p95 over a few saves is mostly its slowest save's.
    console.log(
      `the last subscriber of each save, per process: ${lastOn.map((each) => each.map((ms) => round(ms)).join(' ')).join(' | ')} ms`,
    );
    // A save slow for every process at once is slow before the fan-out: its own request (the commit) shows it here.
    console.log(`the save request of each save: ${saveMs.map((ms) => round(ms)).join(' ')} ms`);

    const checks: Check[] = [
      {
        name: `${SUBSCRIBERS} subscribers over ${servers.length} processes: delivery p95`,
        value: p95,
        unit: 'ms',
        budget: `≤ ${BUDGET_MS}`,
        pass: p95 <= BUDGET_MS,
      },
      {
        name: 'every subscriber got every save',
        value: `${delays.length}/${SAVES * SUBSCRIBERS}`,
        unit: '',
        budget: 'all',
        pass: delays.length === SAVES * SUBSCRIBERS,
      },
      {
        name: 'server RSS per open subscriber',
        value: Math.max(...perSubscriberKB),
        unit: 'KB',
        budget: `RSS ${idle.join(', ')} → ${open.join(', ')} MB`,
        pass: null,
      },
    ];
    for (const c of checks)
      console.log(`${c.pass === null ? 'info' : c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value} ${c.unit} (${c.budget})`);
    const loadAfter = noteLoad('live-updates end');
    const file = writeResult(RESULT_NAME, {
      via: VIA,
      loadBefore,
      loadAfter,
      loadAverage: round(loadavg()[0]!, 2),
      subscribers: SUBSCRIBERS,
      processes: servers.length,
      saves: SAVES,
      warmup: WARMUP,
      viewerHttp: VIA === 'caddy' ? VIEWER_HTTP : '1.1',
      connectMs,
      client: CLIENT,
      cpuPerSave: cpu,
      perAddress: PER_ADDRESS,
      delivery: { p50, p95, max, saveRequestP50: round(percentile(saveMs, 50), 1), firstPerProcessMs: firstMs, lastPerProcessMs: lastMs },
      memory: { idleMB: idle, openMB: open, perSubscriberKB },
      checks,
    });
    console.log(`written ${file}`);
    if (checks.some((c) => c.pass === false)) process.exitCode = 1;
  } finally {
    savingAgent?.destroy();
    for (const stream of streams) stream.destroy();
    await caddy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`).catch((e) =>
      console.error('could not drop the bench database:', String(e)),
    );
  }
}

await main();
