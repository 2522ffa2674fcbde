// A real server process (src/server/main.ts through tsx) on a test's PostgreSQL database: for what only separate processes
// show (NOTIFY between them, each one's own memory). Several may share one database (R4).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
}

/** Starts the server on `databaseUrl` with the given settings and waits until it answers its health check. */
export async function startServer(databaseUrl: string, settings: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TIME_ZONE: 'UTC', LOG_LEVEL: 'warn' };
  Object.assign(env, { PORT: String(port), APP_URL: url, DATABASE_URL: databaseUrl, ...settings });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: 'pipe' });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM by its own PID (it closes its database), SIGKILL if it hangs. */
export async function stopServer(server: ServerProcess | undefined) {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
