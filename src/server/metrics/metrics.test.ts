// GET /metrics (R52): 404 without METRICS_TOKEN or without the right bearer token, as an unknown address; with it, the
// Prometheus text format whose counters follow the requests, by route template (a thousand random addresses make no new
// series), the queue's figures read from the database, the open streams, the pool and the process's own metrics.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCopies, messageRecipients, messages, purchases, teams } from '../db/schema';
import { createTournament } from '../test/factories';
import { readEvents } from '../test/sse-reader';
import { createTestApp, type TestApp } from '../test/test-app';
import { bearerMatches, STATIC, UNMATCHED } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  off = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await off?.close();
  await t?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition text's samples (comments and blank lines skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    const value = match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : Number(match[3]);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

async function scrape(app = t) {
  const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(await response.text());
}

/** The value of the one sample named so whose labels include `labels` (0 when there is none yet). */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

const requestSeries = (samples: Sample[]) =>
  samples.filter((s) => s.name === 'golf_http_requests_total').map((s) => JSON.stringify(s.labels));

describe('GET /metrics (R52)', () => {
  it('without METRICS_TOKEN: 404, the very answer an unknown address gets, whatever the token', async () => {
    const unknown = await off.call('/no-such-address');
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const answer = await off.call('/metrics', { headers });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(unknown.body);
    }
  });

  it('with it: 404 as an unknown address without the token, with another, or in another scheme; 200 in the text format with it', async () => {
    const unknown = await t.call('/no-such-address');
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      const answer = await t.call('/metrics', { headers });
      expect(answer.status, authorization).toBe(404);
      expect(answer.body).toEqual(unknown.body);
    }
    const samples = await scrape();
    // prom-client's process and Node.js metrics come with ours.
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
    expect(valueOf(samples, 'golf_db_pool_connections', { database: t.database.kind })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'golf_db_pool_max_connections', { database: t.database.kind })).toBeGreaterThanOrEqual(1);
  });

  it('counts requests by route template and status, with their latency; unknown addresses as one label; never itself', async () => {
    const before = await scrape();
    const tournamentId = randomUUID();
    await t.call('/api/health');
    await t.call('/api/health');
    await t.call(`/api/leaderboard/${tournamentId}`);
    await t.call('/api/no-such-route');
    await t.call('/some-page-nobody-has');
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      valueOf(after, 'golf_http_requests_total', labels) - valueOf(before, 'golf_http_requests_total', labels);
    expect(delta({ method: 'GET', route: '/api/health', status: '200' })).toBe(2);
    expect(delta({ method: 'GET', route: '/api/leaderboard/:tournamentId', status: '404' })).toBe(1);
    expect(delta({ method: 'GET', route: UNMATCHED, status: '404' })).toBe(2);
    const histogram = (labels: Record<string, string>) =>
      valueOf(after, 'golf_http_request_duration_seconds_count', labels) -
      valueOf(before, 'golf_http_request_duration_seconds_count', labels);
    expect(histogram({ method: 'GET', route: '/api/health', status: '200' })).toBe(2);
    expect(valueOf(after, 'golf_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBeGreaterThanOrEqual(2);
    // No path as asked, no scrape counted.
    const series = requestSeries(after).join('\n');
    expect(series).not.toContain(tournamentId);
    expect(series).not.toContain('no-such');
    expect(series).not.toContain('/metrics');
    expect(STATIC).not.toBe(UNMATCHED);
  });

  it('a thousand random addresses make no new series', async () => {
    const random = () => randomBytes(6).toString('hex');
    const shapes = [
      () => `/api/${random()}`,
      () => `/${random()}/${random()}`,
      () => `/api/teams/${randomUUID()}`,
      () => `/api/leaderboard/${randomUUID()}`,
      () => `/assets/${random()}.js`,
      () => `/api/teams/${random()}?q=${random()}`,
    ];
    const round = async (n: number) => {
      for (let i = 0; i < n; i++) await t.request(shapes[i % shapes.length]!());
    };
    await round(shapes.length * 2);
    const first = requestSeries(await scrape());
    await round(1_000);
    const second = requestSeries(await scrape());
    expect(second.sort()).toEqual(first.sort());
  });

  it('reads the queue from the database at each scrape: e-mails waiting and failed, holds due, the last backup copy; open streams', async () => {
    const now = t.deps.now();
    const base = await scrape();
    const tournament = await createTournament(t.db);
    const [message] = await t.db
      .insert(messages)
      .values({ tournamentId: tournament.id, audience: 'golfers', subject: 'Hello', body: 'Hi.', senderName: 'Morgan' })
      .returning();
    await t.db
      .insert(messageRecipients)
      .values([
        ...['a', 'b', 'c'].map((x) => ({ messageId: message!.id, email: `${x}@example.org`, name: x, reason: 'r' })),
        { messageId: message!.id, email: 'gone@example.org', name: 'gone', reason: 'r', status: 'failed', attempts: 5 },
      ]);
    const hour = 3_600_000;
    await t.db.insert(teams).values([
      { tournamentId: tournament.id, name: 'Late', paymentStatus: 'hold', holdUntil: new Date(now.getTime() - hour) },
      { tournamentId: tournament.id, name: 'Soon', paymentStatus: 'pending', holdUntil: new Date(now.getTime() + 2 * hour) },
      { tournamentId: tournament.id, name: 'Later', paymentStatus: 'hold', holdUntil: new Date(now.getTime() + 48 * hour) },
      { tournamentId: tournament.id, name: 'Paid', paymentStatus: 'paid', holdUntil: null },
    ]);
    await t.db.insert(purchases).values({
      tournamentId: tournament.id,
      kind: 'donation',
      buyerName: 'Dana',
      buyerEmail: 'dana@example.org',
      amountCents: 5000,
      paymentStatus: 'pending',
      holdUntil: new Date(now.getTime() + hour),
    });
    await t.db.delete(backupCopies);
    const stream = await t.request('/api/leaderboard/events');
    const events = readEvents(stream);
    try {
      const none = await scrape();
      expect(valueOf(none, 'golf_backup_last_copy_age_seconds')).toBe(Infinity);
      expect(valueOf(none, 'golf_live_board_streams')).toBe(valueOf(base, 'golf_live_board_streams') + 1);
      await t.db.insert(backupCopies).values({
        periodStart: new Date(now.getTime() - 2 * hour),
        claimedBy: 'test',
        startedAt: new Date(now.getTime() - 2 * hour),
        finishedAt: new Date(now.getTime() - hour),
        fileName: 'golf-portal-x.backup',
        bytes: 10,
      });
      const samples = await scrape();
      const grew = (name: string, labels: Record<string, string>) => valueOf(samples, name, labels) - valueOf(base, name, labels);
      expect(grew('golf_messages', { status: 'waiting' })).toBe(3);
      expect(grew('golf_messages', { status: 'failed' })).toBe(1);
      expect(grew('golf_holds_due', { kind: 'team', due: 'passed' })).toBe(1);
      expect(grew('golf_holds_due', { kind: 'team', due: 'within_24h' })).toBe(1);
      expect(grew('golf_holds_due', { kind: 'purchase', due: 'within_24h' })).toBe(1);
      expect(grew('golf_holds_due', { kind: 'purchase', due: 'passed' })).toBe(0);
      const age = valueOf(samples, 'golf_backup_last_copy_age_seconds');
      expect(age).toBeGreaterThanOrEqual(3600);
      expect(age).toBeLessThan(3600 + 600);
    } finally {
      await events.close();
    }
  });
});

describe('bearerMatches', () => {
  it('takes only `Bearer <the token>`, the scheme in any case', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'Bearer', `Bearer ${TOKEN} extra`, `Token ${TOKEN}`, `Bearer ${TOKEN.toUpperCase()}`])
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
  });
});
