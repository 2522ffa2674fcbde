import { describe, expect, it } from 'vitest';
import { isClientPath } from './client-paths';

describe('isClientPath: which paths the single-page app answers', () => {
  it.each([
    '/',
    '/register',
    '/auth',
    '/logout',
    '/leaderboard',
    '/admin',
    '/admin/',
    '/admin/login',
    '/admin/teams',
    '/admin/users',
    '/admin/tournaments/abc/scorecards',
    '/give',
    '/Give/',
    '/give/thanks',
    '/receipts/abc',
    '/statement',
    '/register/',
    '/register/scores/abc',
    '/register/payment',
    '/golfer/AbC-_0123456789abcdefghijklmnopqrstuvwxyzABCD',
  ])('%s is a page', (path) => expect(isClientPath(path)).toBe(true));

  it.each([
    '/nope',
    '/registers',
    '/administrator',
    '/api',
    '/api/health',
    '/assets/x.js',
    '/index.html',
    '/register/extra',
    '/register/scores',
    '/register/scores/a/b',
    '/golfer',
    '/golfer/a/b',
    '/admin/users/x',
    '/admin/nope',
    '/receipts',
    '/statement/2026',
    '',
  ])('%s is not a page', (path) => expect(isClientPath(path)).toBe(false));
});
