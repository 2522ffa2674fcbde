import { describe, expect, it } from 'vitest';
import { fileApp } from '../test/file-app';

const t = await fileApp();

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const { status, body, response } = await t.call('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: t.database.kind });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
