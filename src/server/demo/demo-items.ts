// The demo's sponsorship items and golfer add-ons (R36, R37): the upcoming classic sells hole signs, the beverage cart, lunch
// and the hole-in-one prize, some already bought by sponsors with logos this seed draws with sharp; the outing in play has its
// hole sponsors (on its starting sheet and cart signs) and golfers with mulligans and raffle tickets, some sold at check-in.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/connect';
import { players, teams, tournaments } from '../db/schema';
import { storeImage } from '../images/service';
import { createItem } from '../items/service';
import { insertPurchases, type PurchaseInput } from '../purchases/service';
import { createAddon } from '../addons/service';

export const DEMO_ITEMS = [
  { name: 'Hole sponsor', includes: 'Your name and logo on the tee sign of your hole', priceCents: 25_000, quantity: 18, isHole: true },
  { name: 'Beverage cart sponsor', includes: 'Your logo on both carts all day', priceCents: 100_000, quantity: 1, isHole: false },
  {
    name: 'Lunch sponsor',
    includes: 'Lunch for the field, with a table for four',
    priceCents: 150_000,
    quantity: 1,
    isHole: false,
    fmvCents: 20_000,
  },
  { name: 'Hole-in-one prize sponsor', includes: 'Your name on the prize hole', priceCents: 50_000, quantity: 1, isHole: false },
] as const;

export const DEMO_ADDONS = [
  { name: 'Mulligan', description: 'One do-over shot', priceCents: 1_000, maxPerGolfer: 2 },
  { name: 'Raffle ticket', description: 'A chance at the prize table', priceCents: 500, maxPerGolfer: 10 },
] as const;

/** Sponsors with a logo colour; the seed draws each logo (a rounded badge with the initials and name) and uploads it. */
const SPONSORS = [
  { name: 'Harbor Dental Group', colour: '#1d4ed8' },
  { name: 'Greenline Landscaping', colour: '#15803d' },
  { name: 'Baxter & Sons Plumbing', colour: '#b45309' },
  { name: 'Northside Credit Union', colour: '#7c3aed' },
  { name: 'Lakeview Realty', colour: '#0f766e' },
] as const;

async function drawLogo(name: string, colour: string): Promise<Buffer> {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const escaped = name.replace(/&/g, '&amp;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320">
    <rect width="640" height="320" rx="40" fill="white"/>
    <circle cx="160" cy="160" r="120" fill="${colour}"/>
    <text x="160" y="200" font-family="sans-serif" font-size="110" font-weight="700" fill="white" text-anchor="middle">${initials}</text>
    <text x="310" y="150" font-family="sans-serif" font-size="40" font-weight="700" fill="${colour}">${escaped.split(' ').slice(0, 2).join(' ')}</text>
    <text x="310" y="200" font-family="sans-serif" font-size="36" fill="#333">${escaped.split(' ').slice(2).join(' ')}</text>
  </svg>`;
  // Drawn as SVG and handed over as PNG, as a sponsor's own file would be: the upload path accepts no SVG.
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The outing's hero image (R40): a fairway at dusk, drawn as SVG and handed over as PNG as staff's own photo would be. */
async function drawHero(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>
    <rect width="1500" height="500" fill="url(#sky)"/>
    <circle cx="1150" cy="230" r="90" fill="#fff3c4"/>
    <path d="M0 330 Q 400 250 800 320 T 1500 300 V 500 H 0 Z" fill="#2d6a4f"/>
    <path d="M0 400 Q 500 340 1000 400 T 1500 390 V 500 H 0 Z" fill="#40916c"/>
    <ellipse cx="980" cy="395" rx="150" ry="22" fill="#95d5b2"/>
    <rect x="1020" y="285" width="5" height="110" fill="#f8f9fa"/>
    <path d="M1025 285 L 1085 302 L 1025 318 Z" fill="#d00000"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedHero(tx: Db, tournamentId: string) {
  const image = await storeImage(tx, await drawHero(), { purpose: 'hero', uploadedBy: null });
  await tx.update(tournaments).set({ heroImageId: image.id }).where(eq(tournaments.id, tournamentId));
}

const buyer = (sponsor: string, i: number) => ({
  buyerName: `${sponsor} office`,
  buyerEmail: `sponsor${i + 1}@example.org`,
});

/** Items on both tournaments, some sold, with logos; add-ons on the outing, some bought ahead and some sold at check-in. */
export async function seedItems(tx: Db, options: { upcomingId: string; outingId: string; now: Date }) {
  const logos = await Promise.all(
    SPONSORS.map(async (s) => (await storeImage(tx, await drawLogo(s.name, s.colour), { purpose: 'logo', uploadedBy: null })).id),
  );
  const holdUntil = new Date(options.now.getTime() + 72 * 3600_000);
  const rows: { row: Omit<PurchaseInput, 'paymentStatus'>; paid: boolean }[] = [];
  for (const [tournamentId, sold] of [
    [options.upcomingId, [1, 4, 7, 12]],
    [options.outingId, [1, 3, 5, 9, 14]],
  ] as const) {
    const items = [];
    for (const item of DEMO_ITEMS) items.push(await createItem(tx, tournamentId, item));
    const hole = items[0]!;
    sold.forEach((holeNumber, i) => {
      const sponsor = SPONSORS[i % SPONSORS.length]!;
      rows.push({
        paid: tournamentId === options.outingId || i < 2,
        row: {
          tournamentId,
          kind: 'item',
          ...buyer(sponsor.name, i),
          amountCents: hole.priceCents,
          fmvCents: hole.fmvCents,
          itemId: hole.id,
          holeNumber,
          sponsorName: sponsor.name,
          logoImageId: logos[i % logos.length]!,
        },
      });
    });
    // The beverage cart is taken: 'Sold out' on the registration page.
    rows.push({
      paid: true,
      row: {
        tournamentId,
        kind: 'item',
        ...buyer('Northside Credit Union', 3),
        amountCents: items[1]!.priceCents,
        itemId: items[1]!.id,
        sponsorName: 'Northside Credit Union',
        logoImageId: logos[3]!,
      },
    });
  }
  await insertPurchases(
    tx,
    rows.map(({ row, paid }) =>
      paid ? { ...row, paymentStatus: 'paid' as const, note: 'Paid by cheque' } : { ...row, paymentStatus: 'hold' as const, holdUntil },
    ),
  );

  // Add-ons: the outing's first golfers bought mulligans ahead (paid), and raffle tickets at the check-in desk (cash).
  const [mulligan, raffle] = [
    await createAddon(tx, options.outingId, DEMO_ADDONS[0]),
    await createAddon(tx, options.outingId, DEMO_ADDONS[1]),
  ];
  await createAddon(tx, options.upcomingId, DEMO_ADDONS[0]);
  await createAddon(tx, options.upcomingId, DEMO_ADDONS[1]);
  const golfers = await tx
    .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(eq(teams.tournamentId, options.outingId))
    .orderBy(teams.createdAt, players.createdAt)
    .limit(12);
  const addonRow = (g: (typeof golfers)[number], addon: typeof mulligan, quantity: number, note: string): PurchaseInput => ({
    tournamentId: options.outingId,
    kind: 'addon',
    buyerName: `${g.firstName} ${g.lastName}`,
    buyerEmail: g.email || 'golfer@example.org',
    amountCents: addon.priceCents * quantity,
    addonId: addon.id,
    playerId: g.id,
    quantity,
    paymentStatus: 'paid',
    note,
  });
  await insertPurchases(tx, [
    ...golfers.slice(0, 8).map((g) => addonRow(g, mulligan, 2, 'Paid with the registration')),
    ...golfers.slice(4, 12).map((g, i) => addonRow(g, raffle, 1 + (i % 4), 'Sold at check-in (cash)')),
  ]);
  return { items: DEMO_ITEMS.length * 2, sold: rows.length, logos: logos.length };
}
