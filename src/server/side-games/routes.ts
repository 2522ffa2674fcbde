// /api/side-games/{tournamentId}: what staff enter contest winners with (R44), the organiser's settings (admin), a winner.
import { z } from '@hono/zod-openapi';
import { getActor } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { CONTESTS } from '../../shared/contests';
import { contestResultSchema, sideGameSettingsSchema } from '../../shared/side-games';
import { SKINS_MODES } from '../../shared/skins';
import { saveContestResult, saveSideGameSettings, sideGamesForStaff } from './service';
import { tournamentParam } from '../http/path-params';

const settings = z
  .object({ skins: z.enum(SKINS_MODES), closestToPinHoles: z.array(z.number()), longestDriveHoles: z.array(z.number()) })
  .openapi('SideGameSettings');
const result = z
  .object({
    contest: z.enum(CONTESTS),
    hole: z.number(),
    teamId: z.string(),
    playerId: z.string().nullable(),
    distance: z.number(),
    holeInOne: z.boolean(),
  })
  .openapi('ContestResult');

export const sideGameRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}',
      access: 'staff',
      summary: 'The side games of a tournament: settings, the teams with their golfers, and the contest winners entered',
      request: { params: tournamentParam },
      responses: {
        200: jsonResponse(
          'OK',
          z
            .object({
              tournament: z.object({ id: z.string(), name: z.string() }),
              holeCount: z.number(),
              settings,
              teams: z.array(
                z.object({ id: z.string(), name: z.string(), players: z.array(z.object({ id: z.string(), name: z.string() })) }),
              ),
              results: z.array(result),
            })
            .openapi('SideGamesForStaff'),
        ),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => c.json(await sideGamesForStaff(c.var.deps.database.db, c.req.valid('param').tournamentId), 200),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{tournamentId}/settings',
      access: 'admin',
      summary: 'Choose skins (off, gross or net) and the closest-to-the-pin and longest-drive holes',
      request: { params: tournamentParam, body: jsonBody(sideGameSettingsSchema) },
      responses: { 200: jsonResponse('Saved', settings), 404: errorResponse('No such tournament') },
    }),
    async (c) => c.json(await saveSideGameSettings(c.var.deps.database.db, c.req.valid('param').tournamentId, c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{tournamentId}/results',
      access: 'staff',
      summary: "Record a contest hole's winner (team, golfer, distance; a hole in one): replaces the one entered before",
      request: { params: tournamentParam, body: jsonBody(contestResultSchema) },
      responses: { 200: jsonResponse('Saved', result), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      const actor = await getActor(c);
      return c.json(
        await saveContestResult(c.var.deps.database.db, c.req.valid('param').tournamentId, c.req.valid('json'), actor.userId),
        200,
      );
    },
  );
