// A NUL character (U+0000) in any text field of any route's body, query or path is a 400 naming the field, never a 500
// (PostgreSQL cannot store NUL in text). Generated from the OpenAPI document, like the access matrix: a route added later is
// covered as soon as it is declared, through its access-matrix fixture (a valid request, then one field made bad at a time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles';
import { routeFixtures, type FixtureContext, type RouteRequest } from '../test/route-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { hasNulCode, NUL_MESSAGE } from './nul';
import { sql } from 'drizzle-orm';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface OperationObject {
  'x-access': string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Doc = { paths: Record<string, Record<string, OperationObject>>; components?: { schemas?: Record<string, Schema> } };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const BAD = 'par\u0000tee';

const t: TestApp = await createTestApp();
const doc = (await (await t.request('/api/openapi.json')).json()) as Doc;

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]);
}

/** Dotted paths of every text field a body schema accepts (array items as index 0). */
function textFields(schema: Schema | undefined, path: string[] = [], depth = 0): string[] {
  const s = resolve(schema);
  if (!s || depth > 5) return [];
  const variants = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  if (variants.length) return [...new Set(variants.flatMap((v) => textFields(v, path, depth + 1)))];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string')) return [path.join('.')];
  if (types.includes('object') || s.properties)
    return Object.entries(s.properties ?? {}).flatMap(([k, v]) => textFields(v, [...path, k], depth + 1));
  if (types.includes('array')) return textFields(s.items, [...path, '0'], depth + 1);
  return [];
}

function withValue(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((key, i) => {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys.at(-1)!] = value;
  return copy;
}

interface Case {
  key: string;
  where: 'body' | 'query' | 'path';
  field: string;
}
const cases: Case[] = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const method of METHODS) {
    const op = item[method];
    if (!op) continue;
    const key = `${method.toUpperCase()} ${path}`;
    for (const p of op.parameters ?? []) if (p.in === 'query' || p.in === 'path') cases.push({ key, where: p.in, field: p.name });
    for (const field of textFields(op.requestBody?.content?.['application/json']?.schema))
      if (field) cases.push({ key, where: 'body', field });
  }
}

let admin: TestUser;
let users: Record<Role, TestUser>;
const prepared = new Map<string, RouteRequest>();
beforeAll(async () => {
  users = {
    team_leader: await t.createUser('team_leader'),
    moderator: await t.createUser('moderator'),
    admin: await t.createUser('admin'),
  };
  admin = users.admin;
});
afterAll(() => t.close());

/** The route's valid request as an admin (who may call every route), built once per route. */
async function validRequest(key: string): Promise<RouteRequest> {
  const known = prepared.get(key);
  if (known) return known;
  const fixture = routeFixtures[key];
  const ctx: FixtureContext = { t, caller: admin, users, owner: admin, freshCookie: () => t.signIn(admin.email) };
  const request = fixture?.request ? await fixture.request(ctx) : {};
  prepared.set(key, request);
  return request;
}

describe('the generated cases cover the document', () => {
  it('finds text fields in bodies, queries and paths', () => {
    expect(cases.filter((c) => c.where === 'body').length).toBeGreaterThan(20);
    expect(cases.filter((c) => c.where === 'query').length).toBeGreaterThan(3);
    expect(cases.filter((c) => c.where === 'path').length).toBeGreaterThan(10);
  });
});

describe('the NUL message itself', () => {
  it('names a body field that is otherwise valid, and saves nothing', async () => {
    const { status, body } = await t.call('/api/account/sign-up', {
      json: { firstName: BAD, lastName: 'Putter', email: 'nul-person@example.org', password: 'a fine long password' },
    });
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION', message: NUL_MESSAGE, fields: { firstName: NUL_MESSAGE } });
    expect(
      (await t.call('/api/auth/sign-in/email', { json: { email: 'nul-person@example.org', password: 'a fine long password' } })).status,
    ).toBe(401);
  });

  it('names a query field that is otherwise valid', async () => {
    const { status, body } = await t.call(`/api/admin/users?search=${encodeURIComponent(BAD)}`, { cookie: admin.cookie });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ search: NUL_MESSAGE });
  });

  it('recognises the database refusing a NUL that no schema saw, so the app answers 400 rather than 500', async () => {
    const error = await t.db.execute(sql`select ${BAD}::text as v`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(hasNulCode(error)).toBe(true);
    expect(hasNulCode(new Error('something else'))).toBe(false);
  });
});

describe.each(cases)('$key: NUL in $where field $field', ({ key, where, field }) => {
  it('answers 400 with a message for that field, never 500', async () => {
    const [method, template] = key.split(' ') as [string, string];
    const request = await validRequest(key);
    let path = request.path ?? template;
    let json = request.json;
    if (where === 'body') json = withValue(json, field, BAD);
    if (where === 'path') {
      // The fixture's path has the parameter filled in: put the bad value in its place in the route's template.
      const templateParts = template.split('/');
      const actual = path.split('?')[0]!.split('/');
      const index = templateParts.indexOf(`{${field}}`);
      actual[index] = encodeURIComponent(BAD);
      path = actual.join('/') + (path.includes('?') ? path.slice(path.indexOf('?')) : '');
    }
    if (where === 'query') {
      const url = new URL(path, 'http://x');
      url.searchParams.set(field, BAD);
      path = url.pathname + url.search;
    }
    const response = await t.request(path, {
      ...request,
      method,
      json: method === 'GET' || method === 'DELETE' ? undefined : (json ?? {}),
      cookie: request.cookie ?? admin.cookie,
    });
    const text = await response.text();
    expect(response.status, text).toBe(400);
    const body = JSON.parse(text) as { error: { code: string; fields?: Record<string, string> } };
    const top = field.split('.')[0]!;
    const named = Object.entries(body.error.fields ?? {}).filter(([k]) => k === field || k.split('.')[0] === top);
    expect(named.length, text).toBeGreaterThan(0);
    for (const [, message] of named) expect(message).toMatch(/\S/);
  });
});
