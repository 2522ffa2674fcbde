// The API document tells the truth: each operation's access rule as a security requirement and `x-access`, an operationId
// on every operation, a server, and the refusals the routes really give, checked against real answers; and Redocly's
// recommended rules pass with no error (run here, so CI runs it with the unit suite).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { deriveOperationId } from './openapi-document';

type Op = {
  operationId?: string;
  'x-access': string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
};
type Doc = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
};

let t: TestApp;
let doc: Doc;
let ops: { key: string; op: Op }[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await (await t.request('/api/openapi.json')).json()) as Doc;
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it('names a server and the session cookie as the security scheme', () => {
    expect(doc.servers).toEqual([{ url: t.config.appUrl, description: expect.any(String) }]);
    expect(doc.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: expect.any(String) },
    });
  });

  it('gives every operation a unique operationId', () => {
    const ids = ops.map(({ op }) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(deriveOperationId('get', '/api/admin/teams/{id}/notes')).toBe('getAdminTeamsByIdNotes');
  });

  it('states the access rule as a security requirement and as x-access on every operation', () => {
    for (const { key, op } of ops) {
      expect(['public', 'signed-in', 'staff', 'admin', 'scorer-for-tournament', 'checkin-for-tournament'], key).toContain(op['x-access']);
      expect(op.security, key).toEqual(op['x-access'] === 'public' ? [] : [{ session: [] }]);
      if (op['x-access'] !== 'public') expect(Object.keys(op.responses), key).toContain('401');
      if (op['x-access'] !== 'public' && op['x-access'] !== 'signed-in') expect(Object.keys(op.responses), key).toContain('403');
    }
  });

  it('documents what app.ts answers on every operation it applies to: 403 (origin) and 413 on writes, 500 on all', () => {
    const writes = ops.filter(({ key }) => !key.startsWith('GET '));
    expect(writes.length).toBeGreaterThan(30);
    for (const { key, op } of writes) expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['400', '403', '413', '500']));
    for (const { key, op } of ops) expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['400', '500']));
    // A route's own 403 keeps its words and gains the origin check's.
    const own = doc.paths['/api/teams/{id}']!.put!.responses['403'] as { description: string };
    expect(own.description).toBe(
      'Not your team, or editing is locked. Or: The request comes from another site (a foreign Origin, or Sec-Fetch-Site: cross-site).',
    );
  });

  it('documents 415 on every route that takes a JSON body, and 429 with Retry-After on the limited ones', () => {
    const withBody = ops.filter(({ op }) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const { key, op } of withBody) expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['400', '413', '415']));
    for (const { key, op } of ops.filter(({ op }) => op.responses['429'])) {
      expect((op.responses['429'] as { headers?: Record<string, { required: boolean }> }).headers?.['Retry-After']?.required, key).toBe(
        true,
      );
    }
    for (const key of [
      'POST /api/auth/sign-in/email',
      'POST /api/account/sign-up',
      'POST /api/auth/request-password-reset',
      'POST /api/auth/change-password',
    ]) {
      expect(Object.keys(ops.find((o) => o.key === key)!.op.responses), key).toContain('429');
    }
  });
});

describe('the documented refusals are what the routes answer', () => {
  it('415 for a body that is not JSON, changing nothing', async () => {
    const leader = await t.createUser();
    const { status, body } = await t.call('/api/account/profile', {
      method: 'PUT',
      cookie: leader.cookie,
      body: 'firstName=Eve&lastName=Text',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(status).toBe(415);
    expect(body).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be JSON (Content-Type: application/json)' },
    });
    expect((await t.call('/api/account/me', { cookie: leader.cookie })).body.me.profile.firstName).toBe(leader.firstName);
  });

  it('413 for a body over the limit', async () => {
    const { status, body } = await t.call('/api/account/sign-up', { json: { firstName: 'x'.repeat(BODY_LIMIT_BYTES + 10) } });
    expect(status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('401 for a documented signed-in route without a session', async () => {
    expect((await t.call('/api/auth/change-password', { json: { currentPassword: 'a', newPassword: 'b' } })).status).toBe(401);
  });
});

describe("Redocly's recommended rules", () => {
  it('pass with no error', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'golf-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc, null, 1));
      const cli = resolve('node_modules/@redocly/cli/bin/cli.js');
      const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 20 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
