// The API document (/api/openapi.json) as the routes declare it, completed with what every operation shares: the cookie
// session as a security requirement per its access rule, an operationId (derived from method and path where a route names
// none, so routes keep declaring nothing new), the server, and the answers the middleware gives (429 where limited).
import type { Access } from '../../shared/roles';
import type { Config } from '../config';

type Operation = Record<string, unknown> & {
  operationId?: string;
  'x-access'?: Access;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  tags?: string[];
};
type Document = Record<string, unknown> & { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `get /api/admin/teams/{id}/notes` → `getAdminTeamsByIdNotes`. */
export function deriveOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const text = param ? `by-${param[1]}` : segment;
      return text
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('');
    });
  return method.toLowerCase() + (words.join('') || 'Root');
}

/** The first segment after /api (and after /api/admin): the operation's group in the document. */
function tagOf(path: string): string {
  const [first, second] = path.replace(/^\/api\//, '').split('/');
  return first === 'admin' && second ? `admin ${second}` : (first ?? 'api');
}

export function completeDocument(document: Document, config: Pick<Config, 'appUrl' | 'secure'>): Document {
  const cookieName = `${config.secure ? '__Secure-' : ''}better-auth.session_token`;
  const used = new Set<string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      let id = operation.operationId ?? deriveOperationId(method, path);
      for (let n = 2; used.has(id); n++) id = `${operation.operationId ?? deriveOperationId(method, path)}${n}`;
      used.add(id);
      operation.operationId = id;
      const access = operation['x-access'] ?? 'public';
      // Public: no requirement (an empty list overrides none, and says so); otherwise the session cookie.
      operation.security = access === 'public' ? [] : [{ session: [] }];
      operation.tags ??= [tagOf(path)];
      for (const tag of operation.tags) tags.add(tag);
    }
  }
  document.servers = [{ url: config.appUrl, description: 'This portal (the API is under /api)' }];
  document.tags = [...tags].sort().map((name) => ({ name, description: `Routes under /api/${name.replace(' ', '/')}` }));
  document.components = {
    ...document.components,
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: cookieName,
        description: 'The session cookie set by POST /api/auth/sign-in/email (HttpOnly, SameSite=Lax; kept in the database).',
      },
    },
  };
  return document;
}
