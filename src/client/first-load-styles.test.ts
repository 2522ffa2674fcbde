// The first load's style sheet (index.css) holds Tailwind's classes only for the files it lists with @source: the app shell,
// Home and the leaderboard (docs/decisions/051). A file those pages come to import that is not listed would render without
// its styles until some other page brought all-pages.css. This follows every static import from main.tsx and from the
// leaderboard page and checks each client file is listed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLIENT = dirname(fileURLToPath(import.meta.url));
// main.tsx starts one of the app and the phone's live board (docs/decisions/133), both on the first load.
const ENTRIES = ['main.tsx', 'app.tsx', 'leaderboard/board-island.ts', 'leaderboard/leaderboard-page.tsx'];

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every file reached by static, non-type imports from the entries (relative imports only: packages bring no classes). */
function staticGraph(entries = ENTRIES): string[] {
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
  for (const entry of entries) visit(join(CLIENT, entry));
  return [...seen];
}

/** The files a sheet has Tailwind scan: its @source lines and those of the sheets it imports (first-load-sources.css). */
function sourcesOf(sheet: string): string[] {
  const css = readFileSync(join(CLIENT, sheet), 'utf8');
  const imported = [...css.matchAll(/@import\s+'\.\/([^']+)'/g)].flatMap((m) => sourcesOf(m[1]!));
  return [...imported, ...[...css.matchAll(/@source\s+'([^']+)'/g)].map((m) => resolve(CLIENT, m[1]!))];
}

describe('the first-load style sheet', () => {
  it('lists every client file Home and the leaderboard import', () => {
    const sources = sourcesOf('index.css');
    const graph = staticGraph();
    expect(graph.length).toBeGreaterThan(10);
    const unlisted = graph
      .filter((file) => file.startsWith(CLIENT + '/'))
      .filter((file) => !sources.some((source) => file === source || file.startsWith(source + '/')))
      .map((file) => relative(CLIENT, file));
    expect(unlisted).toEqual([]);
  });

  // The leaderboard's own sheet (leaderboard.css, inline in its server-rendered page in place of index.css: decision 081)
  // covers the app shell, the leaderboard and what it loads lazily (TV mode, the side games: they bring no all-pages.css),
  // and is a part of index.css: Home opened from there brings all-pages.css.
  it("lists in the leaderboard's own sheet every client file the leaderboard imports, and nothing index.css does not", () => {
    const covered = (sources: string[], file: string) => sources.some((source) => file === source || file.startsWith(source + '/'));
    const board = sourcesOf('leaderboard.css');
    const graph = staticGraph([
      'main.tsx',
      'leaderboard/leaderboard-page.tsx',
      'leaderboard/tv-boards.tsx',
      'leaderboard/side-games-board.tsx',
    ]);
    const unlisted = graph.filter((file) => file.startsWith(CLIENT + '/') && !covered(board, file)).map((file) => relative(CLIENT, file));
    expect(unlisted).toEqual([]);
    const index = sourcesOf('index.css');
    expect(board.filter((source) => !covered(index, source)).map((file) => relative(CLIENT, file))).toEqual([]);
    // Home's own files are left out: that is the sheet's point.
    expect(covered(board, join(CLIENT, 'pages/home-page.tsx'))).toBe(false);
  });
});
