// The arrows between source files (docs/conventions.md rule 11, docs/decisions/106): `npm run lint` runs dependency-cruiser with
// .dependency-cruiser.mjs over src/. Here its rules run on a small tree made for the test, to show that they fire on what
// they forbid (two files importing each other, by types only too; a circle of three; the client taking a value from the
// server) and let through what is allowed (a one-way pair; the client taking only types from the server).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';

const root = join(import.meta.dirname, '..');
const configFile = join(root, '.dependency-cruiser.mjs');
const config = ((await import(configFile)) as { default: IConfiguration }).default;
const fixture = mkdtempSync(join(tmpdir(), 'golf-arrows-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const files: Record<string, string> = {
  // A service taking a type from its own routes (the shape of five of the eight pairs issue 33 found).
  'src/server/teams/service.ts': "import type { Team } from './routes';\nexport const list = (): Team[] => [];\n",
  'src/server/teams/routes.ts': "import { list } from './service';\nexport type Team = { id: string };\nexport const routes = [list];\n",
  // A circle of three, by value.
  'src/server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'src/server/b.ts': "import { c } from './c';\nexport const b = () => c;\n",
  'src/server/c.ts': "import { a } from './a';\nexport const c = () => a;\n",
  // One way: allowed.
  'src/server/money.ts': 'export const cents = (n: number) => Math.round(n * 100);\n',
  'src/server/prices.ts': "import { cents } from './money';\nexport const price = cents(1);\n",
  // The client: a type from the server is allowed, a value is not.
  'src/client/typed.ts': "import type { Team } from '../server/teams/routes';\nexport const none: Team[] = [];\n",
  'src/client/leaks.ts': "import { price } from '../server/prices';\nexport const shown = price;\n",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(fixture, path)), { recursive: true });
  writeFileSync(join(fixture, path), text);
}

async function violations() {
  const { output } = await cruise(['src'], {
    ...config.options,
    baseDir: fixture,
    validate: true,
    ruleSet: { forbidden: config.forbidden! },
  });
  const result = output as ICruiseResult;
  // A circle is reported once, with the files round it (`cycle`, ending where it started).
  return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to, round: v.cycle?.map((step) => step.name) }));
}

describe('the import rules (npm run lint)', () => {
  it('runs with lint', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toMatch(/\bdepcruise src\b/);
  });

  it('refuses import circles (types count), and the client taking a value from the server; allows the rest', async () => {
    const found = await violations();
    expect(found.filter((v) => v.rule === 'no-circular').map((v) => [v.from, ...v.round!])).toEqual([
      ['src/server/a.ts', 'src/server/b.ts', 'src/server/c.ts', 'src/server/a.ts'],
      // By `import type` one way and a value the other: still a circle.
      ['src/server/teams/routes.ts', 'src/server/teams/service.ts', 'src/server/teams/routes.ts'],
    ]);
    // src/client/typed.ts takes only a type from the server: not reported.
    expect(found.filter((v) => v.rule === 'client-imports-server-only-as-types')).toEqual([
      { rule: 'client-imports-server-only-as-types', from: 'src/client/leaks.ts', to: 'src/server/prices.ts', round: undefined },
    ]);
    expect(found).toHaveLength(3);
  });
});
