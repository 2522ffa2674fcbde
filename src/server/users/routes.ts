// /api/admin/users: admins list, create, re-role and delete accounts (spec §7 admin-*-user; R8: admins only).
import { z } from '@hono/zod-openapi';
import { getActor } from '../http/context';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { changeRoleSchema, createUserSchema, listUsersQuerySchema } from '../../shared/user-schemas';
import { changeUserRole, createUserAsAdmin, deleteUser, listUsers } from './service';
import { adminUser, userPage } from './schemas';

const idParam = z.object({ id: z.string().min(1, 'User not found').max(100, 'User not found') });

export const userRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: 'One page (50) of users with their role and teams led, optionally those whose name or e-mail contains q',
      request: { query: listUsersQuerySchema },
      responses: {
        200: jsonResponse('OK', userPage),
      },
    }),
    async (c) => {
      return c.json(await listUsers(c.var.deps.database.db, c.req.valid('query')), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Create an account with a chosen permission; its e-mail counts as confirmed',
      request: { body: jsonBody(createUserSchema) },
      responses: { 201: jsonResponse('Created', z.object({ user: adminUser })), 409: errorResponse('The e-mail is taken') },
    }),
    async (c) => c.json({ user: await createUserAsAdmin(c.var.deps.database.db, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'patch',
      path: '/{id}/role',
      access: 'admin',
      summary: "Change a user's role",
      description: 'Refused with 409 for your own admin role and for the last admin, checked under a lock on every admin row.',
      request: { params: idParam, body: jsonBody(changeRoleSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ user: adminUser })),
        404: errorResponse('No such user'),
        409: errorResponse('Your own admin role, or the last admin'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      return c.json(
        { user: await changeUserRole(c.var.deps.database.db, actor.userId, c.req.valid('param').id, c.req.valid('json')) },
        200,
      );
    },
  )
  .openapi(
    ...deleteRoute({
      path: '/{id}',
      access: 'admin',
      summary: 'Delete a user with their profile and sessions',
      description: 'Refused with 409 for yourself, for the last admin, and for a user who leads teams (delete the teams first).',
      params: idParam,
      refusals: { 404: errorResponse('No such user'), 409: errorResponse('Yourself, the last admin, or a user who leads teams') },
      remove: async (c, { id }) => deleteUser(c.var.deps.database.db, (await getActor(c)).userId, id),
    }),
  );
