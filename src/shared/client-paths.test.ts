import { describe, expect, it } from 'vitest';
import { isClientPath, returnPath } from './client-paths';

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

describe('returnPath: where signing in goes on to', () => {
  it('is a page of the app, its path alone', () => {
    expect(returnPath('/auction/t1/lots/l1')).toBe('/auction/t1/lots/l1');
    expect(returnPath('/auction/t1/lots/l1?x=1#bid')).toBe('/auction/t1/lots/l1');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/auth', '/logout', '/nope', 'auction/t1'])(
    '%s goes nowhere but the own page',
    (next) => expect(returnPath(next)).toBeNull(),
  );
});
