// Builds what `npm start` runs: the client (dist/client, by Vite) and the server (dist/server/main.js, one ES module bundled by
// Vite from src/server/main.ts with the packages left in node_modules, plus the SQL migrations beside it). Running plain
// JavaScript instead of compiling TypeScript at start-up keeps the idle server about 80 MB lighter (docs/decisions/011).
//   node scripts/build.mjs             build both
//   node scripts/build.mjs --if-stale  build each only when its sources are newer than its build (what `npm start` does,
//                                      and the browser journeys before they start servers: e2e/support/global-setup.ts)
// Each half is built into a folder of its own and swapped in: a server starting at that moment (a journey, another run in
// the same checkout) reads either the old build or the new one, never an emptied folder.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ifStale = process.argv.includes('--if-stale');
const vite = join(root, 'node_modules/vite/bin/vite.js');

const targets = [
  {
    name: 'client',
    folder: 'dist/client',
    output: 'dist/client/index.html',
    sources: ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'public'],
    args: ['build', '--logLevel', 'warn'],
  },
  {
    name: 'server',
    folder: 'dist/server',
    output: 'dist/server/main.js',
    // src/client too: the server renders Home and /leaderboard with the app's components (src/server/http/server-render.ts).
    sources: ['src/server', 'src/shared', 'src/client', 'vite.config.ts', 'package-lock.json'],
    args: ['build', '--ssr', 'src/server/main.ts', '--logLevel', 'warn'],
    after: (outDir) => cpSync(join(root, 'src/server/db/migrations'), join(outDir, 'migrations'), { recursive: true }),
  },
];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function stale({ output, sources }) {
  const built = join(root, output);
  if (!existsSync(built)) return true;
  const present = sources.map((p) => join(root, p)).filter(existsSync);
  return Math.max(...present.map(newest)) > statSync(built).mtimeMs;
}

const errorCode = (error) => error?.code ?? '';

for (const target of targets) {
  if (ifStale && !stale(target)) continue;
  console.log(`Building the ${target.name}…`);
  const folder = join(root, target.folder);
  const fresh = `${folder}.${process.pid}.new`;
  const old = `${folder}.${process.pid}.old`;
  // A production build whatever NODE_ENV the caller has (vitest sets `test`, which would bundle React's development build).
  const env = { ...process.env, NODE_ENV: 'production' };
  const args = [vite, ...target.args, '--outDir', fresh, '--emptyOutDir'];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  target.after?.(fresh);
  try {
    renameSync(folder, old);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  try {
    renameSync(fresh, folder);
  } catch (error) {
    // Another build swapped its own in at the same moment: either is current.
    if (!['ENOTEMPTY', 'EEXIST'].includes(errorCode(error))) throw error;
  }
  rmSync(fresh, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}
