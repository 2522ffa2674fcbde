// Messages to the field (R45) through the API: bad input, the groups and why each recipient gets it, the preview as sent,
// the queue sent once per recipient by the background sender, retries with a growing delay before 'failed', the pace.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRecipients, messages, players, teams, waitlistEntries } from '../db/schema';
import { testDatabaseKind } from '../test/database';
import { registerTeams } from '../registration/service';
import { createLevel, createTournament, playersInput, registrationInput } from '../test/factories';
import { startMailCatcher, type MailCatcher } from '../test/mail-catcher';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { BODY_REQUIRED, LEVEL_REQUIRED, SUBJECT_REQUIRED } from '../../shared/message-schemas';
import { claimRecipients, renewClaim, type Claimed } from './queue';
import { startMessageSender, type MessageSenderOptions } from './sender';
import { NO_RECIPIENTS, recipientCounts } from './service';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestApp;
let mail: MailCatcher;
let admin: TestUser;
let leader: TestUser;
/** Which caught messages the catcher refuses: every tenth while set, or those to one address. */
let refusing: { everyTenth?: boolean; to?: string } = {};

beforeAll(async () => {
  mail = await startMailCatcher({
    refuse: (n, envelope) =>
      (refusing.everyTenth === true && n % 10 === 0) || (refusing.to !== undefined && envelope.to.includes(refusing.to)),
  });
  t = await createTestApp({ env: { SMTP_URL: mail.url, ORG_NAME: 'Lakeside Charity Golf' } });
  admin = await t.createUser('admin', { firstName: 'Morgan', lastName: 'Organiser' });
  leader = await t.createUser();
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

/** A tournament with two levels: Eagle (two teams of one leader, unpaid) and Birdie (one paid team), and a waitlist entry. */
async function field() {
  const tournament = await createTournament(t.db, { name: 'Autumn Classic' });
  const eagle = await createLevel(t.db, tournament.id, { name: `Eagle ${Math.random().toString(36).slice(2, 7)}` });
  const birdie = await createLevel(t.db, tournament.id, { name: `Birdie ${Math.random().toString(36).slice(2, 7)}` });
  const eagleTeams = await registerTeams(
    t.db,
    leader.id,
    registrationInput(tournament.id, eagle.id, {
      contactEmail: 'eagles@example.org',
      contactName: 'Erin Eagle',
      teams: [
        { teamName: 'Eagles One', players: playersInput('EagleA') },
        { teamName: 'Eagles Two', players: playersInput('EagleB') },
      ],
    }),
    new Date(),
  );
  const birdieTeams = await registerTeams(
    t.db,
    leader.id,
    registrationInput(tournament.id, birdie.id, {
      contactEmail: 'birdies@example.org',
      contactName: 'Bo Birdie',
      teams: [{ teamName: 'Birdies', players: playersInput('Birdie') }],
    }),
    new Date(),
  );
  await t.db.update(teams).set({ paymentStatus: 'paid', holdUntil: null }).where(eq(teams.id, birdieTeams.teams[0]!.id));
  await t.db.insert(waitlistEntries).values({
    tournamentSponsorshipLevelId: eagle.id,
    userId: leader.id,
    teamsWanted: 1,
    contactName: 'Wanda Waiting',
    contactEmail: 'waiting@example.org',
  });
  return { tournament, eagle, birdie, eagleTeams: eagleTeams.teams };
}

const send = (json: object) => t.call('/api/admin/messages', { cookie: admin.cookie, json });

/** Runs the sender's passes until nothing is waiting (retries come due after a few ms here). */
async function deliverAll(options: MessageSenderOptions = {}) {
  const sender = startMessageSender(
    { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: () => new Date() },
    { intervalMs: 3_600_000, retryBaseMs: 5, ...options },
  );
  try {
    for (let pass = 0; pass < 50 && (await recipientCounts(t.db)).waiting > 0; pass++) {
      await sender.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await sender.stop();
  }
}

const caughtTo = (address: string) => mail.messages.filter((m) => m.to.includes(address));

describe('writing a message (R45)', () => {
  it('refuses a message without subject or text, or to a level without the level: 400 naming the field, nothing saved', async () => {
    const { tournament } = await field();
    const before = await t.db.select().from(messages);
    const noSubject = await send({ tournamentId: tournament.id, audience: 'leaders', subject: ' ', body: 'Hello' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.error.fields).toMatchObject({ subject: SUBJECT_REQUIRED });
    const noBody = await send({ tournamentId: tournament.id, audience: 'leaders', subject: 'Hi', body: '' });
    expect(noBody.body.error.fields).toMatchObject({ body: BODY_REQUIRED });
    const noLevel = await send({ tournamentId: tournament.id, audience: 'level', subject: 'Hi', body: 'Hello' });
    expect(noLevel.status).toBe(400);
    expect(noLevel.body.error.fields).toMatchObject({ levelId: LEVEL_REQUIRED });
    expect(await t.db.select().from(messages)).toHaveLength(before.length);
  });

  it('refuses a group nobody in it can be written to', async () => {
    const empty = await createTournament(t.db);
    const answer = await send({ tournamentId: empty.id, audience: 'golfers', subject: 'Hi', body: 'Hello' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(NO_RECIPIENTS);
  });

  it('previews the e-mail as it will be sent, with who sent it and why this recipient gets it, saving nothing', async () => {
    const { tournament, birdie } = await field();
    const before = (await t.db.select().from(messages)).length;
    const preview = await t.call('/api/admin/messages/preview', {
      cookie: admin.cookie,
      json: {
        tournamentId: tournament.id,
        audience: 'level',
        levelId: birdie.id,
        subject: 'Tee times moved',
        body: 'We start at 9.\n\nBring your receipt.',
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.recipientCount).toBe(1);
    expect(preview.body.sample.to).toBe('birdies@example.org');
    expect(preview.body.sample.subject).toBe('Tee times moved');
    expect(preview.body.sample.text).toContain('Hi Bo Birdie,\n\nWe start at 9.\n\nBring your receipt.');
    expect(preview.body.sample.text).toContain('Morgan Organiser, for Lakeside Charity Golf');
    expect(preview.body.sample.text).toContain(
      `You get this e-mail because your team Birdies is registered at the ${birdie.name} level (Autumn Classic).`,
    );
    expect((await t.db.select().from(messages)).length).toBe(before);
  });

  it('reaches each group: leaders once per address, every golfer, the unpaid teams, a level, the waitlist', async () => {
    const { tournament, eagle } = await field();
    const preview = async (audience: string, levelId?: string) =>
      (
        await t.call('/api/admin/messages/preview', {
          cookie: admin.cookie,
          json: { tournamentId: tournament.id, audience, levelId, subject: 'S', body: 'B' },
        })
      ).body;
    expect((await preview('leaders')).recipientCount).toBe(2);
    expect((await preview('golfers')).recipientCount).toBe(12);
    const unpaid = await preview('unpaid');
    expect(unpaid.recipientCount).toBe(1);
    expect(unpaid.sample.text).toContain('because your team Eagles One has not paid yet');
    expect((await preview('level', eagle.id)).sample.to).toBe('eagles@example.org');
    const waitlist = await preview('waitlist');
    expect(waitlist.recipientCount).toBe(1);
    expect(waitlist.sample.text).toContain(`because you are on the waitlist for the ${eagle.name} level`);
  });
});

describe('sending in the background (R45)', () => {
  it('queues one row per recipient and the sender sends each exactly once; the page shows the counts and the log', async () => {
    const { tournament } = await field();
    const queued = await send({ tournamentId: tournament.id, audience: 'golfers', subject: 'Two places left', body: 'Tell a friend.' });
    expect(queued.status).toBe(201);
    expect(queued.body.recipientCount).toBe(12);
    const waiting = await t.call(`/api/admin/messages?tournamentId=${tournament.id}`, { cookie: admin.cookie });
    expect(waiting.body.messages[0]).toMatchObject({ id: queued.body.id, sent: 0, waiting: 12, failed: 0, senderName: 'Morgan Organiser' });

    await deliverAll();
    const rows = await t.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, queued.body.id));
    for (const row of rows) expect(caughtTo(row.email).filter((m) => m.subject === 'Two places left')).toHaveLength(1);
    const detail = await t.call(`/api/admin/messages/${queued.body.id}`, { cookie: admin.cookie });
    expect(detail.body).toMatchObject({ sent: 12, waiting: 0, failed: 0, body: 'Tell a friend.' });
    expect(detail.body.recipients.every((r: { status: string; sentAt: string | null }) => r.status === 'sent' && r.sentAt)).toBe(true);

    // A second pass (another process, or a restart) finds nothing to send.
    const caught = mail.messages.length;
    await deliverAll();
    expect(mail.messages.length).toBe(caught);
  });

  it('sends to a recipient only while the claim is still the sender’s: one taken over after its lease ran out is skipped', async () => {
    const { tournament } = await field();
    const queued = await send({ tournamentId: tournament.id, audience: 'golfers', subject: 'Lease check', body: 'Slow batch.' });
    const mineOnly = (claimed: Claimed[]) => claimed.filter((c) => c.messageId === queued.body.id);
    const now = Date.now() + 60_000;
    const first = mineOnly(await claimRecipients(t.db, { now: new Date(now), limit: 500, leaseMs: 1_000, perMinute: null }));
    expect(first).toHaveLength(12);
    // Another sender, after the first one's lease: it takes the whole batch over.
    const second = mineOnly(await claimRecipients(t.db, { now: new Date(now + 2_000), limit: 500, leaseMs: 1_000, perMinute: null }));
    expect(second.map((c) => c.id).sort()).toEqual(first.map((c) => c.id).sort());
    expect(await renewClaim(t.db, first[0]!, new Date(now + 2_100), 1_000)).toBe(false);
    expect(await renewClaim(t.db, second[0]!, new Date(now + 2_100), 1_000)).toBe(true);
    // Claimed in the future here: put back in line for the other tests' senders, which run on today's clock.
    await t.db
      .update(messageRecipients)
      .set({ status: 'waiting', claimedUntil: null, claimToken: null })
      .where(eq(messageRecipients.messageId, queued.body.id));
    await deliverAll();
  });

  it('retries a refused recipient after a growing delay, and only after the last attempt shows it failed', async () => {
    const { tournament } = await field();
    refusing = { everyTenth: true, to: 'eagles@example.org' };
    try {
      const queued = await send({ tournamentId: tournament.id, audience: 'leaders', subject: 'Bring your receipt', body: 'Thanks.' });
      const sender = startMessageSender(
        { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: () => new Date() },
        { intervalMs: 3_600_000, retryBaseMs: 60_000, maxAttempts: 3 },
      );
      await sender.runOnce();
      const [first] = await t.db.select().from(messageRecipients).where(eq(messageRecipients.email, 'eagles@example.org'));
      expect(first).toMatchObject({ status: 'waiting', attempts: 1 });
      expect(first!.lastError).toContain('451');
      // Not due for a minute: a pass now leaves it.
      await sender.runOnce();
      await sender.stop();
      const [still] = await t.db.select().from(messageRecipients).where(eq(messageRecipients.email, 'eagles@example.org'));
      expect(still!.attempts).toBe(1);
      const firstDelay = still!.nextAttemptAt.getTime() - Date.now();
      expect(firstDelay).toBeGreaterThan(50_000);

      // Come due: the second failure waits twice as long, the third is the last.
      await t.db.update(messageRecipients).set({ nextAttemptAt: new Date() }).where(eq(messageRecipients.id, still!.id));
      const again = startMessageSender(
        { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: () => new Date() },
        { intervalMs: 3_600_000, retryBaseMs: 60_000, maxAttempts: 3 },
      );
      await again.runOnce();
      const [second] = await t.db.select().from(messageRecipients).where(eq(messageRecipients.id, still!.id));
      expect(second).toMatchObject({ status: 'waiting', attempts: 2 });
      expect(second!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000);
      await t.db.update(messageRecipients).set({ nextAttemptAt: new Date() }).where(eq(messageRecipients.id, still!.id));
      await again.runOnce();
      await again.stop();
      const detail = await t.call(`/api/admin/messages/${queued.body.id}`, { cookie: admin.cookie });
      expect(detail.body).toMatchObject({ sent: 1, failed: 1, waiting: 0 });
      expect(detail.body.recipients.find((r: { email: string }) => r.email === 'eagles@example.org')).toMatchObject({
        status: 'failed',
        attempts: 3,
      });
      expect(caughtTo('eagles@example.org').filter((m) => m.subject === 'Bring your receipt')).toHaveLength(0);
      expect(caughtTo('birdies@example.org').filter((m) => m.subject === 'Bring your receipt')).toHaveLength(1);
    } finally {
      refusing = {};
    }
  });

  it('sends at most MAIL_PER_MINUTE in a minute, counted over every process', async () => {
    const { tournament } = await field();
    const queued = await send({ tournamentId: tournament.id, audience: 'golfers', subject: 'Paced', body: 'One at a time.' });
    // Ten minutes on, the earlier tests' e-mails are out of the minute counted.
    const later = () => new Date(Date.now() + 10 * 60_000);
    const sender = startMessageSender(
      { db: t.db, config: { ...t.config, mailPerMinute: 5 }, mailer: t.deps.mailer, logger: t.deps.logger, now: later },
      { intervalMs: 3_600_000 },
    );
    expect((await sender.runOnce()).sent).toBe(5);
    expect((await sender.runOnce()).sent).toBe(0);
    await sender.stop();
    expect(await recipientCounts(t.db, queued.body.id)).toEqual({ sent: 5, waiting: 7, failed: 0 });
    await deliverAll();
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('two sending processes on PostgreSQL, one killed mid-run, every tenth e-mail refused (R45)', () => {
    const children: ChildProcess[] = [];
    afterAll(() => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    function senderProcess(smtpUrl: string, mailFrom: string) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/message-sender-process.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: t.database.url!,
          SMTP_URL: smtpUrl,
          MAIL_FROM: mailFrom,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // What it printed (an error, for one) goes with the test's output.
      child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      child.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      children.push(child);
      return child;
    }

    it('gives each of 2,000 recipients exactly one copy in the end, none twice', async () => {
      const tournament = await createTournament(t.db, { name: 'Big Field Open' });
      const level = await createLevel(t.db, tournament.id, { maxTeams: 10 });
      const teamRows = await t.db
        .insert(teams)
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            tournamentId: tournament.id,
            tournamentSponsorshipLevelId: level.id,
            name: `Field ${i + 1}`,
          })),
        )
        .returning({ id: teams.id });
      await t.db.insert(players).values(
        teamRows.flatMap((team, i) =>
          Array.from({ length: 4 }, (_, p) => ({
            teamId: team.id,
            firstName: `G${i}`,
            lastName: `P${p}`,
            email: `field-${i}-${p}@example.org`,
          })),
        ),
      );

      let victim: ChildProcess | undefined;
      let killedAt = 0;
      const catcher = await startMailCatcher({
        refuse: (n) => n % 10 === 0,
        // The victim dies in the middle of an SMTP conversation, once a good part of the field has its e-mail.
        onMailFrom: (from) => {
          if (from !== 'victim@example.org' || !victim) return;
          if (killedAt === 0 && catcher.messages.length >= 600) {
            killedAt = catcher.messages.length;
            victim.kill('SIGKILL');
          }
          return killedAt > 0;
        },
      });
      try {
        const queued = await send({ tournamentId: tournament.id, audience: 'golfers', subject: 'Tee times moved', body: 'We start at 9.' });
        expect(queued.body.recipientCount).toBe(2000);
        victim = senderProcess(catcher.url, 'victim@example.org');
        senderProcess(catcher.url, 'survivor@example.org');
        const deadline = Date.now() + 120_000;
        let restarted = false;
        for (;;) {
          const counts = await recipientCounts(t.db, queued.body.id);
          if (counts.waiting === 0) break;
          if (Date.now() > deadline) throw new Error(`still waiting: ${JSON.stringify(counts)}`);
          // A restart of the killed process joins in.
          if (killedAt > 0 && !restarted) {
            restarted = true;
            senderProcess(catcher.url, 'restarted@example.org');
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(killedAt).toBeGreaterThan(0);
        expect(victim.signalCode).toBe('SIGKILL');
        expect(await recipientCounts(t.db, queued.body.id)).toEqual({ sent: 2000, waiting: 0, failed: 0 });
        const copies = new Map<string, number>();
        for (const m of catcher.messages) for (const to of m.to) copies.set(to, (copies.get(to) ?? 0) + 1);
        expect(catcher.messages).toHaveLength(2000);
        expect(copies.size).toBe(2000);
        expect([...copies.values()].every((n) => n === 1)).toBe(true);
        // Refused ones were retried: some recipients needed more than one attempt.
        const retried = await t.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, queued.body.id));
        expect(retried.filter((r) => r.attempts > 1).length).toBeGreaterThan(100);
      } finally {
        await catcher.close();
      }
    }, 180_000);
  });
}
