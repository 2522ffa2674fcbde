// The guard every route runs (requireAccess), on probe routes of each access rule, independent of today's routes.
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../account/service';
import { user } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Access } from '../../shared/roles';
import type { AppEnv } from './context';
import { createRouter, defineRoute } from './define-route';
import { AppError } from './errors';

const ACCESSES: Access[] = ['public', 'signed-in', 'staff', 'admin'];

let t: TestApp;
let probe: OpenAPIHono<AppEnv>;
beforeAll(async () => {
  t = await createTestApp();
  const routes = createRouter();
  for (const access of ACCESSES) {
    routes.openapi(
      defineRoute({ method: 'get', path: `/${access}`, access, summary: `probe ${access}`, responses: { 200: { description: 'OK' } } }),
      (c) => c.json({ ok: true }, 200),
    );
  }
  probe = new OpenAPIHono<AppEnv>();
  probe.use('*', async (c, next) => {
    c.set('deps', t.deps);
    await next();
  });
  probe.route('/probe', routes);
  probe.onError((error, c) => (error instanceof AppError ? c.json(error.toBody(), error.status) : c.json({ error: String(error) }, 500)));
});
afterAll(() => t?.close());

const get = (access: Access, cookie?: string) =>
  probe.request(`http://localhost:3000/probe/${access}`, { headers: cookie ? { cookie } : {} });

describe('requireAccess', () => {
  it('lets each role through exactly per the rule', async () => {
    const callers = {
      anonymous: undefined,
      team_leader: (await t.createUser()).cookie,
      moderator: (await t.createUser('moderator')).cookie,
      admin: (await t.createUser('admin')).cookie,
    };
    const table: Record<string, number[]> = {};
    for (const [caller, cookie] of Object.entries(callers))
      table[caller] = await Promise.all(ACCESSES.map(async (a) => (await get(a, cookie)).status));
    expect(table).toEqual({
      anonymous: [200, 401, 401, 401],
      team_leader: [200, 200, 403, 403],
      moderator: [200, 200, 200, 403],
      admin: [200, 200, 200, 200],
    });
  });

  it('reads the role fresh for staff and admin routes: a demoted admin is refused at once, despite the cached session', async () => {
    const admin = await t.createUser('admin');
    expect((await get('admin', admin.cookie)).status).toBe(200);
    await setRole(t.db, admin.id, 'team_leader');
    // As the users route does before it answers (every write does, app.ts): on PostgreSQL the change reaches every process's cache by
    // NOTIFY, and settle() waits until it has (docs/decisions/065).
    await t.deps.sessions.settle();
    expect((await get('admin', admin.cookie)).status).toBe(403);
    expect((await get('staff', admin.cookie)).status).toBe(403);
    expect((await get('signed-in', admin.cookie)).status).toBe(200);
  });

  it('lets a promoted user through at once', async () => {
    const leader = await t.createUser();
    expect((await get('staff', leader.cookie)).status).toBe(403);
    await setRole(t.db, leader.id, 'moderator');
    await t.deps.sessions.settle();
    expect((await get('staff', leader.cookie)).status).toBe(200);
    expect((await get('admin', leader.cookie)).status).toBe(403);
  });

  it('refuses a deleted user at once: the session ended with the account (401), whatever cookies the browser still has', async () => {
    const moderator = await t.createUser('moderator');
    await t.db.delete(user).where(eq(user.id, moderator.id));
    await t.deps.sessions.settle();
    expect((await get('staff', moderator.cookie)).status).toBe(401);
    expect((await get('signed-in', moderator.cookie)).status).toBe(401);
  });

  it('answers refusals in the one error shape', async () => {
    expect(await (await get('signed-in')).json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'You must be signed in to do that' },
    });
    const leader = await t.createUser();
    expect(await (await get('admin', leader.cookie)).json()).toEqual({
      error: { code: 'FORBIDDEN', message: "You don't have permission to access this page" },
    });
  });
});

describe('defineRoute in the OpenAPI document', () => {
  it('states the access rule and the refusals each route can answer', () => {
    const doc = probe.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'probe', version: '1' } });
    const op = (access: Access) => (doc.paths?.[`/probe/${access}`] as Record<string, any>).get;
    for (const access of ACCESSES) {
      expect(op(access)['x-access']).toBe(access);
      expect(op(access).description).toMatch(/^Access: /);
      expect(Object.keys(op(access).responses)).toContain('400');
    }
    expect(Object.keys(op('public').responses)).not.toContain('401');
    expect(Object.keys(op('signed-in').responses)).toContain('401');
    expect(Object.keys(op('signed-in').responses)).not.toContain('403');
    expect(Object.keys(op('staff').responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(Object.keys(op('admin').responses)).toEqual(expect.arrayContaining(['401', '403']));
  });
});

describe('writesCachedData: a route declares whether what it writes may be cached by a process (decision 125)', () => {
  const writes = (writesCachedData?: false) => {
    const routes = createRouter().openapi(
      defineRoute({
        method: 'post',
        path: '/write',
        access: 'public',
        ...(writesCachedData === false ? { writesCachedData } : {}),
        summary: 'probe write',
        responses: { 200: { description: 'OK' } },
      }),
      // What app.ts's barrier reads once the handler is done.
      (c) => c.json({ writesCachedData: c.get('writesCachedData') ?? 'undeclared' }, 200),
    );
    const app = new OpenAPIHono<AppEnv>().route('/probe', routes);
    return async () => (await app.request('http://localhost:3000/probe/write', { method: 'POST' })).json();
  };

  it('leaves a write to the barrier unless it says otherwise; one that says so is let go by it', async () => {
    expect(await writes()()).toEqual({ writesCachedData: 'undeclared' });
    expect(await writes(false)()).toEqual({ writesCachedData: false });
  });

  it('is refused on a read, which has no barrier to skip', () => {
    expect(() =>
      defineRoute({
        method: 'get',
        path: '/read',
        access: 'public',
        writesCachedData: false,
        summary: 'probe',
        responses: { 200: { description: 'OK' } },
      }),
    ).toThrow(/writesCachedData is for writes/);
  });
});
