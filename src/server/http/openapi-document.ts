// The API document (/api/openapi.json) as the routes declare it, completed with what every operation shares: the cookie
// session as a security requirement per its access rule, an operationId (derived from method and path where a route names
// none, so routes keep declaring nothing new), the server, and the answers app.ts's shared middleware gives before or
// after any route's own code (sharedAnswers), so that no route can forget one (docs/decisions/066). The answers of the
// guards defineRoute installs (400, 401/403 by access rule, 415) are declared by defineRoute itself.
import type { Access } from '../../shared/roles';
import type { Config } from '../config';

type ResponseObject = { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };
type Operation = Record<string, unknown> & {
  operationId?: string;
  'x-access'?: Access;
  security?: Record<string, string[]>[];
  responses?: Record<string, ResponseObject>;
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

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * What app.ts answers on its own, for every operation it applies to. `writes`: every method but GET, HEAD and OPTIONS (the
 * origin check and the body cap run on them whatever the route declares).
 */
function sharedAnswers(bodyLimitBytes: number): { status: string; to: 'writes' | 'all'; description: string }[] {
  return [
    // app.ts: the origin check (CSRF), before any route.
    {
      status: '403',
      to: 'writes',
      description: 'The request comes from another site (a foreign Origin, or Sec-Fetch-Site: cross-site).',
    },
    // app.ts: bodyLimit, on any request body (a DELETE's too).
    { status: '413', to: 'writes', description: `The request body is larger than ${bodyLimitBytes / 1024} KB.` },
    // app.ts: onError, for a fault no route expected (logged with its code, never its message).
    { status: '500', to: 'all', description: 'Something went wrong on the server; try again.' },
  ];
}

/** Every 429 says when to try again in Retry-After (auth/routes.ts `rateLimited`). */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer', minimum: 1 } },
};

/** The first segment after /api (and after /api/admin): the operation's group in the document. */
function tagOf(path: string): string {
  const [first, second] = path.replace(/^\/api\//, '').split('/');
  return first === 'admin' && second ? `admin ${second}` : (first ?? 'api');
}

/**
 * Adds `answer` to `responses`: a status the route already declares (a 403 'Not your team') keeps its content and says both.
 */
function addAnswer(responses: Record<string, ResponseObject>, status: string, answer: ResponseObject): void {
  const declared = responses[status];
  responses[status] = declared
    ? { ...answer, ...declared, description: `${declared.description.replace(/\.?$/, '.')} Or: ${answer.description}` }
    : answer;
}

export function completeDocument(
  document: Document,
  config: Pick<Config, 'appUrl' | 'secure'>,
  { bodyLimitBytes }: { bodyLimitBytes: number },
): Document {
  const cookieName = `${config.secure ? '__Secure-' : ''}better-auth.session_token`;
  if (!(document.components?.schemas as Record<string, unknown> | undefined)?.Error) {
    throw new Error('The document has no Error schema (define-route.ts errorSchema), which its shared answers name');
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const shared = sharedAnswers(bodyLimitBytes);
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
      const responses = (operation.responses ??= {});
      for (const answer of shared) {
        if (answer.to === 'writes' && !WRITES.has(method)) continue;
        addAnswer(responses, answer.status, { description: answer.description, content: errorContent });
      }
      if (responses['429']) responses['429'] = { ...responses['429'], headers: { ...responses['429'].headers, ...RETRY_AFTER } };
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
