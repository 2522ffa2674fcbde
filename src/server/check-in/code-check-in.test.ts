// R61 (with R19): every golfer has a random, unique check-in code; staff read it to see the golfer and check them in once;
// a second read says when and by whom; another tournament's code or an unknown one is refused and changes nothing; the
// check-in page's live count hears every check-in through the leaderboard feed's channel.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkins, players, teamAssignments } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { createTournamentDay } from '../test/tournament-day-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { checkInTally } from './code-check-in';
import { CHECK_IN_TALLY_EVENT } from './routes';

let t: TestApp;
let moderator: TestUser;
let admin: TestUser;
let leader: TestUser;
let day: Awaited<ReturnType<typeof createTournamentDay>>;
let other: Awaited<ReturnType<typeof createTournamentDay>>;

// 16:42 UTC is 11:42 in New York (EST, before the March change).
const NOW = new Date('2027-03-01T16:42:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.deps.now = () => new Date(NOW);
  (t.deps.config as { timeZone: string }).timeZone = 'America/New_York';
  [admin, moderator, leader] = await Promise.all([
    t.createUser('admin'),
    t.createUser('moderator', { firstName: 'Mo', lastName: 'Derator' }),
    t.createUser('team_leader'),
  ]);
  day = await createTournamentDay(t.db, leader.id, { teams: 3 });
  other = await createTournamentDay(t.db, leader.id, { teams: 1 });
  await t.db
    .insert(teamAssignments)
    .values({ tournamentId: day.tournament.id, teamId: day.teams[0]!.id, startingHole: 7, startGroup: 'B' });
});
afterAll(() => t?.close());

const golfersOf = (teamId: string) =>
  t.db.select({ id: players.id, code: players.checkInCode, firstName: players.firstName }).from(players).where(eq(players.teamId, teamId));
const read = (tournamentId: string, code: string) =>
  t.call(`/api/admin/golfers/by-code?${new URLSearchParams({ tournamentId, code })}`, { cookie: moderator.cookie });
const checkIn = (tournamentId: string, code: string) =>
  t.call('/api/admin/golfers/check-in-by-code', { cookie: moderator.cookie, json: { tournamentId, code } });

describe('check-in codes', () => {
  it('are random 128-bit hex tokens, one per golfer, unique, unrelated to the ids', async () => {
    const rows = await t.db.select({ id: players.id, code: players.checkInCode }).from(players);
    expect(rows.length).toBeGreaterThanOrEqual(16);
    for (const { id, code } of rows) {
      expect(code).toMatch(/^[0-9a-f]{32}$/);
      expect(code).not.toBe(id.replaceAll('-', ''));
    }
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    // Two codes share no long run of digits (a counter or an id-derived code would).
    const [a, b] = rows;
    expect(a!.code.slice(0, 12)).not.toBe(b!.code.slice(0, 12));
  });

  it('cannot be given twice: the column is unique', async () => {
    const [first, second] = await golfersOf(day.teams[1]!.id);
    await expect(t.db.update(players).set({ checkInCode: first!.code }).where(eq(players.id, second!.id))).rejects.toThrow();
  });
});

describe('check-in by code (R61)', () => {
  it('reads the golfer, team and starting hole, checks them in once, and a second read says when and by whom', async () => {
    const [golfer] = await golfersOf(day.teams[0]!.id);
    const before = await read(day.tournament.id, golfer!.code);
    expect(before.status).toBe(200);
    expect(before.body.golfer).toMatchObject({
      id: golfer!.id,
      teamName: day.teams[0]!.name,
      startingHole: '7B',
      checkedIn: false,
      status: 'Not checked in yet',
    });

    const first = await checkIn(day.tournament.id, golfer!.code.toUpperCase());
    expect(first.status).toBe(200);
    expect(first.body.already).toBe(false);
    expect(first.body.golfer).toMatchObject({ checkedIn: true, checkedInBy: 'Mo Derator', checkedInAt: NOW.toISOString() });
    expect(first.body.golfer.status).toBe('Checked in at 11:42 AM by Mo Derator');

    // Read again later, by the same or another phone: the first check-in stands.
    t.deps.now = () => new Date(NOW.getTime() + 60 * 60_000);
    const again = await checkIn(day.tournament.id, golfer!.code);
    expect(again.body.already).toBe(true);
    expect(again.body.golfer.status).toBe('Checked in at 11:42 AM by Mo Derator');
    const [row] = await t.db.select().from(checkins).where(eq(checkins.playerId, golfer!.id));
    expect(row!.checkedInAt).toEqual(NOW);
    expect((await read(day.tournament.id, golfer!.code)).body.golfer.status).toBe('Checked in at 11:42 AM by Mo Derator');
    t.deps.now = () => new Date(NOW);
  });

  it("refuses another tournament's code, naming it, and changes nothing", async () => {
    const [stranger] = await golfersOf(other.teams[0]!.id);
    const before = await fingerprint(t.db);
    const answer = await checkIn(day.tournament.id, stranger!.code);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(
      `This code belongs to a golfer of another tournament (${other.tournament.name}). Nothing was changed.`,
    );
    expect((await read(day.tournament.id, stranger!.code)).status).toBe(409);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('refuses an unknown code, or anything else a camera reads, and changes nothing', async () => {
    const before = await fingerprint(t.db);
    for (const code of ['0123456789abcdef0123456789abcdef', 'https://example.org/not-a-badge', '']) {
      const answer = await checkIn(day.tournament.id, code);
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toMatch(/^Unknown code/);
    }
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('two phones reading the same badge at once check the golfer in once', async () => {
    const [, golfer] = await golfersOf(day.teams[1]!.id);
    const answers = await Promise.all([checkIn(day.tournament.id, golfer!.code), checkIn(day.tournament.id, golfer!.code)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.already).sort()).toEqual([false, true]);
  });
});

describe("the day's numbers", () => {
  it('count checked-in golfers against every golfer expected', async () => {
    const ids = (await t.db.select({ id: players.id }).from(players)).map((p) => p.id);
    const checked = await t.db.select().from(checkins).where(inArray(checkins.playerId, ids));
    const tally = await checkInTally(t.db, day.tournament.id);
    expect(tally.expected).toBe(12);
    expect(tally.checkedIn).toBe(checked.filter((c) => c.checkedIn && c.teamId !== other.teams[0]!.id).length);
  });

  it('reach an open check-in page at once and after a check-in through any route', async () => {
    const response = await t.request(`/api/admin/golfers/check-in-events?tournamentId=${day.tournament.id}`, { cookie: moderator.cookie });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    // Each tally event in the order sent, one read possibly holding two.
    let buffer = '';
    const nextTally = async () => {
      for (;;) {
        const match = new RegExp(`event: ${CHECK_IN_TALLY_EVENT}\\ndata: (.*)\\n`).exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as { checkedIn: number; expected: number };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    };
    const start = await nextTally();
    expect(start.expected).toBe(12);
    const [, , golfer] = await golfersOf(day.teams[2]!.id);
    // The switch of the list, not the code: both tell the feed.
    const put = await t.call(`/api/admin/golfers/${golfer!.id}/check-in`, {
      method: 'PUT',
      cookie: moderator.cookie,
      json: { checkedIn: true },
    });
    expect(put.status).toBe(200);
    // The same numbers may come again first (on PostgreSQL the feed reads them again once its listener is up, and a
    // notice of an earlier test's check-in can arrive late): the count that follows must be one more.
    let next = await nextTally();
    while (next.checkedIn === start.checkedIn && next.expected === start.expected) next = await nextTally();
    expect(next).toEqual({ checkedIn: start.checkedIn + 1, expected: 12 });
    await reader.cancel();
  });
});

describe('badges (R61)', () => {
  it("lists one badge per golfer with team, starting hole and code: the tournament's, or one team's", async () => {
    const all = await t.call(`/api/admin/golfers/badges?tournamentId=${day.tournament.id}`, { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(all.body.badges).toHaveLength(12);
    const one = await t.call(`/api/admin/golfers/badges?tournamentId=${day.tournament.id}&teamId=${day.teams[0]!.id}`, {
      cookie: admin.cookie,
    });
    const codes = (await golfersOf(day.teams[0]!.id)).map((g) => g.code).sort();
    expect(one.body.badges.map((b: { code: string }) => b.code).sort()).toEqual(codes);
    expect(new Set(one.body.badges.map((b: { startingHole: string }) => b.startingHole))).toEqual(new Set(['7B']));
  });
});

describe('the camera', () => {
  it("is allowed to the portal's own pages only (Scan), microphone and location to none", async () => {
    const policy = (await t.request('/api/health')).headers.get('permissions-policy');
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=()');
  });
});
