// Who may read a year statement (R39, issue 31): the receipt e-mail's key opens its own address's own year; a signed-in
// account opens its own address's statement only once that address is confirmed, and without SMTP (nobody confirms, R7)
// only the key opens it. One database, served by an app with SMTP and one without (as when SMTP_URL is set later).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, user } from '../db/schema';
import { recordOfflineGift } from '../donations/service';
import { startMailCatcher, type MailCatcher } from '../test/mail-catcher';
import { createTournament } from '../test/factories';
import { createTestApp, uniqueEmail, type TestApp, type TestUser } from '../test/test-app';
import { offlineGiftSchema } from '../../shared/fundraising-schemas';
import { STATEMENT_KEY_OTHER, STATEMENT_LINK_ONLY, STATEMENT_NEEDS_CONFIRMED } from './routes';
import { linkKey, statementSubject } from './service';

let mail: MailCatcher;
let withSmtp: TestApp;
let withoutSmtp: TestApp;
let admin: TestUser;
let tournamentId: string;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  mail = await startMailCatcher();
  withSmtp = await createTestApp({ env: { SMTP_URL: mail.url } });
  withoutSmtp = await createTestApp({ database: withSmtp.database });
  admin = await withSmtp.createUser('admin');
  tournamentId = (await createTournament(withSmtp.db)).id;
});
afterAll(async () => {
  await withoutSmtp?.close();
  await withSmtp?.close();
  await mail?.close();
});

/** A donor's cheque gift, paid today: what an impostor would want to read. */
async function donorGave(email: string, amount = '250') {
  const input = offlineGiftSchema.parse({ tournamentId, amount, name: 'Dana Donor', email, method: 'cheque', note: 'No. 12' });
  return recordOfflineGift(withSmtp.db, input, admin.id);
}
const statement = (t: TestApp, email: string, options: { year?: number; key?: string; cookie?: string } = {}) =>
  t.call(
    `/api/statements?${new URLSearchParams({ email, year: String(options.year ?? year), ...(options.key ? { key: options.key } : {}) })}`,
    { cookie: options.cookie },
  );
const keyFor = async (email: string, forYear: number) =>
  linkKey((await withSmtp.deps.auth.$context).secret, statementSubject(email, forYear));

describe('a signed-in account with the donor’s address', () => {
  it('without SMTP, an unconfirmed account registered with a donor’s address does not read the donor’s statement', async () => {
    const donor = uniqueEmail('donor');
    await donorGave(donor);
    // The impostor signs up with the donor's address: without SMTP nobody confirms it, and sign-in works at once (R7).
    expect((await withoutSmtp.signUp({ email: donor })).response.status).toBe(201);
    const cookie = await withoutSmtp.signIn(donor);
    const answer = await statement(withoutSmtp, donor, { cookie });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: { code: 'FORBIDDEN', message: STATEMENT_LINK_ONLY } });

    // The same session once SMTP is set: the address is still unconfirmed, so still refused, saying what to do.
    const later = await statement(withSmtp, donor, { cookie });
    expect(later.status).toBe(403);
    expect(later.body.error.message).toBe(STATEMENT_NEEDS_CONFIRMED);
  });

  it('with SMTP, a confirmed account reads its own address’s statement; without SMTP, even a confirmed one needs the link', async () => {
    const donor = await withSmtp.createUser('team_leader'); // confirmed
    await donorGave(donor.email, '300');
    const own = await statement(withSmtp, donor.email, { cookie: donor.cookie });
    expect(own.status).toBe(200);
    expect(own.body.totals.amountCents).toBe(30_000);

    const cookie = await withoutSmtp.signIn(donor.email);
    const noSmtp = await statement(withoutSmtp, donor.email, { cookie });
    expect(noSmtp.status).toBe(403);
    expect(noSmtp.body.error.message).toBe(STATEMENT_LINK_ONLY);
    // The key of the e-mail opens it there too.
    expect((await statement(withoutSmtp, donor.email, { key: await keyFor(donor.email, year) })).status).toBe(200);
  });

  it('staff read any statement, with or without SMTP', async () => {
    const donor = uniqueEmail('donor');
    await donorGave(donor);
    expect((await statement(withSmtp, donor, { cookie: admin.cookie })).status).toBe(200);
    expect((await statement(withoutSmtp, donor, { cookie: await withoutSmtp.signIn(admin.email) })).status).toBe(200);
  });
});

describe('a statement key', () => {
  it('opens its own address’s own year only: another year, another address or a made-up key is refused', async () => {
    const donor = uniqueEmail('donor');
    const other = uniqueEmail('other');
    await donorGave(donor, '120');
    await donorGave(other, '80');
    const key = await keyFor(donor, year);
    for (const t of [withSmtp, withoutSmtp]) {
      const own = await statement(t, donor, { key });
      expect(own.status).toBe(200);
      expect(own.body.receipts.map((r: { payerEmail: string }) => r.payerEmail)).toEqual([donor]);
      expect(own.body.totals.amountCents).toBe(12_000);

      for (const refused of [
        await statement(t, donor, { key, year: year - 1 }),
        await statement(t, donor, { key, year: year + 1 }),
        await statement(t, other, { key }),
        await statement(t, donor, { key: '0'.repeat(32) }),
        await statement(t, donor, { key: await keyFor(donor, year - 1) }),
      ]) {
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ error: { code: 'NOT_FOUND', message: STATEMENT_KEY_OTHER } });
      }
    }
  });

  it('is the one the receipt e-mail carries, for the year the statement counts the payment in', async () => {
    const donor = uniqueEmail('donor');
    // Recorded through the API, which sends the receipt.
    const gift = { tournamentId, amount: '75', name: 'Dana Donor', email: donor, method: 'cheque', note: 'No. 13' };
    expect((await withSmtp.call('/api/admin/donations', { json: gift, cookie: admin.cookie })).status).toBe(201);
    const receipt = await mail.waitFor(donor, (m) => m.subject.startsWith('Receipt from'));
    const link = new URL(/Year statement: (\S+)/.exec(receipt.text)![1]!);
    expect(link.searchParams.get('year')).toBe(String(year));
    expect(link.searchParams.get('key')).toBe(await keyFor(donor, year));
    expect((await withSmtp.call(`/api/statements${link.search}`)).status).toBe(200);
  });
});

describe('a receipt of one payment', () => {
  it('says whether its payer’s statement opens for the caller, so the page offers the link only where it does', async () => {
    const payer = await withSmtp.createUser('team_leader'); // confirmed
    const gift = await donorGave(payer.email, '40');
    await withSmtp.db.update(purchases).set({ userId: payer.id }).where(eq(purchases.id, gift.id));
    const opens = async (t: TestApp, cookie: string) => (await t.call(`/api/receipts/${gift.paymentId}`, { cookie })).body.statementOpens;
    expect(await opens(withSmtp, payer.cookie)).toBe(true);
    // Without SMTP the statement opens from a receipt e-mail's link only: no link on the page.
    expect(await opens(withoutSmtp, await withoutSmtp.signIn(payer.email))).toBe(false);
    expect(await opens(withoutSmtp, await withoutSmtp.signIn(admin.email))).toBe(true);

    // With SMTP, an account not yet confirmed (signed up while there was none): the statement would refuse it, so no link.
    const unconfirmed = uniqueEmail('payer');
    await withoutSmtp.signUp({ email: unconfirmed });
    const cookie = await withoutSmtp.signIn(unconfirmed);
    const [account] = await withSmtp.db.select({ id: user.id }).from(user).where(eq(user.email, unconfirmed));
    const second = await donorGave(unconfirmed, '20');
    await withSmtp.db.update(purchases).set({ userId: account!.id }).where(eq(purchases.id, second.id));
    expect((await withSmtp.call(`/api/receipts/${second.paymentId}`, { cookie })).body.statementOpens).toBe(false);
  });

  it('is not opened by an account that only shares the payer’s address: the key, the paying account or staff', async () => {
    const donor = uniqueEmail('donor');
    const gift = await donorGave(donor);
    await withoutSmtp.signUp({ email: donor });
    const cookie = await withoutSmtp.signIn(donor);
    for (const t of [withSmtp, withoutSmtp]) {
      expect((await t.call(`/api/receipts/${gift.paymentId}`, { cookie })).status).toBe(404);
    }
    expect((await withSmtp.call(`/api/receipts/${gift.paymentId}`, { cookie: admin.cookie })).status).toBe(200);
  });
});
