// Score entry under /api (R8, R9, R21–R22): for leaders (their own teams) and staff (any team), and the staff
// score report. The starting-hole draw and its printable sheets are in ../starting-holes/routes.ts, the public boards in
// ../leaderboard/routes.ts.
import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { getActor, type AppEnv } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse, serializedJson } from '../http/define-route';
import { saveScoresSchema } from '../../shared/score-schemas';
import { leaderboardSchema, scoreEntryChoicesSchema, scoreSheetSchema } from './openapi-schemas';
import { checkMayScore, getScoreSheet, listScoreEntryChoices, saveScores } from './scores';
import { teamParam } from '../http/path-params';
import { scorerOfTeam } from '../volunteers/route-scopes';
import { liveGrantTournaments } from '../volunteers/service';
import { localDate } from '../../shared/editing-lock';

/** Who may score the team (R9), answered before the body; a malformed id is left to the param's 400. */
export const mayScoreTeam: MiddlewareHandler<AppEnv> = async (c, next) => {
  const teamId = c.req.param('teamId');
  if (teamParam.safeParse({ teamId }).success) await checkMayScore(c.var.deps.database.db, await getActor(c), teamId!);
  await next();
};

const saveScoresRoute = defineRoute({
  method: 'put',
  path: '/teams/{teamId}/scores',
  ...scorerOfTeam,
  authorize: mayScoreTeam,
  summary: "Replace a team's scores (R21): cells with strokes 1–15 are saved, every other cell is cleared",
  description:
    "The team's leader or staff (R9), checked before the body. One transaction; 400 'No scores to save' when no cell is " +
    'above 0, 400 naming the cell for a hole not on the course or a golfer not on the team; 409 (`fields.version`) when ' +
    'the card changed since the `version` sent (someone else saved); nothing changes then. Every open leaderboard of the ' +
    'tournament, in every process, gets the new board.',
  request: { params: teamParam, body: jsonBody(saveScoresSchema) },
  responses: {
    200: jsonResponse('Saved: the team’s score sheet', scoreSheetSchema),
    403: errorResponse('Not your team'),
    404: errorResponse('No such team'),
    409: errorResponse('The tournament has no golf course, or the card changed since `version`'),
  },
});

export const scoringRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/score-entry/tournaments',
      access: 'signed-in',
      summary:
        'The teams the caller may score, by active tournament: staff every team, a leader their own, a scorer volunteer (R60) their tournament',
      responses: { 200: jsonResponse('OK', scoreEntryChoicesSchema) },
    }),
    async (c) => {
      const { database, now, config } = c.var.deps;
      const actor = await getActor(c);
      const scorerFor = actor.staff
        ? []
        : await liveGrantTournaments(database.db, actor.userId, 'scorer', localDate(now(), config.timeZone));
      return c.json(await listScoreEntryChoices(database.db, actor, scorerFor), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/teams/{teamId}/scores',
      ...scorerOfTeam,
      summary: "A team's score sheet: holes with pars, players, strokes saved",
      description: "Only the team's leader, staff (R9) and its tournament's scorer volunteer (R60); anyone else gets 403.",
      request: { params: teamParam },
      responses: { 200: jsonResponse('OK', scoreSheetSchema), 403: errorResponse('Not your team'), 404: errorResponse('No such team') },
    }),
    async (c) => {
      return c.json(await getScoreSheet(c.var.deps.database.db, await getActor(c), c.req.valid('param').teamId), 200);
    },
  )
  .openapi(saveScoresRoute, async (c) => {
    const { database, leaderboardFeed } = c.var.deps;
    const actor = await getActor(c);
    const { teamId } = c.req.valid('param');
    const { tournamentId, sheet } = await saveScores(database.db, actor, teamId, c.req.valid('json'));
    // This process's cache at once (read your own write); the others hear the NOTIFY sent at commit.
    leaderboardFeed.changed(tournamentId);
    return c.json(sheet, 200);
  })
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/score-report/{tournamentId}',
      access: 'staff',
      summary: "Any tournament's leaderboard (active or not)",
      description: 'The board the public sees, from the same live cache (refreshed on every save in any process).',
      request: { params: z.object({ tournamentId: z.uuid('Tournament not found') }) },
      responses: { 200: jsonResponse('OK', leaderboardSchema), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      const snapshot = await c.var.deps.leaderboardFeed.get(c.req.valid('param').tournamentId);
      return serializedJson(c, snapshot.board, snapshot.body);
    },
  );
