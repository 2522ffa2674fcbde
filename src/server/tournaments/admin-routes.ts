// /api/admin/tournaments: admins list, create, edit and open or close tournaments (R8: admin only).
import { z } from '@hono/zod-openapi';
import { day, format } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { setActiveSchema, tournamentSchema } from '../../shared/tournament-schemas';
import { createTournament, getTournamentForAdmin, listTournamentsForAdmin, setTournamentActive, updateTournament } from './admin-service';
import { tournamentIdParam } from '../http/path-params';

const fields = {
  id: z.string(),
  name: z.string(),
  startDate: day,
  endDate: day.nullable(),
  active: z.boolean(),
  maxTeams: z.number().nullable(),
  courseId: z.string().nullable(),
  teamsRegistered: z.number(),
  /** R28, R29, R31. */
  format,
  bestBalls: z.number(),
  netScoring: z.boolean(),
  singleGroupHoles: z.array(z.number()),
  /** R40: the event page's texts (plain text). */
  cause: z.string(),
  schedule: z.array(z.string()),
  address: z.string(),
  /** R38: the fundraising goal in cents, or null. */
  goalCents: z.number().nullable(),
  /** R40: the event page's hero image, or null. */
  heroImageId: z.string().nullable(),
};
const listItem = z.object({ ...fields, courseName: z.string().nullable(), createdAt: z.string() }).openapi('AdminTournamentListItem');
const detail = z
  .object({
    ...fields,
    createdAt: z.string(),
    /** The hero image's 1280 px variant (the form's preview), or null. */
    heroImageUrl: z.string().nullable(),
    levels: z.array(
      z.object({
        id: z.string(),
        levelId: z.string(),
        name: z.string(),
        priceCents: z.number(),
        maxTeams: z.number(),
        /** R39: the value a team at this level receives, in cents. */
        fmvCents: z.number(),
        /** R43: the single place's price; null when the level sells whole teams only. */
        singlePriceCents: z.number().nullable(),
        /** R58: the early-bird price and its last day (TIME_ZONE); both null when none. */
        earlyPriceCents: z.number().nullable(),
        earlyUntil: z.string().nullable(),
        teamsRegistered: z.number(),
      }),
    ),
  })
  .openapi('AdminTournament');
const body = jsonBody(tournamentSchema);
const refusal = errorResponse(
  "Fewer places than teams already registered, a level with teams removed, or the format changed once scores exist ('Scores exist: the format can no longer change'); nothing saved",
);

export const adminTournamentRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: 'Every tournament, newest first, with its course and teams registered',
      // organisation: the name the event page shows (Admin → Settings), for the form's preview.
      responses: { 200: jsonResponse('OK', z.object({ tournaments: z.array(listItem), currency: z.string(), organisation: z.string() })) },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      return c.json(
        {
          tournaments: await listTournamentsForAdmin(database.db),
          currency: config.currency,
          organisation: (await c.var.deps.organisation.read()).name,
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}',
      access: 'admin',
      summary: 'One tournament with its course and offered sponsorship levels (price, places, teams registered)',
      request: { params: tournamentIdParam },
      responses: { 200: jsonResponse('OK', z.object({ tournament: detail })), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      return c.json({ tournament: await getTournamentForAdmin(c.var.deps.database.db, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Create a tournament with its course and offered levels (one transaction)',
      request: { body },
      responses: { 201: jsonResponse('Created', z.object({ tournament: detail })) },
    }),
    async (c) => c.json({ tournament: await createTournament(c.var.deps.database.db, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{id}',
      access: 'admin',
      summary: 'Save a tournament, its course and its offered levels (removed ones deleted, new ones added) in one transaction',
      description: "Takes the tournament's row lock first, as registrations do, so the registered counts it checks hold until it commits.",
      request: { params: tournamentIdParam, body },
      responses: {
        200: jsonResponse('Saved', z.object({ tournament: detail })),
        404: errorResponse('No such tournament'),
        409: refusal,
      },
    }),
    async (c) => c.json({ tournament: await updateTournament(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'patch',
      path: '/{id}/active',
      access: 'admin',
      summary: 'Open (active) or close a tournament for registration',
      request: { params: tournamentIdParam, body: jsonBody(setActiveSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ tournament: z.object({ id: z.string(), active: z.boolean() }) })),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) =>
      c.json({ tournament: await setTournamentActive(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json').active) }, 200),
  );
