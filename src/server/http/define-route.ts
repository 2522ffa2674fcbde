// Routes are declared once, with zod schemas and an access rule: the guard and the OpenAPI entry both come from here.
import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { roleMeets, type Access, type Role } from '../../shared/roles';
import { forbidden, unauthenticated, validationError } from './errors';
import { getFreshViewer, getViewer, type AppEnv } from './context';

export const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  'signed-in': 'Any signed-in user (team leader, moderator or admin).',
  staff: 'Moderators and admins (tournament-day staff).',
  admin: 'Admins only.',
};

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

/** The guard every route runs before its handler. Staff and admin checks read the role fresh from the database. */
export function requireAccess(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access === 'public') return next();
    const viewer = await getViewer(c);
    // Refusals are logged where every error ends (app.ts onError), with the caller.
    if (!viewer) throw unauthenticated();
    let role: Role = viewer.role;
    if (access === 'staff' || access === 'admin') {
      role = (await getFreshViewer(c))?.role ?? 'team_leader';
    }
    if (!roleMeets(role, access)) throw forbidden();
    return next();
  };
}

/**
 * A route with its access rule. `authorize` runs after the role guard and before the body is validated, for a check that
 * depends on the resource (whose team it is): a caller who may not touch it gets 403 whatever they send.
 */
export function defineRoute<R extends Omit<RouteConfig, 'middleware'>>(config: R & { access: Access; authorize?: MiddlewareHandler<AppEnv> }) {
  const { access, authorize, ...rest } = config;
  const responses = {
    ...rest.responses,
    400: errorResponse('The input is not valid; `fields` names each bad field.'),
    ...(access === 'public' ? {} : { 401: errorResponse('No session.') }),
    ...(access === 'staff' || access === 'admin' ? { 403: errorResponse('The role may not call this route.') } : {}),
  };
  return createRoute({
    ...rest,
    responses,
    middleware: authorize ? [requireAccess(access), authorize] : [requireAccess(access)],
    description: `${rest.description ?? ''}\n\nAccess: ${ACCESS_DESCRIPTIONS[access]}`.trim(),
    'x-access': access,
  } as unknown as R);
}

/** A router whose validation failures answer in the one error shape, with the first message per field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      throw validationError(result.error.issues);
    },
  });
}
