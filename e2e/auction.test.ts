// Journey: the silent auction (R53, R54). An admin sees the lots on Admin → Auction and adds one; the event page links the
// auction; a team leader on a 390 px phone opens a lot, bids, reads 'You are the highest bidder', and when a golfer outbids
// them through the API with their personal link, the page says 'Outbid' and shows the new bid live, without a reload, as the
// list does. Screenshots of the three pages at 1280 and 390 px.
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createLot, setAuctionTimes } from '../src/server/auction/lots';
import { players } from '../src/server/db/schema';
import { issueLinks } from '../src/server/golfer-answers/links';
import { storeImage } from '../src/server/images/service';
import { registerTeams } from '../src/server/registration/service';
import { createLevel, createTournament, daysFromToday, playersInput, registrationInput } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectHeading, expectToast } from './support/page-expectations';

let seeded: { tournamentId: string; lotId: string; golferToken: string; secondToken: string } | undefined;

/** A photo for the lot: a 1200 × 800 picture made here (the upload pipeline re-encodes it as staff's uploads are). */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 46, g: 110, b: 72 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="800"><circle cx="850" cy="260" r="140" fill="#f4d35e"/><rect y="560" width="1200" height="240" fill="#1b4332"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

const journey = setUpJourney({
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const gala = await createTournament(db, { name: 'Lakeside Charity Gala', startDate: daysFromToday(0) });
    const now = Date.now();
    await setAuctionTimes(db, gala.id, {
      opensAt: new Date(now - 3600_000).toISOString(),
      closesAt: new Date(now + 3 * 3600_000).toISOString(),
    });
    const image = await storeImage(db, await photo(), { purpose: 'hero', uploadedBy: null });
    const lot = await createLot(db, gala.id, {
      title: 'Weekend at the Lake House',
      description: 'Two nights for four at the lake, with the boat.\nAny weekend in September.',
      imageId: image.id,
      valueCents: 150_000,
      openingBidCents: 50_000,
      minRaiseCents: 5_000,
      buyNowCents: 200_000,
      donor: 'The Harbor Family',
    });
    await createLot(db, gala.id, { title: 'Signed Ryder Cup Flag', valueCents: 60_000, openingBidCents: 20_000, minRaiseCents: 2_000 });
    // A golfer of the gala who answers for themselves: their personal link bids for them (R42).
    const level = await createLevel(db, gala.id, { name: 'Gala Sponsor', priceCents: 80_000, maxTeams: 5 });
    const registered = await registerTeams(
      db,
      leader.id,
      { ...registrationInput(gala.id, level.id), teams: [{ teamName: 'Lake Herons', players: playersInput('Lake') }] },
      new Date(),
    );
    const [golfer, second] = await db
      .update(players)
      .set({ answeredBy: 'golfer' })
      .where(eq(players.teamId, registered.teams[0]!.id))
      .returning({ id: players.id });
    const tokens = await issueLinks(db, [golfer!.id, second!.id]);
    seeded = { tournamentId: gala.id, lotId: lot.id, golferToken: tokens.get(golfer!.id)!, secondToken: tokens.get(second!.id)! };
  },
});

const ids = () => {
  if (!seeded) throw new Error('not seeded');
  return seeded;
};

describe('the silent auction', () => {
  test('staff keep the lots; a phone bids, is outbid by another bidder and sees it live', async () => {
    const { tournamentId, lotId, golferToken, secondToken } = ids();

    // Admin → Auction: the times, the lots with their photo and standing; a lot added through the dialog.
    const admin = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    await admin.goto(`/admin/auction?tournament=${tournamentId}`);
    await expectHeading(admin, 'Auction');
    await admin.getByRole('button', { name: 'Edit Weekend at the Lake House' }).waitFor();
    await admin.getByRole('button', { name: 'Add Lot' }).click();
    await admin.getByLabel('Title').fill('Golf Lesson with the Club Pro');
    await admin.getByLabel('Opening bid').fill('150');
    await admin.getByLabel('Donor credited').fill('Pine Valley Golf Club');
    await admin.getByRole('button', { name: 'Add Lot' }).last().click();
    await expectToast(admin, 'Lot created', 'success');
    await admin.getByRole('button', { name: 'Edit Golf Lesson with the Club Pro' }).waitFor();
    await expectUsable(admin, 'Auction', 'admin auction, 1280 px');
    await shoot(admin, 'auction-admin-1280');
    await resizeTo(admin, 'mobile');
    await expectUsable(admin, 'Auction', 'admin auction, 390 px');
    await shoot(admin, 'auction-admin-390');

    // The event page links the auction.
    const bidder = await journey.visitor({ as: E2E_ACCOUNTS.leader, viewport: 'mobile' });
    await bidder.goto('/');
    await bidder.getByRole('link', { name: 'Silent auction' }).first().click();
    await expectHeading(bidder, 'Silent Auction');
    await bidder.getByText('Golf Lesson with the Club Pro').waitFor();
    await expectUsable(bidder, 'Silent Auction', 'auction list, 390 px');
    await shoot(bidder, 'auction-list-390');

    await bidder.getByRole('link', { name: 'Weekend at the Lake House' }).click();
    await expectHeading(bidder, 'Weekend at the Lake House');
    await bidder.getByText('Live', { exact: true }).waitFor();
    // Below the opening bid: the rule's message, nothing placed.
    await bidder.getByLabel('Your bid').fill('400');
    await bidder.getByRole('button', { name: 'Place Bid' }).click();
    await bidder.getByText('Your bid must be at least $500.00').waitFor();
    await bidder.getByLabel('Your bid').fill('500');
    await bidder.getByRole('checkbox', { name: /Show my name/ }).check();
    // A double tap places one bid (the second was sent, and refused as below the least bid the first had raised).
    const bidsSent: string[] = [];
    bidder.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/bids')) bidsSent.push(request.url());
    });
    await bidder.getByRole('button', { name: 'Place Bid' }).dblclick();
    await expect.poll(() => bidder.getByTestId('bid-status').textContent()).toBe('You are the highest bidder');
    expect(bidsSent).toHaveLength(1);
    expect(await bidder.getByTestId('current-bid').textContent()).toBe('$500.00');
    await expectUsable(bidder, 'Weekend at the Lake House', 'lot page, 390 px');
    await shoot(bidder, 'auction-lot-leading-390');

    // Another bidder, a golfer through their personal link, outbids through the API: the page says so without a reload.
    const outbid = await fetch(journey.at(`/api/auction/${tournamentId}/lots/${lotId}/bids`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: journey.portal.url },
      body: JSON.stringify({ kind: 'max', amountCents: 70_000, golferToken }),
    });
    expect(outbid.status).toBe(201);
    await expect.poll(() => bidder.getByTestId('bid-status').textContent(), { timeout: 10_000 }).toBe('Outbid: bid again to lead');
    expect(await bidder.getByTestId('current-bid').textContent()).toBe('$550.00');
    await bidder.getByRole('list', { name: 'Latest bids' }).getByText('$550.00').waitFor();
    await shoot(bidder, 'auction-lot-outbid-390');

    // The list in another tab follows too: a third bidder's $800 beats the golfer's $700 maximum.
    const watcher = await journey.visitor();
    await watcher.goto(`/auction/${tournamentId}`);
    await watcher.getByText('Live', { exact: true }).waitFor();
    await watcher.getByText('$550.00').waitFor();
    await shoot(watcher, 'auction-list-1280');
    await fetch(journey.at(`/api/auction/${tournamentId}/lots/${lotId}/bids`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: journey.portal.url },
      body: JSON.stringify({ amountCents: 80_000, golferToken: secondToken }),
    });
    await watcher.getByText('$800.00').waitFor();
    await watcher.goto(`/auction/${tournamentId}/lots/${lotId}`);
    await expectHeading(watcher, 'Weekend at the Lake House');
    await expectUsable(watcher, 'Weekend at the Lake House', 'lot page, 1280 px');
    await shoot(watcher, 'auction-lot-1280');

    // Signed out, 'Log in to bid' comes back to this lot once signed in, with the bid form.
    await watcher.getByRole('link', { name: 'Log in to bid' }).click();
    await watcher.getByText('Log in, or create an account to bid.').waitFor();
    await watcher.getByLabel('Email', { exact: true }).fill(E2E_ACCOUNTS.leader.email);
    await watcher.getByLabel('Password', { exact: true }).fill(E2E_ACCOUNTS.leader.password);
    await watcher.getByRole('button', { name: 'Login' }).click();
    await expectHeading(watcher, 'Weekend at the Lake House');
    await watcher.getByLabel('Your bid').waitFor();
    expect(new URL(watcher.url()).pathname).toBe(`/auction/${tournamentId}/lots/${lotId}`);
  });
});
