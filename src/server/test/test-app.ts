// The app under test, in-process, on a fresh database of its own, with helpers to call it as a browser would.
import { randomBytes } from 'node:crypto';
import { createUserAccount, setRole } from '../account/service';
import { createApp, type App } from '../app';
import { buildDeps } from '../bootstrap';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/connect';
import type { AppDeps } from '../http/context';
import type { StaticAssets } from '../http/static-assets';
import type { Logger } from '../logger';
import type { Role } from '../../shared/roles';
import { applySetCookies } from './cookies';
import { hashOncePerPassword } from './hash-once';
import { openTestDatabase, type TestDatabase } from './database';
import { responseContract } from './response-contract';

export const TEST_APP_URL = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct horse battery';

/** Settings as the server would read them from the environment; tests add or override any. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ APP_URL: TEST_APP_URL, LOG_LEVEL: 'silent', TIME_ZONE: 'UTC', CURRENCY: 'USD', ...env });
}

export interface LogLine {
  level: keyof Logger;
  message: string;
  fields?: Record<string, unknown>;
}

/** A logger that keeps its lines for assertions and prints nothing. */
export function capturingLogger(lines: LogLine[] = []): Logger & { lines: LogLine[] } {
  const at = (level: keyof Logger) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export interface RequestOptions {
  method?: string;
  /** Sent as a JSON body with its content type. */
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
  /**
   * The Origin header. By default a state-changing request carries the app's own origin, as a browser's fetch does;
   * pass a string to send another one, or null to send none.
   */
  origin?: string | null;
  /** The socket address the request comes from (default: none, which the app records as 'local'). */
  clientIp?: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The Cookie header of a signed-in browser. */
  cookie: string;
}

export interface TestApp {
  app: App;
  deps: AppDeps;
  config: Config;
  database: TestDatabase;
  db: Db;
  logs: LogLine[];
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** request(), then the answer's JSON body (null when empty or not JSON). */
  call<T = any>(path: string, options?: RequestOptions): Promise<{ response: Response; status: number; body: T }>;
  signUp(input?: Partial<SignUpBody>): Promise<{ response: Response; body: any; input: SignUpBody }>;
  /** Signs in through the API and answers the Cookie header a browser would then send; throws when refused. */
  signIn(email: string, password?: string): Promise<string>;
  /** An account made through the account service (confirmed), given the role and signed in. */
  createUser(role?: Role, overrides?: Partial<Omit<TestUser, 'cookie' | 'id' | 'role'>>): Promise<TestUser>;
  /** Closes the database (and drops it on PostgreSQL) unless it was borrowed from another test app. */
  close(): Promise<void>;
}

interface SignUpBody {
  firstName: string;
  lastName: string;
  email: string;
  company?: string;
  password: string;
}

export interface TestAppOptions {
  /** Extra settings, as environment variables (e.g. SMTP_URL). */
  env?: Record<string, string>;
  /** Share another test app's database instead of opening a fresh one (e.g. a second app process). */
  database?: TestDatabase;
  limits?: Partial<AppDeps['limits']>;
  assets?: StaticAssets;
}

let counter = 0;
/** A unique e-mail address for this test run. */
export const uniqueEmail = (label = 'user') => `${label}-${++counter}-${randomBytes(3).toString('hex')}@example.org`;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Most files register many teams for one leader: the limit of unpaid places per account is lifted, as the per-address
  // limits are below. Tests of that limit set their own.
  const config = testConfig({ UNPAID_TEAMS_LIMIT: '10000', UNPAID_PLACES_LIMIT: '10000', ...options.env });
  const database = options.database ?? (await openTestDatabase());
  const logger = capturingLogger();
  let deps: AppDeps;
  try {
    // Every in-process request comes from the same address: a file that signs in many users must not trip the per-address
    // limit by accident. Tests of that limit set their own.
    deps = await buildDeps(config, database, {
      logger,
      limits: { signInPerAddress: 100_000, signUpPerAddress: 100_000, giftsPerAddress: 100_000, ...options.limits },
    });
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  const app = createApp(deps, { assets: options.assets });
  const checkAnswer = responseContract(app);

  const request: TestApp['request'] = async (path, { method, json, body, cookie, headers = {}, origin, clientIp } = {}) => {
    const verb = (method ?? (json !== undefined || body !== undefined ? 'POST' : 'GET')).toUpperCase();
    const sent = new Headers(headers);
    if (cookie) sent.set('cookie', cookie);
    const sendOrigin = origin === undefined ? (['GET', 'HEAD', 'OPTIONS'].includes(verb) ? null : config.appOrigin) : origin;
    if (sendOrigin !== null && !sent.has('origin')) sent.set('origin', sendOrigin);
    let payload = body;
    if (json !== undefined) {
      payload = JSON.stringify(json);
      if (!sent.has('content-type')) sent.set('content-type', 'application/json');
    }
    // As @hono/node-server hands the socket to the app: getConnInfo reads it from the bindings.
    const bindings = clientIp
      ? { incoming: { socket: { remoteAddress: clientIp, remoteFamily: clientIp.includes(':') ? 'IPv6' : 'IPv4' } } }
      : undefined;
    const url = `${config.appUrl}${path}`;
    const response = await app.request(url, { method: verb, headers: sent, body: payload }, bindings);
    // The answer must match the schema its route declares (docs/decisions/060).
    await checkAnswer(verb, url, response);
    return response;
  };

  const call: TestApp['call'] = async (path, requestOptions) => {
    const response = await request(path, requestOptions);
    const text = await response.text();
    let body: any = null;
    if (text && response.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
    else if (text) body = text;
    return { response, status: response.status, body };
  };

  const signIn: TestApp['signIn'] = async (email, password = TEST_PASSWORD) => {
    const response = await request('/api/auth/sign-in/email', { json: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
    return applySetCookies('', response);
  };

  return {
    app,
    deps,
    config,
    database,
    db: database.db,
    logs: logger.lines,
    request,
    call,
    async signUp(input = {}) {
      const body: SignUpBody = { firstName: 'Pat', lastName: 'Putter', email: uniqueEmail('signup'), password: TEST_PASSWORD, ...input };
      const result = await call('/api/account/sign-up', { json: body });
      return { response: result.response, body: result.body, input: body };
    },
    signIn,
    async createUser(role = 'team_leader', overrides = {}) {
      const data = {
        firstName: 'Casey',
        lastName: role === 'team_leader' ? 'Leader' : role === 'moderator' ? 'Moderator' : 'Admin',
        email: uniqueEmail(role.replace('_', '-')),
        password: TEST_PASSWORD,
        ...overrides,
      };
      const created = await createUserAccount(database.db, { ...data, emailVerified: true }, hashOncePerPassword);
      if (role !== 'team_leader') await setRole(database.db, created.id, role);
      return { ...data, id: created.id, email: created.email, role, cookie: await signIn(created.email, data.password) };
    },
    async close() {
      await deps.sessions.close();
      if (!options.database) await database.close();
    },
  };
}
