// A real Caddy (Debian's /usr/bin/caddy) in front of test servers, run from the shipped deploy/Caddyfile with only its
// addresses and ports changed, plus the global options a test needs: its own certificate authority (`local_certs`, no
// internet), high ports, no admin endpoint, and every file it writes in a temporary HOME (docs/decisions/097).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process';

export const CADDY = '/usr/bin/caddy';
const SHIPPED = fileURLToPath(new URL('../../../deploy/Caddyfile', import.meta.url));
/** The shipped file's placeholders: its site address and its two upstreams. */
const SITE = 'golf.example.org {';
const UPSTREAMS = 'reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {';

/**
 * deploy/Caddyfile for a test: the site at `url` (https://localhost:<port>, or http:// for the benchmark's comparison
 * without TLS), proxying to `upstreams` (host:port). The site's directives are the shipped ones, unchanged; the global
 * block gains the test's options.
 */
export function caddyfileFor({ url, upstreams }: { url: string; upstreams: string[] }) {
  const shipped = readFileSync(SHIPPED, 'utf8');
  if (!shipped.includes(SITE) || !shipped.includes(UPSTREAMS)) throw new Error('deploy/Caddyfile no longer has the placeholders');
  const { protocol, port } = new URL(url);
  const globals = [
    'local_certs',
    'skip_install_trust',
    'admin off',
    // No second listener for http→https redirects: one port fewer to find free.
    'auto_https disable_redirects',
    `${protocol === 'https:' ? 'https_port' : 'http_port'} ${port}`,
  ].join('\n\t');
  return shipped
    .replace(/^\{\n/m, `{\n\t${globals}\n`)
    .replace(SITE, `${protocol === 'https:' ? '' : 'http://'}localhost:${port} {`)
    .replaceAll(UPSTREAMS, `reverse_proxy ${upstreams.join(' ')} {`);
}

export interface RunningCaddy {
  /** https://localhost:<port> */
  url: string;
  /** Caddy's process id (the benchmark reads its CPU time). */
  pid: number;
  /** The PEM of Caddy's own root certificate, which signed the site's: what a client trusts ('' without TLS). */
  rootCertificate: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The address of a Caddy started later (the portals behind it must know it, APP_URL, before it starts):
 * https://localhost:<a free port>, or http:// for the benchmark's comparison without TLS.
 */
export async function caddyAddress(scheme: 'https' | 'http' = 'https'): Promise<string> {
  return `${scheme}://localhost:${await freePort()}`;
}

/** Starts Caddy on deploy/Caddyfile at `url` in front of `upstreams`; answers once the site answers. */
export async function startCaddy(url: string, upstreams: string[]): Promise<RunningCaddy> {
  const home = mkdtempSync(join(tmpdir(), 'golf-caddy-'));
  const config = join(home, 'Caddyfile');
  writeFileSync(config, caddyfileFor({ url, upstreams }));
  const env = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') };
  const child: ChildProcess = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], { env, stdio: 'pipe' });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(home, { recursive: true, force: true });
  };
  const tls = url.startsWith('https:');
  const rootPath = join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 300) {
      await stop();
      throw new Error(`Caddy did not start:\n${output}`);
    }
    if (!tls || existsSync(rootPath)) {
      const rootCertificate = tls ? readFileSync(rootPath, 'utf8') : '';
      const answered = await (tls ? httpsRequest(`${url}/api/health`, { ca: rootCertificate }) : fetch(`${url}/api/health`)).then(
        (r) => r.status === 200,
        () => false,
      );
      if (answered) return { url, pid: child.pid!, rootCertificate, output: () => output, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The answer as a web Response (its body not read yet), e.g. for an event stream. */
  response: Response;
}

/**
 * One HTTPS request that trusts only `ca` (Caddy's root, never `rejectUnauthorized: false`), optionally from a chosen
 * loopback address (127.0.0.x: a different client to the proxy), on a connection of its own.
 */
export function httpsRequest(
  url: string,
  options: {
    ca: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
    /** A keep-alive agent to reuse one connection, as a browser does; by default a new connection each time. */
    agent?: https.Agent;
  },
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ca: options.ca,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
      },
      (answer) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
        }
        const status = answer.statusCode!;
        const body = status === 204 || status === 304 ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>);
        resolve({ status, headers: answer.headers, response: new Response(body, { status, headers }) });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
