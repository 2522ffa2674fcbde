// Registration under load on PostgreSQL (issue: team leaders register):
//  1. 400 simultaneous registration attempts by 400 leaders for 144 places → exactly 144 teams; wall time.
//  2. p95 latency of registrations at a steady 20 per second.
//  3. p95 of the dashboard's API (GET /api/teams/mine) for a leader with 10 teams, with a trivial route in the same run.
//   node --import tsx bench/registration.ts
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createUserAccount } from '../src/server/account/service';
import { migrateDatabase, openDatabase, queryRows } from '../src/server/db/connect';
import { sponsorshipLevels, tournamentSponsorshipLevels, tournaments } from '../src/server/db/schema';
import { freePort, round, spawnServer, waitForOk, writeResult, type Check } from './lib';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = `golf_bench_reg_${process.pid}`;
const psql = (command: string) => execFileSync('psql', [`${PG}/postgres`, '-qc', command], { stdio: 'pipe' });

const percentile = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** User + system CPU time of a process so far (Linux /proc; clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  psql(`create database ${DB_NAME}`);
  const databaseUrl = `${PG}/${DB_NAME}`;
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawnServer('bench/bench-server.ts', { DATABASE_URL: databaseUrl, APP_URL: base }, port);
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 4 });
  try {
    await waitForOk(`${base}/api/health`, server);
    await migrateDatabase(database);
    const db = database.db;

    // Fixtures: one tournament with a 144-place level (the race) and one with room for the steady load.
    const [race] = await db.insert(tournaments).values({ name: 'Race', startDate: '2099-06-01', active: true }).returning();
    const [steady] = await db.insert(tournaments).values({ name: 'Steady', startDate: '2099-06-02', active: true }).returning();
    const [level] = await db.insert(sponsorshipLevels).values({ name: 'Foursome', maxTeams: 10 }).returning();
    const [raceLevel] = await db
      .insert(tournamentSponsorshipLevels)
      .values({ tournamentId: race!.id, sponsorshipLevelId: level!.id, priceCents: 50000, maxTeams: 144 })
      .returning();
    const [steadyLevel] = await db
      .insert(tournamentSponsorshipLevels)
      .values({ tournamentId: steady!.id, sponsorshipLevelId: level!.id, priceCents: 50000, maxTeams: 100000 })
      .returning();

    console.log('creating and signing in 400 leaders…');
    const LEADERS = 400;
    const cookies: string[] = [];
    for (let start = 0; start < LEADERS; start += 16) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(16, LEADERS - start) }, async (_, k) => {
          const email = `leader${start + k}@bench.test`;
          await createUserAccount(db, {
            firstName: 'Lead',
            lastName: String(start + k),
            email,
            password: 'bench-password',
            emailVerified: true,
          });
          const res = await fetch(`${base}/api/auth/sign-in/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: base },
            body: JSON.stringify({ email, password: 'bench-password' }),
          });
          if (!res.ok) throw new Error(`sign-in ${res.status} ${await res.text()}`);
          return res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; ');
        }),
      );
      cookies.push(...batch);
    }

    const body = (tournamentId: string, levelId: string, n: number) =>
      JSON.stringify({
        tournamentId,
        sponsorshipLevelId: levelId,
        contactName: 'Bench Contact',
        contactPhone: '555-0100',
        contactEmail: 'contact@bench.test',
        paymentOption: 'hold',
        teams: [
          {
            teamName: `Team ${n}`,
            players: [1, 2, 3, 4].map((p) => ({ firstName: `P${p}`, lastName: `T${n}`, email: `p${p}.t${n}@bench.test` })),
          },
        ],
      });
    const register = async (cookie: string, tournamentId: string, levelId: string, n: number) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: body(tournamentId, levelId, n),
      });
      const json = (await res.json()) as { error?: { message: string } };
      return { status: res.status, ms: performance.now() - t, message: json.error?.message };
    };

    // A server in use has served a registration before: one on the other tournament, so the race does not also time the
    // first request's one-off work (lazily compiled modules, prepared pool connections).
    const warmUp = await register(cookies[0]!, steady!.id, steadyLevel!.id, -1);
    if (warmUp.status !== 201) throw new Error(`warm-up registration: ${warmUp.status} ${warmUp.message}`);

    // 1. The race. The server's CPU time beside the wall time tells whether the app process or the database waits bound it.
    const cpuBefore = processCpuMs(server.pid);
    const raceStart = performance.now();
    const attempts = await Promise.all(cookies.map((cookie, i) => register(cookie, race!.id, raceLevel!.id, i)));
    const raceWallMs = performance.now() - raceStart;
    const raceServerCpuMs = processCpuMs(server.pid) - cpuBefore;
    const accepted = attempts.filter((a) => a.status === 201).length;
    const refused = attempts.filter((a) => a.status === 409);
    const [counts] = await queryRows<{ teams: number; players: number; payments: number }>(
      db,
      sql`select (select count(*)::int from teams where tournament_id = ${race!.id}) as teams,
                 (select count(*)::int from players p join teams t on t.id = p.team_id where t.tournament_id = ${race!.id}) as players,
                 (select count(*)::int from payments p join teams t on t.id = p.team_id where t.tournament_id = ${race!.id}) as payments`,
    );
    const raceResult = {
      attempts: LEADERS,
      places: 144,
      accepted,
      refused: refused.length,
      otherStatuses: attempts.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.status),
      refusalMessages: [...new Set(refused.map((r) => r.message))],
      rows: counts,
      wallMs: round(raceWallMs),
      serverCpuMs: raceServerCpuMs,
    };
    console.log('race:', raceResult);

    // 2. Steady load: 20 registrations per second for 15 seconds.
    const RATE = 20;
    const SECONDS = 15;
    const latencies: number[] = [];
    const statuses: number[] = [];
    const pending: Promise<void>[] = [];
    const steadyStart = performance.now();
    for (let i = 0; i < RATE * SECONDS; i++) {
      const due = steadyStart + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(
        register(cookies[i % cookies.length]!, steady!.id, steadyLevel!.id, 10_000 + i).then((r) => {
          latencies.push(r.ms);
          statuses.push(r.status);
        }),
      );
    }
    await Promise.all(pending);
    const steadyResult = {
      ratePerSecond: RATE,
      seconds: SECONDS,
      requests: latencies.length,
      ok: statuses.filter((s) => s === 201).length,
      p50Ms: round(percentile(latencies, 50), 1),
      p95Ms: round(percentile(latencies, 95), 1),
      p99Ms: round(percentile(latencies, 99), 1),
    };
    console.log('steady registrations:', steadyResult);

    // 3. Dashboard API for a leader with 10 teams, against a trivial route in the same run (10 at a time).
    const LEADERS_EXTRA = 'dashboard@bench.test';
    await createUserAccount(db, {
      firstName: 'Dash',
      lastName: 'Board',
      email: LEADERS_EXTRA,
      password: 'bench-password',
      emailVerified: true,
    });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: LEADERS_EXTRA, password: 'bench-password' }),
    });
    const leader = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let i = 0; i < 10; i++) await register(leader, steady!.id, steadyLevel!.id, 50_000 + i);
    const mine = (await (await fetch(`${base}/api/teams/mine`, { headers: { cookie: leader } })).json()) as { teams: unknown[] };
    const measure = async (path: string, headers: Record<string, string>, total = 2000, concurrency = 10) => {
      const times: number[] = [];
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            next++;
            const t = performance.now();
            const res = await fetch(`${base}${path}`, { headers });
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`${path} ${res.status}`);
            times.push(performance.now() - t);
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      return {
        requests: total,
        perSecond: round(total / seconds),
        p50Ms: round(percentile(times, 50), 2),
        p95Ms: round(percentile(times, 95), 2),
        p99Ms: round(percentile(times, 99), 2),
      };
    };
    const trivial = await measure('/bench/trivial', {});
    const dashboard = await measure('/api/teams/mine', { cookie: leader });
    const dashboardResult = {
      teamsOfLeader: mine.teams.length,
      trivial,
      dashboard,
      throughputRatio: round(dashboard.perSecond / trivial.perSecond, 3),
    };
    console.log('dashboard API:', dashboardResult);

    const checks: Check[] = [
      {
        name: 'race: teams saved for 144 places (400 attempts)',
        value: counts!.teams,
        unit: 'teams',
        budget: 'exactly 144',
        pass: accepted === 144 && counts!.teams === 144 && counts!.players === 576 && counts!.payments === 144,
      },
      { name: 'race: wall time', value: round(raceWallMs), unit: 'ms', budget: '≤ 2000 ms', pass: raceWallMs <= 2000 },
      { name: `registration p95 at ${RATE}/s`, value: steadyResult.p95Ms, unit: 'ms', budget: 'info', pass: null },
      { name: 'dashboard API p95 (leader with 10 teams)', value: dashboard.p95Ms, unit: 'ms', budget: 'info', pass: null },
    ];
    const file = writeResult('registration', { race: raceResult, steady: steadyResult, dashboard: dashboardResult, checks });
    console.log(
      `\nRace: ${accepted}/${LEADERS} accepted for 144 places in ${round(raceWallMs)} ms, server CPU ${raceServerCpuMs} ms (budget: exactly 144, ≤ 2000 ms); rows ${JSON.stringify(counts)}`,
    );
    console.log(
      `Steady ${RATE}/s: p95 ${steadyResult.p95Ms} ms; dashboard p95 ${dashboard.p95Ms} ms (trivial ${trivial.p95Ms} ms, throughput ratio ${dashboardResult.throughputRatio})`,
    );
    console.log(`written to ${file}`);
    if (accepted !== 144 || counts!.teams !== 144 || counts!.players !== 576 || counts!.payments !== 144) process.exitCode = 1;
  } finally {
    await database.close();
    await server.stop();
    psql(`drop database if exists ${DB_NAME} with (force)`);
  }
}

await main();
