import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const { status, body, response } = await t.call('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: t.database.kind });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
