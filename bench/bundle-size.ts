// What a visitor downloads: loads each public page in Chromium from the real server (src/server/main.ts serving
// dist/client) with an empty cache and lists every file requested. The figure the budget is about is the size of each
// HTML, JS and CSS file compressed with zlib gzip at level 9 (the server's own gzip level), summed; what Chromium
// reports as transferred (headers + body, in whichever encoding the server chose) is shown beside it.
// The admin code is loaded only by staff, page by page. Admin code = the chunks of the admin routes and of the pages
// admin/admin-pages.tsx loads lazily (Vite names a lazy module's chunk after its file: golfers-page-<hash>.js), and any file named 'admin'.
// A signed-in admin opens every admin page its Dashboard links to, each in a fresh profile: each must request an admin
// chunk no other admin page requests (its own). No public page (anonymous: /, /register, /auth; a signed-in team leader:
// /register) may request admin code; a team leader or anonymous visitor typing /admin gets only the staff gate.
// Budget: Home (/) and /leaderboard ≤ 90 KB gzip of HTML+JS+CSS each on a phone (R41, issue 13; it was 110 KB for Home
// before). The
// check-in page (R61, decision 116) ≤ 120 KB, without the QR decoder: for staff (/admin/check-in, a moderator), and with
// --demo for a check-in volunteer (the team leader's account, granted check-in at the demo outing: /volunteer/:id/check-in).
// Counted: the document and every script and stylesheet the page requests until the network is quiet (modulepreloads and
// lazy chunks included). Not counted as code: the page's API reads, and the copy of its own document it hands the service
// worker once the worker is in charge (a 'fetch', after the page is interactive); the worker's own precache downloads are
// not the page's requests. The leaderboard is measured with no tournament in play (an empty board), or with --demo the
// demo outing's 36-team board in its HTML.
//   node --import tsx bench/bundle-size.ts [--build] [--demo]   (--build: run `vite build` first; default: build only if
//                                                                dist/client is missing)
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { E2E_ACCOUNTS, grantVolunteer, seedAccounts, type E2eAccount } from '../e2e/support/accounts';
import { VIEWPORTS } from '../e2e/support/journey';
import {
  BUDGETED_PAGES,
  CHECK_IN_BUDGET_KB,
  FIRST_LOAD_BUDGET_KB,
  measureFirstLoad,
  withinBudget,
  type FirstLoad,
} from '../e2e/support/first-load';
import { migrateDatabase, openDatabase } from '../src/server/db/connect';
import { seedDemo } from '../src/server/demo/demo-data';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  CLIENT_DIR,
  ROOT,
  clientBuilt,
  ensureClientBuilt,
  freePort,
  hasArg,
  kb,
  printTable,
  spawnServer,
  waitForOk,
  writeResult,
  noteLoad,
  type Check,
} from './lib';

const PAGES = ['/', '/leaderboard', '/register', '/auth'];
/**
 * R41 is a phone's first load: the public pages are loaded at a phone's size (390 × 844, e2e's 'mobile'). The board is
 * loaded at 1280 px too, for information: a wide screen gets the app's table (docs/decisions/133), a phone the server's
 * cards kept live without React running.
 */
const LOADS = [
  ...PAGES.map((path) => ({ path, label: path, viewport: VIEWPORTS.mobile })),
  { path: '/leaderboard', label: '/leaderboard at 1280 px', viewport: VIEWPORTS.desktop },
];
/** A first load, and the admin chunks among its files (none may be on a public page). */
interface PageResult extends FirstLoad {
  adminFiles: string[];
}

/**
 * The file names of the admin area's lazy modules: first the one the routes load for <Route path="admin/*"> (the admin
 * routes with the staff gate), then each admin page's component, as src/client/admin/admin-pages.tsx lists them.
 */
function adminRouteModules(): string[] {
  // The first load's routes and the rest (more-routes.tsx, its own chunk since the first load was cut down).
  const routes = ['src/client/routes.tsx', 'src/client/more-routes.tsx'].map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
  const lazyFiles = new Map(
    [...routes.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)/g)].map((m) => [m[1]!, m[2]!.split('/').pop()!]),
  );
  const gate = /<Route path="admin\/\*" element=\{<(\w+) \/>\}/.exec(routes)?.[1];
  if (!gate || !lazyFiles.has(gate)) throw new Error('no lazy <Route path="admin/*"> found in src/client/routes.tsx or more-routes.tsx');
  const pages = readFileSync(join(ROOT, 'src/client/admin/admin-pages.tsx'), 'utf8');
  const modules = [lazyFiles.get(gate)!, ...[...pages.matchAll(/lazy\(\(\) => import\('([^']+)'\)/g)].map((m) => m[1]!.split('/').pop()!)];
  if (modules.length < 2) throw new Error('no lazy admin pages found in src/client/admin/admin-pages.tsx');
  return modules;
}

/** A fresh profile (empty cache), signed in as `account` when given. */
async function newProfile(browser: Browser, baseUrl: string, account?: E2eAccount): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (account) {
    const res = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
      data: { email: account.email, password: account.password },
      headers: { origin: baseUrl },
    });
    if (!res.ok()) throw new Error(`sign-in as ${account.role}: ${res.status()} ${await res.text()}`);
  }
  return context;
}

interface ScriptLoad {
  who: string;
  page: string;
  finalUrl: string;
  scripts: string[];
  /** Links to admin pages on the page (read on the admin's Dashboard to find every admin page). */
  adminLinks: string[];
}

/** Opens `path` in a fresh profile and lists the scripts it requested (file names). */
async function scriptsOf(browser: Browser, baseUrl: string, who: string, path: string, account?: E2eAccount): Promise<ScriptLoad> {
  const context = await newProfile(browser, baseUrl, account);
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === baseUrl && r.resourceType() === 'script') scripts.push(url.pathname.split('/').pop()!);
    });
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500); // late lazy chunks, redirects after the session is known
    const adminLinks = await page.$$eval('a[href^="/admin"]', (links) => links.map((a) => a.getAttribute('href')!));
    return {
      who,
      page: path,
      finalUrl: new URL(page.url()).pathname,
      scripts: [...new Set(scripts)],
      adminLinks: [...new Set(adminLinks)],
    };
  } finally {
    await context.close();
  }
}

noteLoad('bundle-size');
if (hasArg('--build') || !clientBuilt()) {
  const build = ensureClientBuilt(true);
  console.log(`vite build: ${build.ms} ms`);
}
if (!clientBuilt()) throw new Error('dist/client has no built index.html: run `npm run build`');
const builtAt = statSync(join(CLIENT_DIR, 'index.html')).mtime;
console.log(`using dist/client built ${builtAt.toISOString()}`);

/** The volunteer's check-in page, with --demo (a volunteer's grant needs a tournament). */
let volunteerCheckInPage: string | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-bundle-'));
{
  // One account per role, made before the server takes the data folder's lock.
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await migrateDatabase(database);
  await seedAccounts(database.db);
  // `--demo`: the demo outing in play (npm run seed:demo: a 36-team board with scores), so /leaderboard carries a real
  // board in its HTML and page data rather than "No tournament is in play".
  if (hasArg('--demo')) {
    const demo = await seedDemo(database.db, { today: new Date().toISOString().slice(0, 10) });
    await grantVolunteer(database.db, E2E_ACCOUNTS.leader, demo.outing.id, 'check-in');
    volunteerCheckInPage = `/volunteer/${demo.outing.id}/check-in`;
  }
  await database.close();
}
const port = await freePort();
const server = spawnServer(
  'src/server/main.ts',
  { DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' },
  port,
);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const results: PageResult[] = [];
const CHECK_IN_PAGE = '/admin/check-in';
const isDecoder = (path: string) => /qr-decoder|jsqr/i.test(path.split('/').pop() ?? '');
/** The check-in page's first loads (R61): HTML + JS + CSS gzip, the decoder not among them. */
const checkInLoads: { who: string; load: FirstLoad }[] = [];
const loads: ScriptLoad[] = [];
try {
  await waitForOk(`${server.baseUrl}/api/health`, server, 120_000);
  for (const { path, label, viewport } of LOADS) {
    const context = await browser.newContext({ viewport }); // a fresh profile: empty cache, no cookies
    const page = await context.newPage();
    console.log(`loading ${label}…`);
    const load = await measureFirstLoad(page, server.baseUrl, path);
    results.push({
      ...load,
      page: label,
      finalUrl: load.finalUrl === path ? label : load.finalUrl,
      adminFiles: load.files.filter((f) => /admin/i.test(f.path.split('/').pop() ?? '')).map((f) => f.path),
    });
    await context.close();
  }

  // Who loads the admin code: the admin on every admin page, then the others on /admin and on public pages.
  const dashboard = await scriptsOf(browser, server.baseUrl, 'admin', '/admin', E2E_ACCOUNTS.admin);
  loads.push(dashboard);
  const adminPages = dashboard.adminLinks.filter((href) => href !== '/admin' && !href.startsWith('/admin/login'));
  if (adminPages.length === 0) throw new Error(`the admin's Dashboard links to no admin page (ended on ${dashboard.finalUrl})`);
  for (const path of adminPages) loads.push(await scriptsOf(browser, server.baseUrl, 'admin', path, E2E_ACCOUNTS.admin));
  // R61: the check-in page as a tournament-day staff member, and a check-in volunteer, first opens it: within its budget,
  // and without the QR decoder (it loads only when Scan opens, decision 116).
  for (const [who, account, path] of [
    ['staff', E2E_ACCOUNTS.moderator, CHECK_IN_PAGE],
    ...(volunteerCheckInPage ? [['volunteer', E2E_ACCOUNTS.leader, volunteerCheckInPage] as const] : []),
  ] as const) {
    const context = await newProfile(browser, server.baseUrl, account);
    console.log(`loading ${path} as ${who}…`);
    const load = await measureFirstLoad(await context.newPage(), server.baseUrl, path);
    if (load.finalUrl !== path) throw new Error(`${path} as ${who} ended on ${load.finalUrl}`);
    checkInLoads.push({ who, load });
    await context.close();
  }
  loads.push(await scriptsOf(browser, server.baseUrl, 'team leader', '/register', E2E_ACCOUNTS.leader));
  loads.push(await scriptsOf(browser, server.baseUrl, 'team leader', '/admin', E2E_ACCOUNTS.leader));
  loads.push(await scriptsOf(browser, server.baseUrl, 'anonymous', '/admin'));
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const r of results) {
  console.log(`\n${r.page}${r.finalUrl !== r.page ? ` (ended on ${r.finalUrl})` : ''}: files requested`);
  printTable(
    r.files.map((f) => ({
      file: f.path,
      type: f.type,
      status: f.status,
      encoding: f.encoding,
      'raw KB': kb(f.rawBytes),
      'gzip-9 KB': kb(f.gzip9Bytes),
      'transferred KB': kb(f.transferredBytes),
    })),
  );
  const byType = (type: string) => kb(r.files.filter((f) => f.type === type).reduce((a, f) => a + f.gzip9Bytes, 0));
  console.log(
    `gzip-9 by kind: HTML ${byType('document')} KB, CSS ${byType('stylesheet')} KB, JS ${byType('script')} KB (modulepreloads included)`,
  );
  console.log(
    `HTML+JS+CSS: ${kb(r.htmlJsCssGzip9Bytes)} KB gzip-9 (${kb(r.htmlJsCssRawBytes)} KB raw, ${kb(r.htmlJsCssTransferredBytes)} KB transferred as served); other requests ${kb(r.otherBytes)} KB transferred`,
  );
  console.log(r.adminFiles.length ? `ADMIN CODE LOADED: ${r.adminFiles.join(', ')}` : 'no admin chunk requested');
}

const assetsDir = join(CLIENT_DIR, 'assets');
const chunks = readdirSync(assetsDir)
  .map((name) => ({ name, bytes: statSync(join(assetsDir, name)).size }))
  .sort((a, b) => b.bytes - a.bytes);
console.log(
  '\nlargest files in dist/client/assets (raw):',
  chunks
    .slice(0, 5)
    .map((c) => `${c.name} ${kb(c.bytes)} KB`)
    .join(', '),
);

console.log('\nbundle-size (gzip-9 = each file compressed with zlib level 9, summed)');
printTable(
  results.map((r) => ({
    page: r.page,
    'HTML+JS+CSS gzip-9 KB': kb(r.htmlJsCssGzip9Bytes),
    'raw KB': kb(r.htmlJsCssRawBytes),
    'transferred KB': kb(r.htmlJsCssTransferredBytes),
    requests: r.files.length,
    'admin chunks': r.adminFiles.length,
  })),
);

// Admin code, and each admin page's own: the admin chunks it requests that no other admin page requests.
const adminModules = adminRouteModules();
const chunkOf = (module: string) => (script: string) => new RegExp(`^${module}-[\\w-]{8}\\.js$`).test(script);
const isAdminCode = (script: string) => /admin/i.test(script) || adminModules.some((m) => chunkOf(m)(script));
const isGate = chunkOf(adminModules[0]!);
const adminLoads = loads.filter((l) => l.who === 'admin');
const ownChunks = new Map(
  adminLoads.map((l) => [
    l.page,
    l.scripts.filter((s) => isAdminCode(s) && !adminLoads.some((other) => other !== l && other.scripts.includes(s))),
  ]),
);
const publicLoads = [
  ...results.map((r) => ({
    who: 'anonymous',
    page: r.page,
    scripts: r.files.filter((f) => f.type === 'script').map((f) => f.path.split('/').pop()!),
  })),
  ...loads.filter((l) => l.who === 'team leader' && l.page !== '/admin'),
];
const nonStaffAtAdmin = loads.filter((l) => l.who !== 'admin' && l.page === '/admin');

console.log(`\nadmin code (lazy modules of the admin area: ${adminModules.join(', ')}): each admin page in a fresh profile`);
printTable(
  adminLoads.map((l) => ({
    page: l.page,
    'ended on': l.finalUrl,
    scripts: l.scripts.length,
    'admin chunks': l.scripts.filter(isAdminCode).length,
    'its own': ownChunks.get(l.page)!.join(', ') || 'NONE',
  })),
);
console.log('\nwho else requests admin code');
printTable(
  [...publicLoads, ...nonStaffAtAdmin].map((l) => ({
    who: l.who,
    page: l.page,
    scripts: l.scripts.length,
    'admin code requested': l.scripts.filter(isAdminCode).join(', ') || 'none',
  })),
);

const checks: Check[] = [
  ...results.map((r) =>
    (BUDGETED_PAGES as readonly string[]).includes(r.page)
      ? {
          name: `${r.page} HTML+JS+CSS (gzip-9)`,
          value: kb(r.htmlJsCssGzip9Bytes),
          unit: 'KB',
          budget: `≤ ${FIRST_LOAD_BUDGET_KB} KB`,
          pass: withinBudget(r),
        }
      : { name: `${r.page} HTML+JS+CSS (gzip-9)`, value: kb(r.htmlJsCssGzip9Bytes), unit: 'KB', budget: 'info', pass: null },
  ),
  {
    name: 'no admin chunk on public pages',
    value: results.reduce((a, r) => a + r.adminFiles.length, 0),
    unit: 'files',
    budget: '0',
    pass: results.every((r) => r.adminFiles.length === 0),
  },
  {
    name: 'admin pages with a chunk of their own',
    value: `${adminLoads.filter((l) => ownChunks.get(l.page)!.length > 0).length}/${adminLoads.length}`,
    unit: 'pages',
    budget: 'every admin page (opened by an admin in a fresh profile)',
    pass: adminLoads.every((l) => ownChunks.get(l.page)!.length > 0 && l.finalUrl === l.page),
  },
  {
    name: 'admin code on public pages (anonymous, team leader)',
    value: publicLoads.reduce((n, l) => n + l.scripts.filter(isAdminCode).length, 0),
    unit: 'files',
    budget: '0',
    pass: publicLoads.every((l) => !l.scripts.some(isAdminCode)),
  },
  {
    name: 'admin code for non-staff opening /admin, beyond the staff gate',
    value: nonStaffAtAdmin.reduce((n, l) => n + l.scripts.filter((s) => isAdminCode(s) && !isGate(s)).length, 0),
    unit: 'files',
    budget: `0 (gate: ${[...new Set(nonStaffAtAdmin.flatMap((l) => l.scripts.filter(isGate)))].join(', ') || 'none'})`,
    pass: nonStaffAtAdmin.every((l) => !l.scripts.some((s) => isAdminCode(s) && !isGate(s))),
  },
];
if (!volunteerCheckInPage) console.log('\nthe volunteer’s check-in page is measured with --demo (its grant needs a tournament)');
for (const { who, load } of checkInLoads) {
  const decoder = load.files.filter((f) => isDecoder(f.path)).map((f) => f.path);
  console.log(
    `\n${load.page} as ${who}: ${load.files.length} files, scripts: ${load.files
      .filter((f) => f.type === 'script')
      .map((f) => f.path.split('/').pop())
      .join(', ')}`,
  );
  checks.push(
    {
      name: `${load.page} (${who}) HTML+JS+CSS (gzip-9)`,
      value: kb(load.htmlJsCssGzip9Bytes),
      unit: 'KB',
      budget: `≤ ${CHECK_IN_BUDGET_KB} KB`,
      pass: withinBudget(load, CHECK_IN_BUDGET_KB),
    },
    {
      name: `QR decoder on ${load.page}'s first load (${who})`,
      value: decoder.join(', ') || 'none',
      unit: '',
      budget: 'none (loads with Scan)',
      pass: decoder.length === 0,
    },
  );
}
for (const c of checks)
  console.log(`${c.pass === null ? 'INFO' : c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value} ${c.unit} (${c.budget})`);
const file = writeResult('bundle-size', {
  builtAt,
  method: 'zlib gzip level 9 per file (HTML+JS+CSS)',
  results,
  adminCode: { loads, ownChunks: Object.fromEntries(ownChunks) },
  largestChunks: chunks.slice(0, 10),
  checkIn: checkInLoads,
  checks,
});
console.log(`written ${file}`);
if (checks.some((c) => c.pass === false)) process.exitCode = 1;
