// Every JSON answer a test receives is checked against the response schema its route declares (the one the OpenAPI
// document and the client's types come from, docs/decisions/060): a field the schema lacks, a missing one, or a wrong
// type or nullability fails the test that met it. Test-only: the server does not validate its own answers at run time.
import { gunzipSync } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodType } from 'zod';

interface DeclaredRoute {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
}

/** The routes of the app as its OpenAPI registry holds them (full paths, `{param}` style). */
function declaredRoutes(app: OpenAPIHono<any, any, any>): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, responses } = definition.route;
    const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    routes.push({
      method: method.toUpperCase(),
      path,
      pattern: new RegExp(`^${escaped}/?$`),
      params: (path.match(/\{/g) ?? []).length,
      responses: responses as DeclaredRoute['responses'],
    });
  }
  // A literal segment wins over a parameter (/api/leaderboard/events before /api/leaderboard/{tournamentId}).
  return routes.sort((a, b) => a.params - b.params);
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

export function responseContract(app: OpenAPIHono<any, any, any>) {
  let routes: DeclaredRoute[] | undefined;
  return async function check(method: string, url: string, response: Response): Promise<void> {
    if (!response.headers.get('content-type')?.includes('application/json')) return;
    const path = new URL(url).pathname;
    routes ??= declaredRoutes(app);
    const route = routes.find((r) => r.method === method && r.pattern.test(path));
    const schema = route?.responses[String(response.status)]?.content?.['application/json']?.schema as ZodType | undefined;
    if (!route || !schema) return;
    const bytes = Buffer.from(await response.clone().arrayBuffer());
    const text = (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
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
