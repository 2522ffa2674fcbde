// Home and /leaderboard arrive with their content in the first HTML (issue 13): the page's text, its title in the head,
// and for the leaderboard every active board's rows with the data beside them for the browser to take over.
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { INDEX_HTML, STYLES } from '../test/temp-assets';
import { useAppWithAssets, type TempAssets } from '../test/file-app';
import { boardsVersion } from '../../client/ssr/page-data';
import { createTournamentDay, insertScores } from '../test/tournament-day-fixtures';
import { gunzipSync } from 'node:zlib';
import { golfCourses } from '../db/schema';
import { createLevel, createTournament, daysFromToday } from '../test/factories';
import { eq } from 'drizzle-orm';
import { tournaments } from '../db/schema';
import { storeImage } from '../images/service';
import sharp from 'sharp';

let t: TestApp;
let temp: TempAssets;
useAppWithAssets((app, assets) => {
  t = app;
  temp = assets;
});

const root = (html: string) => /<div id="root"[^>]*>([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
const text = (html: string) =>
  root(html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('server-rendered pages', () => {
  it("sends Home's heading and text, with its title in the head, never cached stale", async () => {
    const response = await t.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(text(html)).toContain('Golf Tournament Registration');
    expect(text(html)).toContain('Register Your Team');
    expect(text(html)).toContain('How it works');
    expect(html).toMatch(/<head>[\s\S]*<title>Golf Tournament Registration<\/title>[\s\S]*<\/head>/);
    // The rest of the shell is untouched: the same scripts load and take the page over. Its style sheet comes inline, so
    // the text paints without a second round trip (docs/decisions/064).
    expect(html).toContain('<div id="root" data-rendered-url="/">');
    // With no tournament open: the general page, its sharing tags (R41) in the head and the (empty) events for hydration.
    expect(html).toContain('<meta property="og:title" content="Golf Tournament Registration">');
    expect(html).toContain('<script type="application/json" id="page-data">[[["events"],{"events":[],"currency":"USD"}]]</script>');
    const withoutPage = html
      .replace(/<div id="root"[^>]*>[\s\S]*<\/div>/, '<div id="root"></div>')
      .replace(/<script type="application\/json" id="page-data">[^<]*<\/script>/, '')
      .replace(/<meta (property|name)="(og|twitter):[^>]*>/g, '');
    expect(withoutPage.replace(/<title>[^<]*<\/title>/, '')).toBe(
      INDEX_HTML.replace(/<title>[^<]*<\/title>/, '')
        .replace(
          '<link rel="stylesheet" crossorigin href="/assets/x.css">',
          `<style>${STYLES}</style><link rel="stylesheet" crossorigin href="/assets/x.css" disabled>`,
        )
        .replace('<script type="module" src=', '<script type="module" fetchpriority="low" src='),
    );
  });

  it('puts the style sheet inline and fetches the scripts at low priority only in the pages it renders', async () => {
    for (const path of ['/', '/leaderboard']) {
      const html = await (await t.request(path)).text();
      // The link stays, disabled: never fetched, but a lazy page's loader finds it and adds no copy after all-pages.css.
      expect(html).toContain(`<style>${STYLES}</style><link rel="stylesheet" crossorigin href="/assets/x.css" disabled>`);
      expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/x.js">');
    }
    // Any other page is rendered by its scripts: it links the sheet, and its scripts come first.
    const other = await (await t.request('/register')).text();
    expect(other).toContain('<link rel="stylesheet" crossorigin href="/assets/x.css">');
    expect(other).not.toContain('<style>');
    expect(other).not.toContain('fetchpriority');
    expect(await (await t.request('/assets/x.css')).text()).toBe(STYLES);
  });

  it("sends the leaderboard's rows as they are now, and the boards as data for the browser", async () => {
    const leader = await t.createUser('team_leader');
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2, label: 'Rendered' });
    await insertScores(t.db, tournament.id, teams[0]!, [[3, 4]]);
    // The board as the feed holds it once the scores' notice has arrived: the page below is rendered from the same.
    await expect.poll(async () => JSON.stringify((await t.call('/api/leaderboard')).body).includes(teams[0]!.id)).toBe(true);
    const response = await t.request('/leaderboard', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(html).toContain('<title>Leaderboard · Golf Tournament</title>');
    expect(html).toContain('<div id="root" data-rendered-url="/leaderboard" data-boards-version='); // hydrated only at this address
    expect(text(html)).toContain(tournament.name);
    expect(root(html)).toContain(`data-team="${teams[0]!.name}"`);
    expect(root(html)).not.toContain(`data-team="${teams[1]!.name}"`); // no score yet: not on the board (R22)
    // No copy of the boards in the page (R41's 90 KB): it names the boards it shows, and the browser hydrates only when
    // /api/leaderboard answers those very boards (client/app.tsx).
    expect(html).not.toContain('id="page-data"');
    const version = /data-boards-version="([^"]*)"/.exec(html)![1]!;
    const { body } = await t.call('/api/leaderboard');
    expect(version).toBe(
      body.leaderboards.map((b: { tournament: { id: string }; updatedAt: string }) => `${b.tournament.id}@${b.updatedAt}`).join(' '),
    );
    expect(version).toContain(`${tournament.id}@`);
  });

  it('names, on a freshly started server, the boards its first /api/leaderboard read answers (the first page hydrates)', async () => {
    const leader = await t.createUser('team_leader');
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, label: 'Fresh Start' });
    await insertScores(t.db, tournament.id, teams[0]!, [[4, 4]]);
    // A second process on the same database, started now: its first page is rendered before its LISTEN connection is up.
    const fresh = await createTestApp({ database: t.database, assets: temp.assets });
    try {
      const html = await (await fresh.request('/leaderboard')).text();
      const version = /data-boards-version="([^"]*)"/.exec(html)![1]!;
      expect(version).toContain(`${tournament.id}@`);
      // The connection comes up (every cached board marked changed: saves made while it was down went unheard), then the
      // browser reads the boards: the same boards, so client/app.tsx hydrates the page instead of rendering it afresh.
      await fresh.deps.leaderboardFeed.ready();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { body } = await fresh.call('/api/leaderboard');
      expect(boardsVersion(body.leaderboards)).toBe(version);
    } finally {
      await fresh.deps.leaderboardFeed.close();
      await fresh.close();
    }
  });

  it('keeps a team name from closing the data script early', async () => {
    const leader = await t.createUser('team_leader');
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, label: '</script><script>alert(1)</script>' });
    await insertScores(t.db, tournament.id, teams[0]!, [[4]]);
    const html = await (await t.request('/leaderboard')).text();
    expect(html.match(/<script/g)!.length).toBe(INDEX_HTML.match(/<script/g)!.length);
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe('server-rendered text', () => {
  it("is put in the page as it is, whatever it holds ($' and $& are not replacement patterns)", async () => {
    const leader = await t.createUser('team_leader');
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, label: "Dollar $' and $& Club" });
    await insertScores(t.db, tournament.id, teams[0]!, [[4]]);
    const html = await (await t.request('/leaderboard')).text();
    expect(html).toContain('Dollar $&#x27; and $&amp; Club');
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });
});

describe('a large board', () => {
  it('comes in one piece, without inline scripts (which the Content-Security-Policy would block)', async () => {
    const leader = await t.createUser('team_leader');
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 40, label: 'Big Field' });
    for (const team of teams) await insertScores(t.db, tournament.id, team, [[4, 5, 3], [4, 4, 4], [5], [3]]);
    const html = await (await t.request('/leaderboard')).text();
    expect(html).not.toContain('hidden id="S:');
    expect(html).not.toMatch(/<script>/);
    for (const team of teams) expect(html).toContain(`data-team="${team.name}"`);
  });
});

describe('the event page (R40, R41)', () => {
  it('sends the open tournament in the first HTML: its texts as text, its sharing tags, and its data for hydration', async () => {
    const [course] = await t.db.insert(golfCourses).values({ name: 'Heron Links', totalHoles: 18 }).returning();
    const event = await createTournament(t.db, {
      name: 'Heron Charity Classic',
      startDate: '2026-12-02', // the soonest open tournament: the one a shared link previews
      courseId: course!.id,
      cause: '<script>alert(1)</script> Camp places & books',
      schedule: ['12:30 Shotgun start'],
      address: '1 Heron Way',
    });
    await createLevel(t.db, event.id, { name: 'Birdie', description: 'Cart sign', priceCents: 250_000, maxTeams: 4 });
    const html = await (await t.request('/')).text();
    expect(html).toContain('<title>');
    expect(text(html)).toContain('Heron Charity Classic');
    expect(text(html)).toContain('Heron Links');
    expect(text(html)).toContain('1 Heron Way');
    expect(text(html)).toContain('12:30 Shotgun start');
    expect(text(html)).toContain('$2,500.00');
    expect(text(html)).toContain('4 places left');
    expect(text(html)).toContain('Add to calendar');
    // Shown as text: the cause's tag is escaped and nothing runs.
    expect(root(html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Camp places &amp; books');
    expect(html).not.toContain('<script>alert(1)');
    expect(root(html)).toContain(`href="/events/${event.id}.ics"`);
    expect(root(html)).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Heron%20Links%2C%201%20Heron%20Way"');
    expect(html).toMatch(/<head>[\s\S]*<meta property="og:title" content="Heron Charity Classic">[\s\S]*<\/head>/);
    expect(html).toContain(
      '<meta property="og:description" content="Dec 2, 2026 · Heron Links — &lt;script>alert(1)&lt;/script> Camp places &amp; books">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/og-image.png">');
    const data = JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)![1]!) as [
      string[],
      { events: { id: string }[] },
    ][];
    expect(data[0]![0]).toEqual(['events']);
    expect(data[0]![1].events.map((e) => e.id)).toContain(event.id);
  });

  it('shows the hero image, sized, named after the tournament, and offers it to shared links (R40, R41)', async () => {
    const bytes = await sharp({ create: { width: 1500, height: 500, channels: 3, background: '#2d6a4f' } })
      .png()
      .toBuffer();
    const image = await storeImage(t.db, bytes, { purpose: 'hero', uploadedBy: null });
    await createTournament(t.db, { name: 'Hero Cup', startDate: '2026-11-30', heroImageId: image.id });
    const html = await (await t.request('/')).text();
    const url = `http://localhost:3000/api/images/${image.id}/w1280`;
    expect(html).toMatch(new RegExp(`<head>[\\s\\S]*<meta property="og:image" content="${url}">[\\s\\S]*</head>`));
    expect(html).toContain(`<meta name="twitter:image" content="${url}">`);
    const img = /<img [^>]*>/.exec(root(html))?.[0] ?? '';
    expect(img).toContain(`src="/api/images/${image.id}/w1280"`);
    expect(img).toContain(`srcSet="/api/images/${image.id}/w640 640w, /api/images/${image.id}/w1280 1280w"`);
    expect(img).toContain('alt="Hero Cup"');
    expect(img).toMatch(/width="1280" height="427"/);
  });

  it("leaves out what a tournament does not have: never 'undefined' or 'NaN'", async () => {
    await createTournament(t.db, { name: 'Bare Bones Open', startDate: '2026-12-01' });
    const html = await (await t.request('/')).text();
    expect(text(html)).toContain('Bare Bones Open');
    expect(text(html)).not.toMatch(/undefined|NaN|null/);
  });

  it("sends a finished tournament's results page (R59) with its board and raised; 404 for an unknown or unfinished one", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, (await t.createUser()).id, { teams: 2, holes: 9, label: 'Results' });
    await insertScores(t.db, tournament.id, teams[0]!, [[3, 3, 3, 3, 3, 3, 3, 3, 3]]);
    await insertScores(t.db, tournament.id, teams[1]!, [[5, 5, 5, 5, 5, 5, 5, 5, 5]]);
    const early = await t.request(`/results/${tournament.id}`);
    expect(early.status).toBe(404);
    expect(await early.text()).toBe(INDEX_HTML);
    await t.db
      .update(tournaments)
      .set({ startDate: daysFromToday(-2), goalCents: 100_000, active: false })
      .where(eq(tournaments.id, tournament.id));
    const response = await t.request(`/results/${tournament.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Results: ${tournament.name}</title>`);
    expect(text(html)).toContain('Final board');
    expect(text(html)).toMatch(/1 Results 1 .* -9 \(27\)/);
    expect(text(html)).toContain('of our $1,000.00 goal (0%)');
    expect(html).toContain(`[[["results","${tournament.id}"],`);
    for (const path of ['/results/00000000-0000-4000-8000-000000000000', '/results/not-an-id']) {
      expect((await t.request(path)).status).toBe(404);
    }
  });
});
