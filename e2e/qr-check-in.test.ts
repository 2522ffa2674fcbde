// Journey (R61, R19, R42): an admin prints a team's name badges (Avery 5392, to PDF); a volunteer at the check-in table, on a
// 390 px phone whose camera (Chromium's fake capture device) films one of those badges, opens Scan: the golfer and team show,
// one tap checks them in, the table's live count goes up on another staff screen, and the list says who and when. The
// golfer's own page shows the same code. Screenshots at 1280 and 390 px.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { players, teams } from '../src/server/db/schema';
import { issueLinks } from '../src/server/golfer-answers/links';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { setUpJourney, shoot, signInThroughApi, VIEWPORTS } from './support/journey';
import { LAKESIDE, seedOperations } from './support/operations-seed';
import { WAIT_TIMEOUT_MS } from './support/quick-waits';

const TEAM = 'Birdie Brigade';
let golferToken = '';

const journey = setUpJourney({
  seed: async (db) => {
    await seedOperations(db);
    // One golfer's personal link (R42), to see their code on their own page.
    const [golfer] = await db
      .select({ id: players.id })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .where(eq(teams.name, TEAM))
      .orderBy(players.lastName);
    await db.update(players).set({ answeredBy: 'golfer' }).where(eq(players.id, golfer!.id));
    golferToken = (await issueLinks(db, [golfer!.id])).get(golfer!.id)!;
  },
});
const SCREENSHOTS = fileURLToPath(new URL('../screenshots', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'qr-check-in-'));
let cameraBrowser: Browser | undefined;
afterAll(async () => {
  await cameraBrowser?.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * A YUV4MPEG2 file of one still frame (Chromium's fake camera loops it): the picture centred on a grey 640×480 table top,
 * as the camera of a phone held over a badge sees it. 4:2:0, the chroma planes neutral (a black-and-white badge).
 */
async function y4mOf(png: Buffer): Promise<Buffer> {
  const [width, height] = [640, 480];
  // Two steps: sharp applies one resize per pipeline, the last one asked.
  const badge = await sharp(png).resize({ width: 600, height: 440, fit: 'inside' }).flatten({ background: '#ffffff' }).png().toBuffer();
  const size = await sharp(badge).metadata();
  const [x, y] = [width - size.width!, height - size.height!];
  const data = await sharp(badge)
    .extend({ top: Math.floor(y / 2), bottom: Math.ceil(y / 2), left: Math.floor(x / 2), right: Math.ceil(x / 2), background: '#c8c8c8' })
    .removeAlpha()
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), data, chroma]);
}

describe('QR check-in', () => {
  let badgeName = '';
  let cameraFile = '';

  test("an admin prints a team's badges: Avery 5392, name, team, starting hole and QR", async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    await page.goto('/admin/badges');
    await page.getByRole('heading', { name: 'Badges', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Tournament').inputValue()).not.toBe('');
    await page.getByLabel('Tournament').selectOption({ label: LAKESIDE });
    await page.getByLabel('Team').selectOption({ label: TEAM });
    const badges = page.getByRole('article', { name: /^Badge: / });
    await expect.poll(() => badges.count()).toBe(4);
    const first = badges.first();
    badgeName = (await first.getAttribute('aria-label'))!.replace('Badge: ', '');
    await expect.poll(() => first.innerText()).toContain(TEAM);
    await page.getByRole('button', { name: 'Print 4 badges' }).waitFor();
    await shoot(page, 'qr-badges-1280');

    // The sheet as the print dialog makes it: Letter, the badges where Avery 5392's die cuts are.
    mkdirSync(SCREENSHOTS, { recursive: true });
    const pdfPath = join(SCREENSHOTS, 'qr-badges.pdf');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(pdfPath, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // One sheet for 4 badges, 8.5 × 11 in (612 × 792 pt).
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 612 792\s*\]/);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', pdfPath, join(SCREENSHOTS, 'qr-badges-sheet')]);
    } catch {
      // No pdftoppm here: the PDF is still in screenshots/ to open by hand.
    }
    await page.emulateMedia({ media: 'screen' });

    // All teams: the screen previews the first sheet, every sheet prints (20 golfers: 4 sheets).
    await page.getByLabel('Team').selectOption({ label: 'All teams' });
    await page.getByText('20 badges on 4 sheets').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('article', { name: /^Badge: / })
          .filter({ visible: true })
          .count(),
      )
      .toBe(6);
    await page.emulateMedia({ media: 'print' });
    const everySheet = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    await page.emulateMedia({ media: 'screen' });
    expect(everySheet.match(/\/Type\s*\/Page\b/g)).toHaveLength(4);
    await page.getByLabel('Team').selectOption({ label: TEAM });

    // The camera will film this badge as printed.
    cameraFile = join(work, 'badge.y4m');
    writeFileSync(cameraFile, await y4mOf(await first.screenshot()));
    await page.setViewportSize(VIEWPORTS.mobile);
    await shoot(page, 'qr-badges-390');
  });

  test('a volunteer scans the badge with the phone camera and checks the golfer in with one tap; the count follows live', async () => {
    // Another staff screen at the table, watching the day's numbers.
    const desk = await journey.visitor({ as: journey.portal.users.admin });
    await desk.goto('/admin/check-in');
    await desk.getByLabel('Tournament').selectOption({ label: LAKESIDE });
    const deskTally = desk.getByLabel('Checked in today');
    await expect.poll(() => deskTally.innerText()).toMatch(/\d+\s*\/\s*\d+/);
    const before = Number(/(\d+)\s*\//.exec(await deskTally.innerText())![1]);

    // The fake camera is a launch flag: this phone is a browser of its own, and the whole Chromium (the headless shell the
    // other journeys use answers getUserMedia with NotSupportedError).
    cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${cameraFile}`],
    });
    const context = await cameraBrowser.newContext({ viewport: VIEWPORTS.mobile, baseURL: journey.portal.url });
    // The journeys' wait, as every visitor's context has it (quick-waits.ts counts on it).
    context.setDefaultTimeout(WAIT_TIMEOUT_MS);
    await context.grantPermissions(['camera'], { origin: journey.portal.url });
    await signInThroughApi(context, journey.portal.url, journey.portal.users.moderator);
    const phone = await context.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(error.message));
    // The decoder is not part of the page until Scan opens.
    const scripts: string[] = [];
    phone.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await phone.goto('/admin/check-in');
    await phone.getByLabel('Tournament').selectOption({ label: LAKESIDE });
    await phone.getByLabel('Checked in today').waitFor();
    const beforeScan = scripts.length;
    await phone.getByRole('button', { name: 'Scan', exact: true }).click();
    const panel = phone.getByRole('region', { name: 'Scan a check-in code' });
    const checkIn = panel.getByRole('button', { name: `Check in ${badgeName}` });
    await checkIn.waitFor({ timeout: 20_000 }).catch(async (error: unknown) => {
      // This browser is not the journey's: its page is kept for the failure by hand.
      await phone.screenshot({ path: join(SCREENSHOTS, 'failures', 'qr-scan-phone.png') }).catch(() => undefined);
      throw error;
    });
    expect(scripts.length, 'the decoder loads when Scan opens').toBeGreaterThan(beforeScan);
    await expect.poll(() => panel.innerText()).toContain(TEAM);
    await shoot(phone, 'qr-scan-390');
    await checkIn.click();
    await panel.getByText(`${badgeName} is checked in`).waitFor();
    await expect.poll(() => panel.innerText()).toMatch(/Checked in at \d{1,2}:\d{2} [AP]M by Morgan Moderator/);
    await shoot(phone, 'qr-scan-checked-in-390');

    // Live on the other screen, without a reload.
    await expect.poll(() => deskTally.innerText(), { timeout: 10_000 }).toMatch(new RegExp(`^\\D*${before + 1}\\s*/`));
    // The list below says who and when.
    await phone.getByLabel('Search').fill(badgeName);
    await expect.poll(() => phone.getByRole('list', { name: 'Golfers' }).innerText()).toContain('by Morgan Moderator');

    await phone.setViewportSize(VIEWPORTS.desktop);
    await shoot(phone, 'qr-scan-1280');
    expect(errors).toEqual([]);
  });

  test("the golfer's own page shows their check-in code", async () => {
    const page = await journey.visitor({ viewport: 'mobile' });
    await page.goto(`/golfer/${golferToken}`);
    await page.getByRole('img', { name: /^Check-in QR code for / }).waitFor();
    await shoot(page, 'qr-golfer-page-390');
  });
});
