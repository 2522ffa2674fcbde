// Debian's Chromium as the journeys and the benchmarks launch it (docs/stack.md): no sandbox (root in a container), nothing
// phoning home, so runs are repeatable offline.
import { existsSync } from 'node:fs';

/** The whole browser: the benchmarks (Lighthouse measures what a visitor's Chromium does) and the journeys' fallback. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell`. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * What the journeys drive: Debian's `chromium-headless-shell` (the same Chromium build, Blink and V8, without the desktop
 * browser around them; what Playwright itself uses for headless runs) when it is installed, else the whole browser.
 * Measured on the journeys: about a quarter less CPU for the same pages (docs/decisions/089). `CHROMIUM_PATH` wins.
 */
export const JOURNEY_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
