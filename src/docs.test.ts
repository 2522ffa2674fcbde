// The repository explains itself (issue 33, docs/decisions/104): every rule cited as R<n> and every spec section cited as
// §N has its heading in docs/rules/, nothing points at documents outside the repository, every relative link in the
// Markdown resolves, and the operators' guide names every setting config.ts reads. Reads files only; no database.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEXT = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.json', '.css', '.html', '.sql', '.yml', '.yaml']);
const EXTENSIONLESS = new Set(['.ci/run', '.env.example', 'deploy/Caddyfile', '.gitignore', '.prettierignore']);

/** The repository's own files (tracked, plus new ones not ignored), as paths from its root; text only. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file && existsSync(join(ROOT, file)))
    .filter((file) => TEXT.has(extname(file)) || EXTENSIONLESS.has(file) || file.endsWith('.service'))
    .filter((file) => file !== 'package-lock.json');
}

const files = repositoryFiles();
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const CITING = ['src/', 'e2e/', 'bench/', 'scripts/', 'docs/', 'deploy/', '.ci/'];
const citing = files.filter((file) => CITING.some((folder) => file.startsWith(folder)) || !file.includes('/'));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const headingsOf = (text: string) => [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!);

/** Each rule's heading: R<n> → the file under docs/rules that holds it (every file, so a duplicate shows). */
const ruleHeadings = new Map<number, string[]>();
const sectionHeadings = new Set<number>();
for (const file of files.filter((f) => f.startsWith('docs/rules/'))) {
  for (const heading of headingsOf(read(file))) {
    const rule = /^R(\d+): /.exec(heading);
    if (rule) ruleHeadings.set(Number(rule[1]), [...(ruleHeadings.get(Number(rule[1])) ?? []), file]);
    const section = /^§(\d+) /.exec(heading);
    if (section && file === 'docs/rules/spec.md') sectionHeadings.add(Number(section[1]));
  }
}

/** Every rule number a text cites, ranges (R35–R39) counted whole. */
function citedRules(text: string): number[] {
  const cited: number[] = [];
  for (const m of text.matchAll(/\bR(\d+)(?:\s*[–-]\s*R?(\d+))?\b/g)) {
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let n = from; n <= Math.max(from, to); n++) cited.push(n);
  }
  return cited;
}

describe('the product rules live in docs/rules', () => {
  it('has one heading per rule, R1 to the highest, each in one file', () => {
    const numbers = [...ruleHeadings.keys()].sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(61);
    expect([...ruleHeadings].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('resolves every R<n> cited in code, tests, benches, scripts and docs', () => {
    const unresolved = citing.flatMap((file) =>
      [...new Set(citedRules(read(file)))].filter((n) => !ruleHeadings.has(n)).map((n) => `${file}: R${n}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('resolves every spec §N cited to a section of docs/rules/spec.md', () => {
    const unresolved = citing.flatMap((file) =>
      [...read(file).matchAll(/§(\d+)/g)]
        .map((m) => Number(m[1]))
        .filter((n) => !sectionHeadings.has(n))
        .map((n) => `${file}: §${n}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('indexes every rule in docs/rules/README.md, linking to its heading', () => {
    const index = read('docs/rules/README.md');
    const rows = new Map([...index.matchAll(/^\| \[R(\d+)\]\(([^)#]+)#([^)]+)\)/gm)].map((m) => [Number(m[1]), m]));
    const wrong = [...ruleHeadings].flatMap(([n, [file]]) => {
      const row = rows.get(n);
      if (!row) return [`R${n}: no row`];
      const heading = headingsOf(read(file!)).find((h) => h.startsWith(`R${n}: `))!;
      return `docs/rules/${row[2]}` === file && row[3] === slug(heading) ? [] : [`R${n}: row points at ${row[2]}#${row[3]}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe('nothing points outside the repository', () => {
  // Spelt in pieces so that this file does not name them itself.
  const outside = new RegExp(
    [...['PRODUCT', 'SPEC', 'STACK', 'STYLE'].map((name) => `\\b${name}\\.md\\b`), ['', 'work', 'shared'].join('/')].join('|'),
  );

  it('names none of the shared folder’s documents', () => {
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('has no relative path to a shared folder that leaves the repository or leads nowhere', () => {
    const found = files.flatMap((file) =>
      [...read(file).matchAll(/((?:\.\.\/)+shared(?:\/[\w.-]+)*)/g)]
        .map((m) => m[1]!)
        .filter((path) => {
          const target = resolve(ROOT, dirname(file), path);
          if (relative(ROOT, target).startsWith('..') || !target.startsWith(ROOT + sep)) return true;
          return !['', '.ts', '.tsx', '.js', '.mjs'].some((ext) => existsSync(target + ext));
        })
        .map((path) => `${file}: ${path}`),
    );
    expect(found).toEqual([]);
  });
});

describe('the Markdown links resolve', () => {
  const markdown = files.filter((file) => file.endsWith('.md'));

  it('finds the files and headings every relative link names', () => {
    const broken = markdown.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((link) => !/^[a-z]+:/i.test(link) && !link.startsWith('#'))
        .filter((link) => {
          const [path, anchor] = link.split('#') as [string, string | undefined];
          const target = resolve(ROOT, dirname(file), decodeURIComponent(path));
          if (!existsSync(target)) return true;
          if (!anchor || statSync(target).isDirectory()) return false;
          return !headingsOf(readFileSync(target, 'utf8')).some((heading) => slug(heading) === anchor);
        })
        .map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('keeps the README short enough to finish', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(120);
  });
});

describe("the operators' guide", () => {
  it('names every setting config.ts reads', () => {
    const schema = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(read('src/server/config.ts'))![1]!;
    const settings = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(settings.length).toBeGreaterThan(20);
    const guide = read('docs/operators-guide.md');
    expect(settings.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});
