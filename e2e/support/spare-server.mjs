// A portal process started ahead of its journey (portal-server.ts keeps one ready): Node starts and loads every module
// that the built server (dist/server/main.js, what `npm start` runs) imports, then waits for its settings, one line of
// JSON on stdin. With them in its environment it runs dist/server/main.js itself, unchanged. The journey then waits only
// for the server's own start (its database, migrations check, listening), not for Node and the packages to load, which
// took 1.5-3 s of each of the run's ~28 starts and now happens while the previous journey runs (docs/decisions/012).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const main = new URL('../../dist/server/main.js', import.meta.url);
const source = readFileSync(main, 'utf8');
// `import … from "x"` at the top and `import("x")` where the server loads a module when first needed (the database's).
const specifiers = new Set([
  ...[...source.matchAll(/^import\s[^;]*?\sfrom\s*"([^"]+)";?$/gm)].map((m) => m[1]),
  ...[...source.matchAll(/^import\s*"([^"]+)";?$/gm)].map((m) => m[1]),
  ...[...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]),
]);
await Promise.all(
  [...specifiers].map((specifier) =>
    // A relative chunk resolves against main.js; a package as main.js would resolve it (same folder tree). One that fails
    // to load here fails again in main.js, which prints why into the portal's output.
    import(specifier.startsWith('.') ? new URL(specifier, main).href : import.meta.resolve(specifier)).catch(() => undefined),
  ),
);

/**
 * A journey about time (an early-bird price ending at midnight, R58) moves this server's clock as the machine's would
 * move: every `new Date()` and `Date.now()` in the process (the app's deps.now, better-auth, PGlite's now()) reads the
 * real time plus an offset. Each later line of stdin, `{"clock":"<ISO instant>"}`, sets the offset so that the clock
 * reads that instant then runs on; the line `e2e clock: <ISO>` on stdout says it is set (portal-server.ts waits for it).
 * Nothing in dist/server changes: the app knows only its clock.
 */
function installMovableClock() {
  const RealDate = Date;
  let offset = 0;
  const now = () => RealDate.now() + offset;
  function MovedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length ? args : [now()], new.target);
  }
  Object.setPrototypeOf(MovedDate, RealDate);
  MovedDate.prototype = RealDate.prototype;
  MovedDate.now = now;
  globalThis.Date = MovedDate;
  return (at) => {
    offset = RealDate.parse(at) - RealDate.now();
    process.stdout.write(`e2e clock: ${new RealDate(now()).toISOString()}\n`);
  };
}

// The settings, or the end of stdin when the test process went without taking this one: then it ends too.
const lines = createInterface({ input: process.stdin });
let settings = null;
let setClock = null;
lines.on('line', (line) => {
  if (setClock) return setClock(JSON.parse(line).clock);
  settings = JSON.parse(line);
  if (settings.E2E_MOVABLE_CLOCK !== '1') return;
  // Its stdin stays open for the clock's lines: the server starts now, not at the end of stdin.
  delete settings.E2E_MOVABLE_CLOCK;
  setClock = installMovableClock();
  Object.assign(process.env, settings);
  void import(main.href);
});
lines.once('close', () => {
  if (!settings) process.exit(0);
  if (setClock) return;
  Object.assign(process.env, settings);
  void import(main.href);
});
