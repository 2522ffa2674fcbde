// What a browser does with Set-Cookie, reduced to what the tests need: keep, replace and clear cookies by name.

export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
  /** Max-Age=0, or an Expires in the past, or an empty value: the browser drops the cookie. */
  cleared: boolean;
}

export function parseSetCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    const attributes = new Map<string, string>();
    for (const attribute of rest) {
      const [key = '', ...value] = attribute.trim().split('=');
      attributes.set(key.toLowerCase(), value.join('='));
    }
    const value = pair.slice(eq + 1).trim();
    const expires = attributes.get('expires');
    const cleared = attributes.get('max-age') === '0' || value === '' || (expires !== undefined && Date.parse(expires) <= Date.now());
    return { name: pair.slice(0, eq).trim(), value, attributes, cleared };
  });
}

/** The Cookie header a browser would send after `response`, given the one it sent before. */
export function applySetCookies(cookieHeader: string, response: Response): string {
  const jar = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const cookie of parseSetCookies(response)) {
    if (cookie.cleared) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Only the named cookies of a Cookie header (e.g. the session token without the cached session copy). */
export function pickCookies(cookieHeader: string, names: (name: string) => boolean): string {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && names(part.slice(0, part.indexOf('='))))
    .join('; ');
}
