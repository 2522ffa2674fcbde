// The first load's style sheet (index.css) holds Tailwind's classes only for the files it lists with @source: the app shell,
// Home and the leaderboard (docs/decisions/051). A file those pages come to import that is not listed would render without
// its styles until some other page brought all-pages.css. This follows every static import from main.tsx and from the
// leaderboard page and checks each client file is listed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLIENT = dirname(fileURLToPath(import.meta.url));
const ENTRIES = ['main.tsx', 'leaderboard/leaderboard-page.tsx'];

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every file reached by static, non-type imports from the entries (relative imports only: packages bring no classes). */
function staticGraph(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, typeOnly, specifier] of source.matchAll(/^import\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)) {
      if (typeOnly) continue;
      const target = resolveImport(file, specifier!);
      if (target) visit(target);
    }
  };
  for (const entry of ENTRIES) visit(join(CLIENT, entry));
  return [...seen];
}

describe('the first-load style sheet', () => {
  it('lists every client file Home and the leaderboard import', () => {
    const css = readFileSync(join(CLIENT, 'index.css'), 'utf8');
    const sources = [...css.matchAll(/@source\s+'([^']+)'/g)].map((m) => resolve(CLIENT, m[1]!));
    const graph = staticGraph();
    expect(graph.length).toBeGreaterThan(10);
    const unlisted = graph
      .filter((file) => file.startsWith(CLIENT + '/'))
      .filter((file) => !sources.some((source) => file === source || file.startsWith(source + '/')))
      .map((file) => relative(CLIENT, file));
    expect(unlisted).toEqual([]);
  });
});
