// A phone's outbox of 500 score saves, replayed (issue 13, R32): a leader's browser holds 500 saves made offline
// (one cell each, every one a real change from the value before it), the page opens with a connection and sends them by
// itself, in order, one at a time. Then the first 50 are put back with their own keys (a phone that lost the answers and
// sends them again). Measures the time to drain, and checks every save was applied exactly once: 500 score_events, the
// card as the last save of each cell left it, nothing changed by the replays.
// Server: the built server as `npm start` runs it, on the embedded database (PGlite), in Chromium with the real page.
//   node --import tsx bench/outbox-replay.ts [--saves 500]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { E2E_ACCOUNTS, seedAccounts } from '../e2e/support/accounts';
import { findUserByEmail } from '../src/server/account/service';
import { migrateDatabase, openDatabase } from '../src/server/db/connect';
import { createTournamentDay } from '../src/server/test/tournament-day-fixtures';
import {
  argValue,
  CHROMIUM,
  CHROMIUM_ARGS,
  freePort,
  noteLoad,
  printTable,
  round,
  spawnStartedServer,
  waitForOk,
  writeResult,
  type Check,
} from './lib';

const SAVES = Number(argValue('--saves') ?? 500);
const REPLAYED = 50;
/** Budget: the phone catches up within a minute of the connection returning (on this 2-core machine, PGlite). */
const DRAIN_BUDGET_S = 60;

noteLoad('outbox-replay');
const dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-outbox-'));
let teamId = '';
{
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await migrateDatabase(database);
  await seedAccounts(database.db);
  const leader = await findUserByEmail(database.db, E2E_ACCOUNTS.leader.email);
  teamId = (await createTournamentDay(database.db, leader!.id, { teams: 1, holes: 18, label: 'Outbox' })).teams[0]!.id;
  await database.close();
}

const port = await freePort();
const server = spawnStartedServer({ DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' }, port);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

interface Save {
  seq?: number;
  key: string;
  teamId: string;
  changes: { playerId: string; holeNumber: number; base: number; strokes: number }[];
  createdAt: number;
}

/** Writes saves straight into the page's outbox store (what the score page does offline) and flags them as waiting. */
const putSaves = (page: Page, saves: Save[]) =>
  page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('golf-offline', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('saves', 'readwrite');
          for (const save of list) tx.objectStore('saves').add(save);
          tx.oncomplete = () => {
            localStorage.setItem('golf-outbox-waiting', '1');
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    saves,
  );
const waiting = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('golf-offline', 1);
        open.onsuccess = () => {
          const count = open.result.transaction('saves').objectStore('saves').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

/** Reloads the page (the outbox starts by itself) and answers the seconds until no save waits. */
async function drain(page: Page): Promise<number> {
  const start = performance.now();
  await page.reload();
  while ((await waiting(page)) > 0) {
    if (performance.now() - start > 300_000) throw new Error('the outbox did not drain in 5 minutes');
    await page.waitForTimeout(50);
  }
  return (performance.now() - start) / 1000;
}

try {
  await waitForOk(`${server.baseUrl}/api/health`, server, 120_000);
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email: E2E_ACCOUNTS.leader.email, password: E2E_ACCOUNTS.leader.password },
    headers: { origin: server.baseUrl },
  });
  if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()}`);
  const page = await context.newPage();
  await page.goto(`/register/scores/${teamId}`);
  await page.getByRole('heading', { name: 'Score Entry' }).waitFor();
  await page.getByRole('button', { name: 'Save Scores' }).waitFor();
  const card = (await (await context.request.get(`/api/teams/${teamId}/scores`)).json()) as { players: { id: string }[] };
  const cells = card.players.flatMap((p) => Array.from({ length: 18 }, (_, h) => ({ playerId: p.id, holeNumber: h + 1 })));

  // Save i changes cell i mod 72 to its next value (2..8 in turn): every save is a change, and each depends on the last.
  const last = new Map<string, number>();
  const saves: Save[] = Array.from({ length: SAVES }, (_, i) => {
    const cell = cells[i % cells.length]!;
    const id = `${cell.playerId}:${cell.holeNumber}`;
    const base = last.get(id) ?? 0;
    const strokes = (Math.floor(i / cells.length) % 7) + 2;
    last.set(id, strokes);
    return { key: crypto.randomUUID(), teamId, changes: [{ ...cell, base, strokes }], createdAt: Date.now() };
  });

  await putSaves(page, saves);
  const drainSeconds = await drain(page);
  // The same first 50 saves again, with their keys: the server must answer them from its record and change nothing.
  await putSaves(
    page,
    saves.slice(0, REPLAYED).map(({ seq: _seq, ...save }) => save),
  );
  const replaySeconds = await drain(page);

  const admin = await browser.newContext({ baseURL: server.baseUrl });
  await admin.request.post('/api/auth/sign-in/email', {
    data: { email: E2E_ACCOUNTS.admin.email, password: E2E_ACCOUNTS.admin.password },
    headers: { origin: server.baseUrl },
  });
  const history = (await (await admin.request.get(`/api/admin/score-history/${teamId}`)).json()) as { events: unknown[] };
  const final = (await (await admin.request.get(`/api/teams/${teamId}/scores`)).json()) as {
    scores: { playerId: string; holeNumber: number; strokes: number }[];
  };
  const cardMatches =
    final.scores.length === last.size && final.scores.every((s) => last.get(`${s.playerId}:${s.holeNumber}`) === s.strokes);

  const rows = [
    {
      run: `${SAVES} saves`,
      seconds: round(drainSeconds, 2),
      'saves/s': round(SAVES / drainSeconds, 1),
      'ms/save': round((drainSeconds * 1000) / SAVES, 1),
    },
    {
      run: `${REPLAYED} sent again`,
      seconds: round(replaySeconds, 2),
      'saves/s': round(REPLAYED / replaySeconds, 1),
      'ms/save': round((replaySeconds * 1000) / REPLAYED, 1),
    },
  ];
  printTable(rows);
  console.log(`score_events: ${history.events.length} (expected ${SAVES}); card as the last saves left it: ${cardMatches}`);
  const checks: Check[] = [
    {
      name: `${SAVES} saves applied exactly once (score_events)`,
      value: history.events.length,
      unit: 'events',
      budget: `= ${SAVES}`,
      pass: history.events.length === SAVES,
    },
    { name: 'card equals the last save of each cell', value: cardMatches ? 1 : 0, unit: '', budget: '= 1', pass: cardMatches },
    {
      name: `outbox of ${SAVES} drained`,
      value: round(drainSeconds, 1),
      unit: 's',
      budget: `<= ${DRAIN_BUDGET_S} s`,
      pass: drainSeconds <= DRAIN_BUDGET_S,
    },
    { name: `${REPLAYED} saves sent again, drained`, value: round(replaySeconds, 1), unit: 's', budget: '', pass: null },
  ];
  writeResult('outbox-replay', { saves: SAVES, replayed: REPLAYED, rows, events: history.events.length, cardMatches, checks });
  if (checks.some((c) => c.pass === false)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
