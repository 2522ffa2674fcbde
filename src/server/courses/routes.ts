// /api/admin/courses: golf courses and the par of their holes, admins only (R8).
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { golfCourseSchema, holeParSchema, strokeIndexesSchema, TOTAL_HOLES } from '../../shared/course-schemas';
import { createCourse, deleteCourse, listCourses, listHoles, setHolePar, setStrokeIndexes, updateCourse } from './service';
import { courseIdParam } from '../http/path-params';
import { course, hole } from './schemas';

const courseBody = jsonBody(golfCourseSchema);
const holeMessage = `Hole number must be from 1 to ${TOTAL_HOLES.max}`;
const holeParams = courseIdParam.extend({
  holeNumber: z.coerce.number({ error: holeMessage }).int(holeMessage).min(1, holeMessage).max(TOTAL_HOLES.max, holeMessage),
});

export const courseRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: 'Every golf course by name, with its total par',
      responses: { 200: jsonResponse('OK', z.object({ courses: z.array(course) })) },
    }),
    async (c) => {
      return c.json({ courses: await listCourses(c.var.deps.database.db) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Create a golf course and its holes, each at par 4 (one transaction)',
      request: { body: courseBody },
      responses: { 201: jsonResponse('Created', z.object({ course })), 409: errorResponse('A course of that name exists') },
    }),
    async (c) => c.json({ course: await createCourse(c.var.deps.database.db, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{id}',
      access: 'admin',
      summary: "Change a course's name, description or total holes",
      description:
        'In one transaction: more holes adds the new ones at par 4, fewer removes the highest. Refused with 409 when a ' +
        'tournament on the course has starting holes or scores on a hole that would go.',
      request: { params: courseIdParam, body: courseBody },
      responses: {
        200: jsonResponse('Saved', z.object({ course })),
        404: errorResponse('No such course'),
        409: errorResponse('A course of that name exists, or the holes that would go are in use'),
      },
    }),
    async (c) => c.json({ course: await updateCourse(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/{id}',
      access: 'admin',
      summary: 'Delete a golf course and its holes',
      description: 'Refused with 409, naming the tournaments, while a tournament uses the course.',
      params: courseIdParam,
      refusals: { 404: errorResponse('No such course'), 409: errorResponse('A tournament uses the course') },
      remove: (c, { id }) => deleteCourse(c.var.deps.database.db, id),
    }),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}/holes',
      access: 'admin',
      summary: "A course's holes with their par, by number",
      request: { params: courseIdParam },
      responses: { 200: jsonResponse('OK', z.object({ holes: z.array(hole) })), 404: errorResponse('No such course') },
    }),
    async (c) => {
      return c.json({ holes: await listHoles(c.var.deps.database.db, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{id}/holes/{holeNumber}',
      access: 'admin',
      summary: "Set one hole's par (3 to 5)",
      request: { params: holeParams, body: jsonBody(holeParSchema) },
      responses: { 200: jsonResponse('Saved', z.object({ hole })), 404: errorResponse('No such course or hole') },
    }),
    async (c) => {
      const { id, holeNumber } = c.req.valid('param');
      return c.json({ hole: await setHolePar(c.var.deps.database.db, id, holeNumber, c.req.valid('json')) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{id}/stroke-indexes',
      access: 'admin',
      summary: "Set every hole's stroke index at once (R29): 1..holes each once, or none",
      request: { params: courseIdParam, body: jsonBody(strokeIndexesSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ holes: z.array(hole) })),
        400: errorResponse('Not one index per hole, each once'),
        404: errorResponse('No such course'),
      },
    }),
    async (c) => c.json({ holes: await setStrokeIndexes(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  );
