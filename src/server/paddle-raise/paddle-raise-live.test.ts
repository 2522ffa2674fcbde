// TV mode's live board (R56): GET /api/paddle-raises/events sends each live raise's board at once and again after every
// pledge, to this app's subscribers and, through NOTIFY on the paddle raise's channel, to another app's on the same database
// (in-process, on both databases), and across two real server processes on PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { createUserAccount, setRole } from '../account/service';
import { testDatabaseKind } from '../test/database';
import { signInAt, useServerPair } from '../test/server-pair';
import { readEvents, type EventReader } from '../test/sse-reader';
import { createTournament } from '../test/factories';
import { fileApp } from '../test/file-app';
import { TEST_PASSWORD, uniqueEmail } from '../test/test-app';
import { bidderFor } from '../auction/bidders';
import { openRaise } from './service';
import { openRaiseSchema } from '../../shared/paddle-raise-schemas';
import type { PaddleBoard } from './service';

const parsed = (data: string) => JSON.parse(data) as PaddleBoard;
/** The next board of this tournament on the stream that satisfies `accept`. */
const boardOf = async (stream: EventReader, tournamentId: string, accept: (board: PaddleBoard) => boolean = () => true) =>
  parsed(
    (await stream.until((e) => e.event === 'paddle-raise' && parsed(e.data).tournament.id === tournamentId && accept(parsed(e.data)))).data,
  );
const raiseFor = async (db: Parameters<typeof openRaise>[0]) => {
  const tournament = await createTournament(db, { active: true });
  const raise = await openRaise(
    db,
    openRaiseSchema.parse({ tournamentId: tournament.id, title: 'Fund a year of swimming lessons', levels: '1,000 / 500 / 100' }),
    new Date(),
  );
  const guest = await bidderFor(db, tournament.id, { name: 'Dana Diner', email: 'dana@example.com' }, true);
  return { tournament, raise, guest };
};

const t = await fileApp();
// Another app on the same database, with its own feed and LISTEN connection, as another process would have.
const other = await fileApp({ database: t.database });
const staff = await t.createUser('moderator');
afterAll(async () => {
  await other.deps.paddleRaiseFeed.close();
  await t.deps.paddleRaiseFeed.close();
});

describe('GET /api/paddle-raises/events (live)', () => {
  it("a paddle recorded through one app reaches the other app's stream with the new total, count and name", async () => {
    const { tournament, raise, guest } = await raiseFor(t.db);
    const response = await other.request('/api/paddle-raises/events');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = readEvents(response);
    try {
      const first = await boardOf(stream, tournament.id);
      expect(first.raise).toMatchObject({ id: raise.id, title: 'Fund a year of swimming lessons', pledgedCents: 0, count: 0 });
      const recorded = await t.call(`/api/admin/paddle-raises/${raise.id}/pledges`, {
        cookie: staff.cookie,
        json: { amountCents: 100_000, bidderNumber: guest.number },
      });
      expect(recorded.status).toBe(201);
      const pushed = await boardOf(stream, tournament.id, (b) => (b.raise?.count ?? 0) > 0);
      expect(pushed.raise).toMatchObject({ pledgedCents: 100_000, count: 1, latest: [{ label: '#1 Dana Diner', amountCents: 100_000 }] });
    } finally {
      await stream.close();
    }
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('the paddle raise board across two server processes on PostgreSQL (R4, R56)', () => {
    const pair = useServerPair();

    it("a paddle recorded on the keypad through server A reaches a TV on server B's stream", async () => {
      const email = uniqueEmail('staff');
      const staff = await createUserAccount(pair.database.db, {
        firstName: 'Sam',
        lastName: 'Staff',
        email,
        password: TEST_PASSWORD,
        emailVerified: true,
      });
      await setRole(pair.database.db, staff.id, 'moderator');
      const { tournament, raise, guest } = await raiseFor(pair.database.db);

      const subscribed = await fetch(`${pair.b.url}/api/paddle-raises/events`, { headers: { accept: 'text/event-stream' } });
      expect(subscribed.status).toBe(200);
      const stream = readEvents(subscribed);
      try {
        expect((await boardOf(stream, tournament.id)).raise).toMatchObject({ pledgedCents: 0 });
        const cookie = await signInAt(pair.a, email);
        const recorded = await fetch(`${pair.a.url}/api/admin/paddle-raises/${raise.id}/pledges`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: pair.a.url, cookie },
          body: JSON.stringify({ amountCents: 50_000, bidderNumber: guest.number }),
        });
        expect(recorded.status).toBe(201);
        const pushed = await boardOf(stream, tournament.id, (board) => (board.raise?.count ?? 0) > 0);
        expect(pushed.raise).toMatchObject({ pledgedCents: 50_000, count: 1 });
      } finally {
        await stream.close();
      }
    }, 60_000);
  });
}
