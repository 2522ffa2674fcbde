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

// The settings, or the end of stdin when the test process went without taking this one: then it ends too.
const lines = createInterface({ input: process.stdin });
let settings = null;
lines.once('line', (line) => (settings = JSON.parse(line)));
lines.once('close', () => {
  if (!settings) process.exit(0);
  Object.assign(process.env, settings);
  void import(main.href);
});
