// Every answer a test receives through the test app is checked twice, and fails the test that met it:
// 1. against the OpenAPI document the app serves (/api/openapi.json), as an outside client reads it: the status must be one
//    the operation documents, with a documented content type, its required headers, and a JSON body valid against the
//    document's schema for that status (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it). An /api answer outside every
//    operation (the catch-all 404, a refusal before routing) must be a refusal in the one error shape (docs/decisions/066);
// 2. a JSON answer against the zod schema its route declares (the one the document and the client's types come from,
//    docs/decisions/060): a field the schema lacks, a missing one, or a wrong type or nullability.
// Test-only: the server does not validate its own answers at run time. OPENAPI_ANSWER_LOG=<file> appends one line per
// answer checked against the document (`METHOD path status`), for counting.
import { appendFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ZodType } from 'zod';

interface Matched<R> {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: R;
}

/** A matcher for `{param}`-style paths; a literal segment wins over a parameter (/api/teams/mine before /api/teams/{id}). */
function matcher<R>(entries: { method: string; path: string; responses: R }[]): (method: string, path: string) => Matched<R> | undefined {
  const routes = entries
    .map(({ method, path, responses }) => {
      const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
      return {
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${escaped}/?$`),
        params: (path.match(/\{/g) ?? []).length,
        responses,
      };
    })
    .sort((a, b) => a.params - b.params);
  return (method, path) => routes.find((r) => r.method === method && r.pattern.test(path));
}

/** Where `answer` has a field `parsed` (the schema's output, unknown keys stripped) does not. */
function extraFields(answer: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed)) return answer.flatMap((item, i) => extraFields(item, parsed[i], `${at}.${i}`));
  if (answer && typeof answer === 'object' && parsed && typeof parsed === 'object') {
    return Object.entries(answer).flatMap(([key, value]) =>
      key in parsed ? extraFields(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key}`.slice(1)],
    );
  }
  return [];
}

async function bodyText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  return (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

const isJson = (media: string) => /^application\/([\w.+-]+\+)?json$/.test(media);

type RouteResponses = Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;

/** The zod check (2. above), from the app's OpenAPI registry. */
function zodContract(app: OpenAPIHono<any, any, any>) {
  let find: ReturnType<typeof matcher<RouteResponses>> | undefined;
  return async (method: string, path: string, response: Response): Promise<void> => {
    if (!response.headers.get('content-type')?.includes('application/json')) return;
    find ??= matcher(
      app.openAPIRegistry.definitions.flatMap((d) =>
        d.type === 'route' ? [{ method: d.route.method, path: d.route.path, responses: d.route.responses as RouteResponses }] : [],
      ),
    );
    const route = find(method, path);
    const schema = route?.responses[String(response.status)]?.content?.['application/json']?.schema as ZodType | undefined;
    if (!route || !schema) return;
    const text = await bodyText(response);
    if (!text) return;
    const body = JSON.parse(text) as unknown;
    const result = schema.safeParse(body);
    const where = `${method} ${route.path} ${response.status}`;
    if (!result.success) {
      const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      throw new Error(`The answer of ${where} does not match its declared schema: ${issues}`);
    }
    const extra = extraFields(body, result.data);
    if (extra.length > 0) throw new Error(`The answer of ${where} has fields its declared schema lacks: ${extra.slice(0, 10).join(', ')}`);
  };
}

interface DocumentResponse {
  description: string;
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { required?: boolean }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, DocumentResponse> }>>;
  components: Record<string, unknown>;
}

const DOCUMENT_ID = 'https://portal.invalid/api/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** A JSON pointer segment inside a URI fragment. */
const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** The document check (1. above) for one document: throws naming what the document does not allow. */
export function documentContract(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false, allowUnionTypes: true });
  addFormats(ajv);
  // The document's own members, which the schemas' $refs point into (#/components/schemas/…); not schema keywords.
  for (const keyword of ['components', 'paths']) ajv.addKeyword({ keyword });
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components, paths: document.paths });
  const validators = new Map<string, ValidateFunction>();
  const validator = (ref: string) => {
    let validate = validators.get(ref);
    if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${ref}` })));
    return validate;
  };
  const find = matcher(
    Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ method: m, path, responses: item[m]!.responses })),
    ),
  );
  const failValidation = (where: string, validate: ValidateFunction) => {
    throw new Error(
      `The answer of ${where} is not what the OpenAPI document allows: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`,
    );
  };

  return async function check(method: string, path: string, response: Response): Promise<void> {
    const status = String(response.status);
    const operation = find(method === 'HEAD' ? 'GET' : method, path);
    if (!operation) {
      // Not an operation: the catch-all's 404, or app.ts refusing before any route (origin, body cap). A refusal, in the one
      // error shape.
      const where = `${method} ${path} (no operation in the document) ${status}`;
      if (response.status < 400) throw new Error(`The answer of ${where} is not a refusal, and the document has no such operation`);
      const validate = validator('/components/schemas/Error');
      if (!validate(JSON.parse(await bodyText(response)))) failValidation(where, validate);
      return;
    }
    const where = `${method} ${operation.path} ${status}`;
    const declared = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!declared) {
      throw new Error(
        `${method} ${operation.path} answered ${status}, which the OpenAPI document does not allow (it documents ${Object.keys(operation.responses).join(', ')})`,
      );
    }
    if (process.env.OPENAPI_ANSWER_LOG) appendFileSync(process.env.OPENAPI_ANSWER_LOG, `${method} ${operation.path} ${status}\n`);
    const missing = Object.entries(declared.headers ?? {}).filter(([name, header]) => header.required && !response.headers.has(name));
    if (missing.length > 0) throw new Error(`The answer of ${where} lacks the header ${missing.map(([name]) => name).join(', ')}`);
    const mediaTypes = Object.keys(declared.content ?? {});
    const media = response.headers.get('content-type')?.split(';')[0]!.trim().toLowerCase();
    if (mediaTypes.length === 0) {
      // A bare answer (204, 302): no body.
      if (response.body !== null && (await bodyText(response)) !== '')
        throw new Error(`The answer of ${where} has a body; the document declares none`);
      return;
    }
    if (method === 'HEAD') return;
    if (!media || !mediaTypes.includes(media)) {
      throw new Error(`The answer of ${where} is ${media ?? 'without a Content-Type'}; the document allows ${mediaTypes.join(', ')}`);
    }
    // CSV and the event stream are text (the document's schema: a string); a stream is never read here.
    if (!isJson(media)) return;
    const validate = validator(
      ['', 'paths', operation.path, method.toLowerCase(), 'responses', status, 'content', media, 'schema'].map(pointer).join('/'),
    );
    if (!validate(JSON.parse(await bodyText(response)))) failValidation(where, validate);
  };
}

async function readDocument(app: OpenAPIHono<any, any, any>) {
  const answer = await app.request('http://localhost/api/openapi.json');
  return documentContract((await answer.json()) as OpenApiDocument);
}

/** Both checks for an app: its document is read from it once, on the first answer. */
export function responseContract(app: OpenAPIHono<any, any, any>) {
  let byDocument: Promise<ReturnType<typeof documentContract>> | undefined;
  const byZod = zodContract(app);
  return async function check(method: string, url: string, response: Response): Promise<void> {
    const path = new URL(url).pathname;
    if (!path.startsWith('/api/') || path === '/api/openapi.json') return;
    byDocument ??= readDocument(app);
    const byDocumentCheck = await byDocument;
    await byDocumentCheck(method, path, response);
    await byZod(method, path, response);
  };
}
