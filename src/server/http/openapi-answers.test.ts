// The OpenAPI document allows every answer the server gives (issue 20, docs/decisions/066). Every operation it lists is
// driven with a valid request and with invalid ones (a foreign origin, a body over the cap, a body that is not JSON, not
// valid JSON or of the wrong type, a NUL character, made-up ids, no session, a role too low), each as the caller its
// access rule fits; the test app's request() checks every answer against the document (status, content type, required
// headers, body against the schema for that status: src/server/test/response-contract.ts) and fails on any it does not
// allow. The check itself is shown to fail on answers the document does not allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, Role } from '../../shared/roles';
import { BODY_LIMIT_BYTES } from '../app';
import { documentContract, type OpenApiDocument } from '../test/response-contract';
import { fixtureRequest, placeholderRequest, type Caller } from '../test/route-fixtures';
import { createTestApp, TEST_APP_URL, type RequestOptions, type TestApp, type TestUser } from '../test/test-app';

type DocumentOperation = {
  'x-access': Access;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};

interface Operation {
  key: string;
  method: string;
  path: string;
  access: Access;
  write: boolean;
  jsonBody: boolean;
  params: boolean;
  /** Its query parameters: every one, and the required ones. */
  query: { all: string[]; required: string[] };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The caller a route's access rule lets through with the least: who a valid request is sent as. */
const PERMITTED: Record<Access, Caller> = {
  public: 'anonymous',
  'signed-in': 'team_leader',
  staff: 'moderator',
  admin: 'admin',
  'scorer-for-tournament': 'moderator',
  'checkin-for-tournament': 'moderator',
};
const FOREIGN_ORIGIN = 'https://elsewhere.example';

// The document is read once, before the tests are collected, so each operation gets tests of its own.
const t: TestApp = await createTestApp();
const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument & {
  paths: Record<string, Record<string, DocumentOperation>>;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({
    key: `${m.toUpperCase()} ${path}`,
    method: m.toUpperCase(),
    path,
    access: item[m]!['x-access'],
    write: m !== 'get',
    jsonBody: Boolean(item[m]!.requestBody?.content['application/json']),
    params: path.includes('{'),
    query: {
      all: (item[m]!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      required: (item[m]!.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
    },
  })),
);

let users: Record<Role, TestUser>;
beforeAll(async () => {
  users = {
    team_leader: await t.createUser('team_leader'),
    moderator: await t.createUser('moderator'),
    admin: await t.createUser('admin'),
  };
});
afterAll(() => t.close());

/** Each operation's answers in this file: status and whether the request was valid. */
const seen = new Map<string, { status: number; valid: boolean }[]>();

/**
 * Sends a request and answers its status and JSON body (null for a stream, which is closed unread). request() has already
 * checked the answer against the document; the status is checked here too, so the test holds without that hook.
 */
async function send(operation: Operation, path: string, options: RequestOptions, valid: boolean) {
  const response = await t.request(path, { ...options, method: operation.method });
  const stream = response.headers.get('content-type')?.startsWith('text/event-stream');
  const text = stream ? '' : await response.text();
  if (stream) await response.body?.cancel();
  expect(
    Object.keys(doc.paths[operation.path]![operation.method.toLowerCase()]!.responses),
    `${operation.key} answered ${response.status}`,
  ).toContain(String(response.status));
  seen.set(operation.key, [...(seen.get(operation.key) ?? []), { status: response.status, valid }]);
  const body = text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { error?: { code: string } }) : null;
  return { status: response.status, body };
}

/** The route's valid request (its access-matrix fixture) as the permitted caller, to be varied. */
const validRequest = (operation: Operation) => fixtureRequest(t, users, operation, PERMITTED[operation.access]);

describe.each(operations)('$key ($access)', (operation) => {
  it('a valid request, as the caller its access rule lets through', async () => {
    const { path, options, fixture } = await validRequest(operation);
    const { status, body } = await send(operation, path, options, true);
    expect(status, JSON.stringify(body)).toBe(fixture!.expect);
  });

  it('a NUL character in the query: 400, naming it', async () => {
    const { path, options } = await validRequest(operation);
    const { status, body } = await send(operation, `${path}${path.includes('?') ? '&' : '?'}note=%00`, options, false);
    expect(status).toBe(400);
    expect(body?.error?.code).toBe('VALIDATION');
  });

  if (operation.access !== 'public') {
    it('signed out: 401', async () => {
      const { path } = placeholderRequest(operation);
      expect((await send(operation, path!, { json: operation.jsonBody ? {} : undefined }, false)).status).toBe(401);
    });
  }
  if (operation.access === 'staff' || operation.access === 'admin') {
    it('as a team leader: 403', async () => {
      const { path } = placeholderRequest(operation);
      const options = { cookie: users.team_leader.cookie, json: operation.jsonBody ? {} : undefined };
      expect((await send(operation, path!, options, false)).status).toBe(403);
    });
  }

  if (operation.params) {
    // Mostly 404 or 400; a history of an unknown payment is empty (200). Whatever it is, the document must allow it.
    it('made-up ids in the path: an answer the document allows, not a fault', async () => {
      const { path, json } = placeholderRequest(operation);
      const { status } = await send(operation, path!, { cookie: users[PERMITTED[operation.access] as Role]?.cookie, json }, false);
      expect(status).toBeLessThan(500);
    });
  }

  // Not an id, a page, a date or a status of the set; a sign-up link's token that was never sent (alone, and with a
  // callbackURL that is not the portal's).
  const querySets = new Set([operation.query.required, operation.query.all].filter((n) => n.length > 0).map((n) => n.join(', ')));
  for (const names of querySets) {
    it(`made-up values of ${names}: an answer the document allows, not a fault`, async () => {
      const { path, options } = await validRequest(operation);
      const query = names
        .split(', ')
        .map((name) => `${name}=made-up`)
        .join('&');
      const { status } = await send(operation, `${path.split('?')[0]}?${query}`, options, false);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    });
  }

  if (operation.write) {
    it('from another site: 403 before anything else', async () => {
      const { path } = placeholderRequest(operation);
      const { status, body } = await send(operation, path!, { origin: FOREIGN_ORIGIN, cookie: users.admin.cookie, json: {} }, false);
      expect(status).toBe(403);
      expect(body).toEqual({
        error: { code: 'FORBIDDEN', message: `Requests from other sites are not allowed: open the portal at ${TEST_APP_URL}` },
      });
    });

    it('a body over the cap: 413', async () => {
      const { path } = placeholderRequest(operation);
      const json = { padding: 'x'.repeat(BODY_LIMIT_BYTES) };
      const { status, body } = await send(operation, path!, { cookie: users.admin.cookie, json }, false);
      expect(status).toBe(413);
      expect(body?.error?.code).toBe('PAYLOAD_TOO_LARGE');
    });
  }

  if (operation.jsonBody) {
    it('a body that is not JSON: 415', async () => {
      const { path, options } = await validRequest(operation);
      const request = { ...options, json: undefined, body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      expect((await send(operation, path, request, false)).status).toBe(415);
    });

    // The webhook reads its raw body only once card payments are on; this app has none, so it answers 404 first.
    const refusal = operation.key === 'POST /api/payments/webhook' ? 404 : 400;
    it(`a body that is not valid JSON: ${refusal}`, async () => {
      const { path, options } = await validRequest(operation);
      const request = { ...options, json: undefined, body: '{"broken', headers: { 'content-type': 'application/json' } };
      expect((await send(operation, path, request, false)).status).toBe(refusal);
    });

    it(`a JSON body of the wrong type: ${refusal}`, async () => {
      const { path, options } = await validRequest(operation);
      expect((await send(operation, path, { ...options, json: 42 }, false)).status).toBe(refusal);
    });
  }
});

describe('the walk', () => {
  it('sent every operation of the document a valid request and an invalid one', () => {
    expect(operations.length).toBeGreaterThan(80);
    const short = operations
      .filter((o) => !seen.get(o.key)?.some((a) => a.valid) || !seen.get(o.key)?.some((a) => !a.valid))
      .map((o) => o.key);
    expect(short).toEqual([]);
  });
});

describe('the check against the document', () => {
  const check = documentContract(doc);
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  it('passes an answer the document allows', async () => {
    await check('GET', '/api/health', json({ status: 'ok', database: 'PGlite' }));
    await check('GET', '/api/auth/get-session', json(null));
    await check('DELETE', '/api/admin/courses/c1', new Response(null, { status: 204 }));
  });

  it('fails a status the operation does not document', async () => {
    await expect(check('GET', '/api/teams/mine', json({ error: { code: 'X', message: 'x' } }, 418))).rejects.toThrow(
      'GET /api/teams/mine answered 418, which the OpenAPI document does not allow',
    );
  });

  it('fails a body its schema does not allow', async () => {
    await expect(check('GET', '/api/health', json({ status: 5 }))).rejects.toThrow(
      /GET \/api\/health 200 is not what the OpenAPI document allows/,
    );
    await expect(check('GET', '/api/teams/mine', json(null))).rejects.toThrow(/not what the OpenAPI document allows/);
  });

  it('fails a content type the status does not document, and a body where none is declared', async () => {
    await expect(check('GET', '/api/admin/teams/export.csv', json([]))).rejects.toThrow(
      /is application\/json; the document allows text\/csv/,
    );
    const redirect = new Response('Moved', { status: 302, headers: { location: '/register' } });
    await expect(check('GET', '/api/auth/verify-email', redirect)).rejects.toThrow(/has a body; the document declares none/);
  });

  it('fails an answer without a header the document requires', async () => {
    const limited = json({ error: { code: 'RATE_LIMITED', message: 'Wait' } }, 429);
    await expect(check('POST', '/api/auth/sign-in/email', limited)).rejects.toThrow(/lacks the header Retry-After/);
    await check(
      'POST',
      '/api/auth/sign-in/email',
      json({ error: { code: 'RATE_LIMITED', message: 'Wait' } }, 429, { 'retry-after': '60' }),
    );
  });

  it('fails an answer outside every operation unless it is a refusal in the error shape', async () => {
    await check('GET', '/api/nowhere', json({ error: { code: 'NOT_FOUND', message: 'No API route' } }, 404));
    await expect(check('GET', '/api/nowhere', json({ ok: true }, 200))).rejects.toThrow(/not a refusal/);
    await expect(check('GET', '/api/nowhere', json({ missing: 'error' }, 404))).rejects.toThrow(/not what the OpenAPI document allows/);
  });
});
