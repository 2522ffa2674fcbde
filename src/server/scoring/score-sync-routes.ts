// Offline score entry under /api (R32): the phone's outbox sends each save here cell by cell, and staff read a
// team's score history. Whole-card saves stay on PUT /api/teams/:teamId/scores (routes.ts).
import { getActor } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { scoreChangesSchema } from '../../shared/score-sync';
import { changesResultSchema, historySchema } from './openapi-schemas';
import { mayScoreTeam } from './routes';
import { scorerOfTeam } from '../volunteers/route-scopes';
import { applyScoreChanges, getScoreHistory } from './score-sync';
import { teamParam } from '../http/path-params';

export const scoreSyncRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/teams/{teamId}/score-changes',
      ...scorerOfTeam,
      authorize: mayScoreTeam,
      summary: 'Apply the cells one scorer changed (R32): each only while it still holds the value it was changed from',
      description:
        "The team's leader or staff (R9), checked before the body. One transaction under the team's lock. A cell someone " +
        'else changed meanwhile is not written: it comes back in `conflicts` with both values. The same `idempotencyKey` ' +
        'again changes nothing and answers the conflicts of the first time (`replayed`). Every changed cell is kept in ' +
        '`score_events`; every open leaderboard of the tournament gets the new board.',
      request: { params: teamParam, body: jsonBody(scoreChangesSchema) },
      responses: {
        200: jsonResponse(
          'Applied (or applied before): the card as it is now, and the cells left for the scorer to choose',
          changesResultSchema,
        ),
        403: errorResponse('Not your team'),
        404: errorResponse('No such team'),
        409: errorResponse('The tournament has no golf course, or the key was used for another team'),
      },
    }),
    async (c) => {
      const { database, leaderboardFeed } = c.var.deps;
      const { tournamentId, changed, result } = await applyScoreChanges(
        database.db,
        await getActor(c),
        c.req.valid('param').teamId,
        c.req.valid('json'),
      );
      if (changed) leaderboardFeed.changed(tournamentId);
      return c.json(result, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/score-history/{teamId}',
      access: 'staff',
      summary: "Every change to a team's scores: golfer, hole, old and new strokes, who and when (oldest first)",
      request: { params: teamParam },
      responses: { 200: jsonResponse('OK', historySchema), 404: errorResponse('No such team') },
    }),
    async (c) => {
      return c.json(await getScoreHistory(c.var.deps.database.db, c.req.valid('param').teamId), 200);
    },
  );
