// Every route of the OpenAPI document, called as anonymous, team leader, moderator and admin: permitted exactly per its
// x-access, refused with 401 (no session) or 403 (role) otherwise, and a refused call changes nothing (R8, R9).
// Routes added later are covered automatically; each needs a fixture in src/server/test/route-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMeets, type Access, type Role } from '../../shared/roles';
import { fingerprint } from '../test/db-fingerprint';
import { routeFixtures, type FixtureContext, type RouteRequest } from '../test/route-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const CALLERS = ['anonymous', 'team_leader', 'moderator', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

interface Operation {
  key: string;
  method: string;
  path: string;
  access: Access;
}

// The document is read once, before the tests are collected, so each route gets tests of its own.
const t: TestApp = await createTestApp();
const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-access'?: Access }>> };
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({
    key: `${m.toUpperCase()} ${path}`,
    method: m.toUpperCase(),
    path,
    access: item[m]!['x-access'] as Access,
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

function context(caller: Caller): FixtureContext {
  const user = caller === 'anonymous' ? null : users[caller];
  return { t, caller: user, users, owner: user ?? users.team_leader, freshCookie: async () => (user ? t.signIn(user.email) : undefined) };
}

/** A request for a route without a fixture: parameters filled with made-up ids, an empty JSON body. */
function placeholderRequest(operation: Operation): RouteRequest {
  const path = operation.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
  return operation.method === 'GET' || operation.method === 'DELETE' ? { path } : { path, json: {} };
}

/** Builds the route's request as the caller (seeding what it needs), and answers a function that sends it. */
async function prepare(operation: Operation, caller: Caller) {
  const fixture = routeFixtures[operation.key];
  const request = fixture?.request ? await fixture.request(context(caller)) : placeholderRequest(operation);
  const cookie = request.cookie ?? (caller === 'anonymous' ? undefined : users[caller].cookie);
  const options = { ...request, method: operation.method, cookie };
  if (fixture?.stream) {
    // A stream that stays open (Server-Sent Events): its status, then close it.
    return async () => {
      const response = await t.request(request.path ?? operation.path, options);
      await response.body?.cancel();
      return { status: response.status, body: null };
    };
  }
  return () => t.call(request.path ?? operation.path, options);
}

describe('the access matrix covers every route', () => {
  it('finds the routes in the OpenAPI document, each with an access rule', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) expect(['public', 'signed-in', 'staff', 'admin'], operation.key).toContain(operation.access);
  });

  it('has a fixture for every route (add missing ones to src/server/test/route-fixtures.ts)', () => {
    expect(operations.filter((o) => !routeFixtures[o.key]).map((o) => o.key)).toEqual([]);
  });

  it('has no fixture for a route that no longer exists', () => {
    const known = new Set(operations.map((o) => o.key));
    expect(Object.keys(routeFixtures).filter((key) => !known.has(key))).toEqual([]);
  });
});

describe.each(operations)('$key ($access)', (operation) => {
  for (const caller of CALLERS) {
    const allowed = roleMeets(caller === 'anonymous' ? null : caller, operation.access);
    if (allowed) {
      it(`${caller}: permitted`, async () => {
        const fixture = routeFixtures[operation.key];
        if (!fixture) throw new Error(`No access-matrix fixture for ${operation.key}: add one to src/server/test/route-fixtures.ts`);
        const { status, body } = await (await prepare(operation, caller))();
        expect(status, JSON.stringify(body)).toBe(fixture.expect);
      });
    } else {
      it(`${caller}: refused with ${caller === 'anonymous' ? 401 : 403}, changing nothing`, async () => {
        const send = await prepare(operation, caller);
        const before = await fingerprint(t.db);
        const { status, body } = await send();
        if (caller === 'anonymous') {
          expect(status).toBe(401);
          expect(body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be signed in to do that' } });
        } else {
          expect(status).toBe(403);
          expect(body).toEqual({ error: { code: 'FORBIDDEN', message: "You don't have permission to access this page" } });
        }
        expect(await fingerprint(t.db)).toEqual(before);
      });
    }
  }
});
