// Shared steps of the admin journeys: open a page by its nav link, check a page or an open dialog is usable (one h1,
// labelled inputs, axe, no sideways scroll), read a table row, and catch a CSV download.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { h1Texts, inputsWithoutVisibleLabel, scanWithAxe, seriousOrWorse } from './accessibility';
import { expectHeading } from './page-expectations';

/** The admin pages: path, nav label and h1 (the nav label is the h1). */
export const ADMIN_PAGES = [
  { path: '/admin', name: 'Dashboard', file: 'dashboard' },
  { path: '/admin/teams', name: 'Teams', file: 'teams' },
  { path: '/admin/payments', name: 'Payments', file: 'payments' },
  { path: '/admin/gifts', name: 'Gifts', file: 'gifts' },
  { path: '/admin/reports', name: 'Reports', file: 'reports' },
  { path: '/admin/check-in', name: 'Golfers', file: 'golfers' },
  { path: '/admin/tournaments', name: 'Tournaments', file: 'tournaments' },
  { path: '/admin/golf-courses', name: 'Golf Courses', file: 'golf-courses' },
  { path: '/admin/sponsorship-levels', name: 'Sponsorship Levels', file: 'sponsorship-levels' },
  { path: '/admin/items', name: 'Items & Add-ons', file: 'items' },
  { path: '/admin/users', name: 'Users', file: 'users' },
  { path: '/admin/data', name: 'Data', file: 'data' },
  { path: '/admin/settings', name: 'Settings', file: 'settings' },
] as const;
export type AdminPageName = (typeof ADMIN_PAGES)[number]['name'];

export const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** Opens an admin page the way a person does: from the Dashboard, by its link in the admin nav. */
export async function openAdminPage(page: Page, name: AdminPageName) {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/admin')) await page.goto('/admin');
  const nav = adminNav(page);
  await nav.waitFor();
  // On a phone the nav is a menu that opens first.
  const menu = nav.getByRole('button', { name: /^Admin menu/ });
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name, exact: true }).click();
  await expectHeading(page, name);
}

/**
 * The page (or the dialog open on it) is usable: one h1 with `heading`, every visible input labelled, no serious or
 * critical axe finding, nothing wider than the window.
 */
export async function expectUsable(page: Page, heading: string, label: string) {
  expect(await h1Texts(page), `${label}: the h1`).toEqual([heading]);
  expect(await inputsWithoutVisibleLabel(page), `${label}: inputs without a visible label`).toEqual([]);
  expect(seriousOrWorse(await scanWithAxe(page, label)), `${label}: serious axe findings`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: sideways scroll`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  // On a phone a wide table scrolls in its frame (with a shadow at the hidden edge); at a desktop's width every column shows.
  if (page.viewportSize()!.width >= 1024) {
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('table')]
        .filter(
          (table) => table.parentElement!.offsetParent !== null && table.parentElement!.scrollWidth > table.parentElement!.clientWidth,
        )
        .map((table) => table.caption?.textContent ?? 'a table without a caption'),
    );
    expect(cut, `${label}: tables cut off at the side`).toEqual([]);
  }
}

/** The cells of a row as shown, trimmed, whitespace collapsed. */
export async function cellsOf(row: Locator): Promise<string[]> {
  await row.waitFor();
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Clicks a download link and answers the file's name and its CSV rows (cells unquoted). */
export async function downloadCsv(page: Page, link: Locator): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  // Read as a stream, not from a file: nothing is written to the disk, and it is read the same way whether the
  // browser was launched by this process or connected to.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { filename: download.suggestedFilename(), rows: parseCsv(Buffer.concat(chunks).toString('utf8')) };
}

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
