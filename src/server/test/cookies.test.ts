import { describe, expect, it } from 'vitest';
import { applySetCookies, parseSetCookies, pickCookies } from './cookies';

const response = (...cookies: string[]) => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { headers });
};

describe('cookie jar', () => {
  it('keeps set cookies and drops cleared ones, as a browser does', () => {
    const signedIn = applySetCookies('', response('a=1; Path=/; HttpOnly; SameSite=Lax', 'b=2; Max-Age=60'));
    expect(signedIn).toBe('a=1; b=2');
    const out = applySetCookies(signedIn, response('a=; Max-Age=0; Path=/', 'b=3'));
    expect(out).toBe('b=3');
    expect(applySetCookies(out, response('b=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT'))).toBe('');
  });

  it('reads attributes', () => {
    const [cookie] = parseSetCookies(response('s=v=w; Path=/; HttpOnly; SameSite=Lax; Max-Age=10'));
    expect(cookie).toMatchObject({ name: 's', value: 'v=w', cleared: false });
    expect(cookie!.attributes.get('samesite')).toBe('Lax');
    expect(cookie!.attributes.has('httponly')).toBe(true);
  });

  it('picks named cookies', () => {
    expect(pickCookies('x.session_token=1; x.session_data=2', (n) => n.endsWith('token'))).toBe('x.session_token=1');
  });
});
