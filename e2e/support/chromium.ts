// Debian's Chromium as the journeys and the benchmarks launch it (STACK.md): no sandbox (root in a container), nothing
// phoning home, so runs are repeatable offline.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
