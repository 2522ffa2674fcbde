// Routes are declared once, with zod schemas and an access rule: the guard and the OpenAPI entry both come from here.
import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { isStaff, isVolunteerAccess, roleMeets, VOLUNTEER_ACCESS_ROLE, type Access, type Role } from '../../shared/roles';
import { localDate } from '../../shared/editing-lock';
import { VOLUNTEER_MESSAGES } from '../../shared/volunteer-schemas';
import { volunteerGrantState, type TournamentRef } from '../volunteers/grant-check';
import { AppError, forbidden, unauthenticated, validationError } from './errors';
import { NUL_MESSAGE, nulPaths } from './nul';
import { getFreshViewer, getViewer, type AppEnv } from './context';

export const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  'signed-in': 'Any signed-in user (team leader, moderator or admin).',
  staff: 'Moderators and admins (tournament-day staff).',
  admin: 'Admins only.',
  'scorer-for-tournament': "Staff, and a scorer volunteer of the request's tournament while their access lasts (R60).",
  'checkin-for-tournament': "Staff, and a check-in volunteer of the request's tournament while their access lasts (R60).",
};

/**
 * Where a tournament-scoped route (R60) finds the tournament its request names (a query's id, or a subquery from a path's
 * team or golfer, read with the grant): null for one that is malformed, and an unknown one matches no grant; no volunteer
 * may reach either (staff then get the route's own 404).
 */
export type TournamentOf = (c: Context<AppEnv>) => TournamentRef | null | Promise<TournamentRef | null>;

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

/** A JSON body of `schema`, for a route's `request.body`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

/** A JSON answer of `schema`: the handler's `c.json(body, status)` is checked against it at compile time. */
export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * A refusal (4xx/5xx) in the one error shape. Declare every error answer a route documents with it, never as a bare
 * `{ description }`: one response without content makes @hono/zod-openapi accept any `Response` from the handler, and the
 * compile-time check of its answers is lost.
 */
export const errorResponse = (description: string) => jsonResponse(description, errorSchema);

/**
 * The guard every route runs before its handler. Staff and admin checks read the role fresh from the database. A
 * tournament-scoped kind (R60) lets staff through, and a volunteer whose grant for the request's tournament is live now
 * (read from the database on every request: an end holds at once in every process, docs/decisions/115); `teamLeaders`
 * lets any other signed-in caller on to the route's own check of the team they lead.
 */
export function requireAccess(access: Access, scope?: { tournamentOf: TournamentOf; teamLeaders?: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access === 'public') return next();
    const viewer = await getViewer(c);
    // Refusals are logged where every error ends (app.ts onError), with the caller.
    if (!viewer) throw unauthenticated();
    let role: Role = viewer.role;
    if (access === 'staff' || access === 'admin') {
      role = (await getFreshViewer(c))?.role ?? 'team_leader';
    }
    if (isVolunteerAccess(access) && !isStaff(role)) {
      if (!scope) throw new Error(`A ${access} route needs tournamentOf`);
      const { database, now, config } = c.var.deps;
      const tournament = await scope.tournamentOf(c);
      const grant = tournament
        ? await volunteerGrantState(database.db, {
            userId: viewer.userId,
            tournament,
            role: VOLUNTEER_ACCESS_ROLE[access],
            today: localDate(now(), config.timeZone),
          })
        : { state: 'none' as const };
      if (grant.state === 'live') {
        c.set('volunteerFor', grant.tournamentId);
        return next();
      }
      if (scope.teamLeaders) return next();
      if (grant.state === 'over') throw new AppError('FORBIDDEN', VOLUNTEER_MESSAGES.ended);
      throw forbidden();
    }
    if (!roleMeets(role, access)) throw forbidden();
    return next();
  };
}

/**
 * A JSON answer already serialized (a cached board's bytes): `value` is what the bytes hold, so the handler's answer is still
 * checked against the route's schema as `c.json(value, 200)` would be.
 */
export function serializedJson<T>(c: Context, value: T, bytes: Uint8Array, headers: Record<string, string> = {}) {
  void value;
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json', ...headers }) as unknown as TypedResponse<
    JSONParsed<T>,
    200,
    'json'
  >;
}

/** A route that declared its writes change nothing a process caches: app.ts's barrier lets its answer go at once. */
const writesNoCachedData: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('writesCachedData', false);
  return next();
};

/** Answers that must not be kept by the browser or a proxy: every answer of the route, refusals included. */
const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  return next();
};

/**
 * A route with its access rule. `authorize` runs after the role guard and before the body is validated, for a check that
 * depends on the resource (whose team it is): a caller who may not touch it gets 403 whatever they send.
 * `noStore`: its answers carry `Cache-Control: no-store`; the default for every route but public ones, which may be
 * cached unless they say so (docs/decisions/060).
 * `writesCachedData`: whether what the route writes may be held in a process's cache (a session or user, a user's own
 * answers, the organisation's settings: the tables whose changes are sent on session-changes.ts's channel). By default it
 * may, and the write answers only after every process let go of it (app.ts, settle()); `false` is a promise that it writes
 * none of them, and the write answers at once (docs/decisions/125).
 */
export function defineRoute<const R extends Omit<RouteConfig, 'middleware'>>(
  config: R & {
    access: Access;
    authorize?: MiddlewareHandler<AppEnv>;
    noStore?: boolean;
    writesCachedData?: false;
    /** A tournament-scoped access kind's tournament (R60), and whether team leaders go on to the route's own check. */
    tournamentOf?: TournamentOf;
    teamLeaders?: boolean;
  },
) {
  const { access, authorize, noStore: noStoreOption, writesCachedData, tournamentOf, teamLeaders, ...rest } = config;
  if (isVolunteerAccess(access) && !tournamentOf) throw new Error(`${rest.method} ${rest.path}: a ${access} route needs tournamentOf`);
  if (writesCachedData === false && (rest.method === 'get' || rest.method === 'head'))
    throw new Error(`${rest.method} ${rest.path}: a read writes nothing (writesCachedData is for writes)`);
  const bodyContent = (rest.request?.body as { content?: Record<string, unknown> } | undefined)?.content;
  const jsonBody = Boolean(bodyContent?.['application/json']);
  const formBody = Boolean(bodyContent?.['multipart/form-data']);
  const responses = {
    ...rest.responses,
    400: errorResponse('The input is not valid (a rule, a NUL character, a body that is not JSON); `fields` names each bad field.'),
    ...(access === 'public' ? {} : { 401: errorResponse('No session, or a session that has ended.') }),
    ...(access === 'staff' || access === 'admin' || isVolunteerAccess(access)
      ? { 403: errorResponse('The role (or the volunteer access, R60) may not call this route.') }
      : {}),
    // 413 (the body cap), like the origin check's 403, is app.ts's: the document builder declares it on every write.
    ...(jsonBody ? { 415: errorResponse('The request body is not JSON (Content-Type must be application/json).') } : {}),
    ...(formBody ? { 415: errorResponse('The request body is not a form (Content-Type must be multipart/form-data).') } : {}),
  };
  const guards: MiddlewareHandler<AppEnv>[] = [
    // First, so that a refusal by a guard below answers without the barrier too (it wrote nothing).
    ...(writesCachedData === false ? [writesNoCachedData] : []),
    ...((noStoreOption ?? access !== 'public') ? [noStore] : []),
    requireAccess(access, tournamentOf ? { tournamentOf, teamLeaders } : undefined),
    ...(authorize ? [authorize] : []),
    refuseNulInUrl,
  ];
  if (jsonBody) guards.push(requireJsonBody);
  if (formBody) guards.push(requireFormBody);
  return createRoute({
    ...rest,
    responses,
    middleware: guards,
    description: `${rest.description ?? ''}\n\nAccess: ${ACCESS_DESCRIPTIONS[access]}`.trim(),
    'x-access': access,
    ...(teamLeaders ? { 'x-team-leaders': true } : {}),
  } as unknown as R);
}

/** A route's path in Hono's form ('/{id}' → '/:id'), so that the router's type keeps the literal path of a helper's route. */
type HonoPath<T extends string> = T extends `${infer Head}{${infer Param}}${infer Rest}` ? `${Head}:${Param}${HonoPath<Rest>}` : T;

/**
 * DELETE of one thing named in the path: `remove` deletes it (throwing AppError's 404 for none, 409 for one in use) and the
 * route answers 204 with no body. `refusals` documents those errors. Use it as `.openapi(...deleteRoute({ … }))`.
 */
export function deleteRoute<
  const P extends string,
  const Params extends z.ZodObject,
  const Refusals extends Record<number, object>,
>(config: {
  path: P;
  access: Access;
  summary: string;
  description?: string;
  params: Params;
  refusals: Refusals;
  remove: (c: Context<AppEnv>, params: z.output<Params>) => Promise<unknown>;
}) {
  const { params, refusals, remove, ...rest } = config;
  const route = defineRoute({
    ...rest,
    method: 'delete',
    request: { params },
    responses: { 204: { description: 'Deleted' }, ...refusals },
  });
  type Input = { in: { param: z.input<Params> }; out: { param: z.output<Params> } };
  const handler = async (c: Context<AppEnv, HonoPath<P>, Input>) => {
    await remove(c, c.req.valid('param'));
    return c.body(null, 204);
  };
  return [route, handler] as const;
}

/** A NUL (U+0000) in a path parameter or a query value is a 400 naming the field (PostgreSQL cannot store it). */
const refuseNulInUrl: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fields = [...nulPaths(c.req.param()), ...nulPaths(c.req.queries())].map((path) => path.replace(/\.\d+$/, ''));
  if (fields.length > 0) throw nulError(fields);
  return next();
};

/** A body sent with another content type than JSON is refused (415) rather than read as an empty object. */
const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type');
  if (type !== undefined && !/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)');
  }
  return next();
};

/** An upload sent with another content type than multipart/form-data is refused (415) rather than read as an empty form. */
const requireFormBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type');
  if (!type || !/^multipart\/form-data\b/i.test(type.trim())) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be a form (Content-Type: multipart/form-data)');
  }
  return next();
};

function nulError(paths: string[]): AppError {
  return new AppError('VALIDATION', NUL_MESSAGE, Object.fromEntries(paths.map((path) => [path, NUL_MESSAGE])));
}

/**
 * A router whose validation failures answer in the one error shape, with the first message per field; input that passes
 * its schema but carries a NUL character is refused the same way.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues);
      const paths = nulPaths(result.data);
      if (paths.length > 0) throw nulError(paths);
    },
  });
}
