// Journey: every page fits a phone on real data (issue 33, docs/decisions/105). The demo's data (`npm run seed:demo`: the
// upcoming Classic and today's 36-team outing with its gifts, items, golfers and singles) and every page of the router
// (client/page-patterns.ts) opened at 390 px by who uses it: visitors the public pages, a team leader their own, staff the
// admin area. On each: no sideways scroll, nothing reaching past the screen's edges unless inside a box that scrolls or
// clips on its own, no content moving while it loads (decision 137), and no serious or critical axe finding. A page added to the router is visited here without a word
// (anonymously, or as an admin under /admin); one with a parameter fails until VISITS says whose ids open it.
import { and, asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pagePatterns } from '../src/client/page-patterns';
import { findUserByEmail } from '../src/server/account/service';
import { payments, players, purchases, teams, tournaments, volunteerGrants } from '../src/server/db/schema';
import { copyTournament } from '../src/server/next-year/copy';
import { addTeams, insertScores } from '../src/server/test/tournament-day-fixtures';
import { inviteVolunteer } from '../src/server/volunteers/service';
import { seedDemo, type DemoSummary } from '../src/server/demo/demo-data';
import { issueLinks } from '../src/server/golfer-answers/links';
import { createLot, setAuctionTimes } from '../src/server/auction/lots';
import { seriousOrWorse, scanWithAxe } from './support/accessibility';
import { recordLayoutShifts, shiftsInMain } from './support/page-expectations';
import { E2E_ACCOUNTS } from './support/accounts';
import { resizeTo, setUpJourney, shoot, VIEWPORTS } from './support/journey';

type Who = 'visitor' | 'leader' | 'admin';

/** The ids the parameterised pages open with, from the demo's data. */
interface DemoIds {
  summary: DemoSummary;
  /** The outing's team the journey's leader leads (one whose golfers were asked to answer for themselves, R42). */
  leaderTeamId: string;
  leaderTeamPaymentId: string;
  leaderTeamEmail: string;
  /** A gift with a dedication (R38), its receipt. */
  giftPaymentId: string;
  /** A golfer asked to answer for themselves (R42): their personal link's token. */
  golferToken: string;
  /** R59: a tournament played yesterday with a scored field: its results page. */
  finishedTournamentId: string;
  /** An open volunteer invitation's token (R60); the journey's leader also volunteers at the outing, both ways. */
  invitationToken: string;
  /** A lot of the outing's silent auction, open for bids (R53). */
  lotId: string;
}

let ids: DemoIds | undefined;
function demo(): DemoIds {
  if (!ids) throw new Error('The demo was not seeded (beforeAll failed?)');
  return ids;
}

const journey = setUpJourney({
  seed: async (db) => {
    // The server runs in UTC (portal-server.ts), so its today is UTC's: the outing is in play today.
    const summary = await seedDemo(db, { today: new Date().toISOString().slice(0, 10) });
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    // The outing's first team by name: its golfers 2 to 4 were asked to answer for themselves (demo-golfers.ts).
    const [team] = await db
      .select({ id: teams.id, email: teams.contactEmail })
      .from(teams)
      .where(eq(teams.tournamentId, summary.outing.id))
      .orderBy(asc(teams.name))
      .limit(1);
    // The journey's leader leads it, as if they had registered it.
    await db.update(teams).set({ userId: leader.id }).where(eq(teams.id, team!.id));
    const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.teamId, team!.id));
    // A golfer of the upcoming Classic (one of its singles) asked to answer for themselves: their form is still open
    // (the outing's golfers are told answers closed, as the day has come).
    const [single] = await db
      .select({ id: players.id })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .where(and(eq(teams.tournamentId, summary.tournament.id), eq(teams.kind, 'single')))
      .limit(1);
    await db.update(players).set({ answeredBy: 'golfer' }).where(eq(players.id, single!.id));
    const tokens = await issueLinks(db, [single!.id]);
    const [gift] = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(purchases, eq(purchases.id, payments.purchaseId))
      .where(eq(purchases.dedication, 'In memory of Tom Ellis'));
    // R59: last week's outing, copied from the Classic's setup, with six scored teams: its public results page.
    const past = await copyTournament(db, summary.tournament.id, {
      name: 'Hope Harbor Spring Scramble',
      startDate: '2099-06-01',
      endDate: null,
    });
    // Registered while open, then dated last year: the registration service takes no teams for a past date.
    await db.update(tournaments).set({ active: true }).where(eq(tournaments.id, past.id));
    const field = await addTeams(db, past.id, leader.id, 6, 'Harbor Foursome with a rather long team name');
    for (const [i, team] of field.entries())
      await insertScores(db, past.id, team, [Array.from({ length: 18 }, (_, h) => 3 + ((h + i) % 3))]);
    await db.update(tournaments).set({ startDate: '2025-06-01', active: false }).where(eq(tournaments.id, past.id));
    // R60: the leader scores and checks in at the outing too (accepted grants), and someone else is invited.
    for (const role of ['scorer', 'check-in'] as const) {
      await db.insert(volunteerGrants).values({
        tournamentId: summary.outing.id,
        email: leader.email,
        role,
        until: '2099-12-31',
        tokenHash: `phone-fit-${role}`,
        acceptedUserId: leader.id,
        acceptedAt: new Date(),
      });
    }
    const invitation = await inviteVolunteer(
      db,
      { tournamentId: summary.outing.id, email: 'new.volunteer@example.org', role: 'check-in', until: '2099-12-31' },
      leader.id,
      '2000-01-01',
    );
    // The outing's silent auction, open now, with one lot (R53).
    const now = Date.now();
    await setAuctionTimes(db, summary.outing.id, {
      opensAt: new Date(now - 3600_000).toISOString(),
      closesAt: new Date(now + 3 * 3600_000).toISOString(),
    });
    const lot = await createLot(db, summary.outing.id, {
      title: 'Foursome at Pebble Creek with lunch and carts',
      description: 'A round for four on a weekday of your choice, lunch at the clubhouse included.',
      valueCents: 120_000,
      openingBidCents: 40_000,
      minRaiseCents: 2_500,
      buyNowCents: 150_000,
      donor: 'Pebble Creek Golf Club',
    });
    ids = {
      invitationToken: invitation.token,
      finishedTournamentId: past.id,
      summary,
      lotId: lot.id,
      leaderTeamId: team!.id,
      leaderTeamPaymentId: payment!.id,
      leaderTeamEmail: team!.email,
      giftPaymentId: gift!.id,
      golferToken: tokens.get(single!.id)!,
    };
  },
});

interface Visit {
  who: Who;
  /** The address opened (the pattern's parameters filled in, any query). */
  path: string;
  /**
   * Selectors left out of the axe scan only: a printable that repeats one sheet per team scans its first two (the rest
   * differ in names alone, and the fit check still measures every one). The 36 scorecards' contrast check took 19 s.
   */
  axeExclude?: string[];
}

/** Every team's sheet after the second, on the printables (each team's sheet is an <article>). */
const LATER_SHEETS = ['main article:nth-of-type(n+3)'];

/**
 * How a page is opened, by pattern. A page not listed here without a parameter is opened as-is: anonymously, or under
 * /admin by an admin. A page with a parameter must be listed: its ids come from the demo.
 */
const VISITS: Record<string, (d: DemoIds) => Visit[]> = {
  '/register': () => [{ who: 'leader', path: '/register' }],
  '/register/scores/:teamId': (d) => [{ who: 'leader', path: `/register/scores/${d.leaderTeamId}` }],
  '/register/payment': () => [{ who: 'leader', path: '/register/payment?cancelled=1' }],
  '/receipts/:paymentId': (d) => [
    { who: 'leader', path: `/receipts/${d.leaderTeamPaymentId}` },
    { who: 'admin', path: `/receipts/${d.giftPaymentId}` },
  ],
  '/statement': (d) => [{ who: 'admin', path: `/statement?email=${encodeURIComponent(d.leaderTeamEmail)}` }],
  '/results/:tournamentId': (d) => [{ who: 'visitor', path: `/results/${d.finishedTournamentId}` }],
  '/golfer/:token': (d) => [{ who: 'visitor', path: `/golfer/${d.golferToken}` }],
  // The paddle raise (R56): a guest's pledge page (signed in, or through the golfer link) and TV mode, at the outing.
  '/golfer/:token/paddle': (d) => [{ who: 'visitor', path: `/golfer/${d.golferToken}/paddle` }],
  '/paddle/:tournamentId': (d) => [{ who: 'leader', path: `/paddle/${d.summary.outing.id}` }],
  '/paddle/:tournamentId/tv': (d) => [{ who: 'visitor', path: `/paddle/${d.summary.outing.id}/tv` }],
  '/auction/:tournamentId': (d) => [{ who: 'visitor', path: `/auction/${d.summary.outing.id}` }],
  '/auction/:tournamentId/lots/:lotId': (d) => [
    { who: 'visitor', path: `/auction/${d.summary.outing.id}/lots/${d.lotId}` },
    { who: 'leader', path: `/auction/${d.summary.outing.id}/lots/${d.lotId}` },
  ],
  // R55: a golfer's lots behind their link (none won: the empty page), and the return page after a cancel.
  '/golfer/:token/lots': (d) => [{ who: 'visitor', path: `/golfer/${d.golferToken}/lots` }],
  '/golfer/:token/lots/payment': (d) => [{ who: 'visitor', path: `/golfer/${d.golferToken}/lots/payment?cancelled=1` }],
  // The first-run page only while no account exists (R50): with the demo's accounts its address says it is not valid.
  '/setup/:token': () => [{ who: 'visitor', path: '/setup/no-longer-valid' }],
  '/volunteer': () => [{ who: 'leader', path: '/volunteer' }],
  '/volunteer/invitation/:token': (d) => [{ who: 'visitor', path: `/volunteer/invitation/${d.invitationToken}` }],
  '/volunteer/:tournamentId/check-in': (d) => [{ who: 'leader', path: `/volunteer/${d.summary.outing.id}/check-in` }],
  '/volunteer/:tournamentId/scores': (d) => [{ who: 'leader', path: `/volunteer/${d.summary.outing.id}/scores` }],
  // Staff's old sign-in address: a visitor is sent to /auth.
  '/admin/login': () => [{ who: 'visitor', path: '/admin/login' }],
  '/admin/tournaments/:id/starting-sheet': (d) => [{ who: 'admin', path: `/admin/tournaments/${d.summary.outing.id}/starting-sheet` }],
  '/admin/tournaments/:id/scorecards': (d) => [
    { who: 'admin', path: `/admin/tournaments/${d.summary.outing.id}/scorecards`, axeExclude: LATER_SHEETS },
  ],
  '/admin/tournaments/:id/cart-signs': (d) => [
    { who: 'admin', path: `/admin/tournaments/${d.summary.outing.id}/cart-signs`, axeExclude: LATER_SHEETS },
  ],
};

const PATTERNS = pagePatterns();

/** Every visit in the router's order, with a screenshot name; a parameterised page missing from VISITS throws. */
function visits(d: DemoIds): (Visit & { name: string })[] {
  return PATTERNS.flatMap((pattern) => {
    const listed = VISITS[pattern];
    if (!listed && pattern.includes(':')) throw new Error(`${pattern}: say in VISITS who opens it, with which of the demo's ids`);
    const opened = listed ? listed(d) : [{ who: pattern.startsWith('/admin') ? ('admin' as const) : ('visitor' as const), path: pattern }];
    const name = `phone${pattern === '/' ? '-home' : pattern.replace(/[/:]+/g, '-')}`;
    return opened.map((v, i) => ({ ...v, name: i ? `${name}-${i + 1}` : name }));
  });
}

const PHONE = VIEWPORTS.mobile.width;

/**
 * What reaches past the screen's sides at this width: each outermost element whose box does, unless a box between it and
 * the page (not the page itself: html or body clipping would only hide the overflow) scrolls or clips sideways and fits.
 */
function pastTheEdges(page: Page): Promise<{ scrollWidth: number; elements: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = (r: DOMRect) => r.left < -1 || r.right > width + 1;
    const found: Element[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !outside(box)) continue;
      let contained = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') {
          contained = !outside(up.getBoundingClientRect());
          break;
        }
      }
      if (!contained && !found.some((outer) => outer.contains(el))) found.push(el);
    }
    const describe = (el: Element) => {
      const box = el.getBoundingClientRect();
      const classes = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${Math.round(box.left)}..${Math.round(box.right)} px "${text}"`;
    };
    return { scrollWidth: document.documentElement.scrollWidth, elements: found.slice(0, 5).map(describe) };
  });
}

/** Opens the page and waits until it has shown its content: its h1, no spinner turning. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path}: status`).toBeLessThan(500);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => ![...document.querySelectorAll('.animate-spin')].some((el) => el.checkVisibility()));
}

/**
 * How far a page's own content may move while it loads (the layout shifts inside <main>, summed as Web Vitals' CLS sums
 * them): 0.1 is CLS's 'good'. The header and footer are left out: a short page's footer moves down once the content has
 * come, on every page alike.
 */
const MOVED_AT_MOST = 0.1;

/** The problems of one visit: sideways scroll, boxes past the edges, content moving while it loads, serious axe findings. */
async function problemsOf(page: Page, visit: Visit): Promise<string[]> {
  const where = `${visit.path} (${visit.who}) at ${PHONE} px`;
  const problems: string[] = [];
  const shifts = await shiftsInMain(page);
  const moved = shifts.reduce((sum, shift) => sum + shift.value, 0);
  if (moved > MOVED_AT_MOST) {
    const what = [...new Set(shifts.flatMap((shift) => shift.sources))].slice(0, 3).join(', ');
    problems.push(`${where}: its content moved while loading (layout shift ${moved.toFixed(2)} > ${MOVED_AT_MOST}: ${what})`);
  }
  const edges = await pastTheEdges(page);
  if (edges.scrollWidth > PHONE) problems.push(`${where}: the page is ${edges.scrollWidth} px wide`);
  problems.push(...edges.elements.map((el) => `${where}: past the edge: ${el}`));
  const serious = seriousOrWorse(await scanWithAxe(page, where, { exclude: visit.axeExclude }));
  problems.push(...serious.map((f) => `${where}: [${f.impact}] ${f.id}: ${f.help} (${f.targets.slice(0, 3).join(', ')})`));
  return problems;
}

/**
 * Two visits at a time (the machine's two cores; CI runs one journey at a time): each lane takes the next visit from one
 * queue, in a page of its own for each of the three visitors. axe is most of the work, and each page's runs in its own
 * renderer.
 */
const LANES = 2;

describe('every page at 390 px on the demo', () => {
  test('the router has the pages this journey knows of (a sanity check of the list)', () => {
    expect(PATTERNS).toEqual(expect.arrayContaining(['/', '/give', '/leaderboard', '/admin', '/admin/tournaments/:id/scorecards']));
    expect(PATTERNS.length).toBeGreaterThan(30);
    // Every listed pattern is still a page: a renamed route must not leave its visit behind.
    expect(Object.keys(VISITS).filter((pattern) => !PATTERNS.includes(pattern))).toEqual([]);
  });

  test('every page, opened by who uses it: no sideways scroll, nothing past the edges, no serious axe finding', async () => {
    const all = visits(demo());
    const found = new Map<number, string[]>();
    const queue = all.map((visit, at) => ({ visit, at }));
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        const pages = new Map<Who, Page>();
        const pageFor = async (who: Who) => {
          const open = pages.get(who);
          if (open) return open;
          const opened = await journey.visitor({ viewport: 'mobile', as: who === 'visitor' ? undefined : journey.portal.users[who] });
          await recordLayoutShifts(opened);
          pages.set(who, opened);
          return opened;
        };
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { visit, at } = next;
          const page = await pageFor(visit.who);
          await open(page, visit.path);
          found.set(at, await problemsOf(page, visit));
          await shoot(page, `${visit.name}-${PHONE}`);
          if (process.env.E2E_SCREENSHOTS !== '0') {
            await resizeTo(page, 'desktop');
            await shoot(page, `${visit.name}-${VIEWPORTS.desktop.width}`);
            await resizeTo(page, 'mobile');
          }
        }
      }),
    );
    expect(found.size, 'pages visited').toBe(all.length);
    expect([...found].sort(([a], [b]) => a - b).flatMap(([, problems]) => problems)).toEqual([]);
  }, 240_000);

  test('the fit check itself: a box past the edge is found even where the page hides the scroll, a table in its own scroller is not', async () => {
    const page = await journey.visitor({ viewport: 'mobile' });
    await page.setContent(
      '<!doctype html><html lang="en"><title>Made wider</title><body style="margin:0;overflow-x:hidden"><main><h1>Made wider</h1>' +
        '<div style="width:478px">A select as wide as its longest option</div>' +
        '<div style="overflow-x:auto"><table style="width:800px"><tr><td>A table that scrolls</td></tr></table></div></main></html>',
    );
    const { elements } = await pastTheEdges(page);
    expect(elements).toEqual([expect.stringContaining('0..478 px "A select as wide as its longest option"')]);
  });
});
