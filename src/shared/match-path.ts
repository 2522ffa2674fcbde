// How an address matches a route's pattern, as the portal's router (client/router) matches it: the router renders the page
// of the pattern that matches, and the server answers 200 for an address some page's pattern matches (client-paths.ts).

/** A path's segments, without empty ones: '/register/' and '/register' are the same page. */
export const segments = (path: string) => path.split('/').filter(Boolean);

interface PathMatch {
  params: Record<string, string>;
  /** The part of the address the pattern matched, before any `*`. */
  pathnameBase: string;
}

/**
 * Whether `pathname` matches `path` (`:name` one segment, a final `*` the rest; static segments case-insensitive); `end:
 * false` takes a prefix too.
 */
export function matchPath({ path, end = true }: { path: string; end?: boolean }, pathname: string): PathMatch | null {
  const pattern = segments(path);
  const parts = segments(pathname);
  const splat = pattern.at(-1) === '*';
  const fixed = splat ? pattern.slice(0, -1) : pattern;
  if (parts.length < fixed.length || (end && !splat && parts.length > fixed.length)) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of fixed.entries()) {
    const part = parts[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(part);
    else if (segment.toLowerCase() !== safeDecode(part).toLowerCase()) return null;
  }
  if (splat) params['*'] = parts.slice(fixed.length).map(safeDecode).join('/');
  return { params, pathnameBase: `/${parts.slice(0, fixed.length).join('/')}` };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
