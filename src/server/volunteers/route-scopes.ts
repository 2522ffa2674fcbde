// R60: the access of the routes a volunteer reaches, each with where its request names the tournament (docs/decisions/115).
// The scoring and check-in routes spread one of these into their defineRoute.
import type { TournamentOf } from '../http/define-route';
import { tournamentIdOrNull, tournamentOfPlayer, tournamentOfTeam } from './grant-check';

/** A team's scores: its leader's (the route's own check), staff's, and its tournament's scorer volunteer's. */
export const scorerOfTeam = {
  access: 'scorer-for-tournament',
  teamLeaders: true,
  tournamentOf: (c) => tournamentOfTeam(c.req.param('teamId')),
} as const satisfies { access: 'scorer-for-tournament'; teamLeaders: true; tournamentOf: TournamentOf };

/** A tournament's golfers, named by `?tournamentId=`: staff's and its check-in volunteer's. */
export const checkInOfQuery = {
  access: 'checkin-for-tournament',
  tournamentOf: async (c) => tournamentIdOrNull(c.req.query('tournamentId')),
} as const satisfies { access: 'checkin-for-tournament'; tournamentOf: TournamentOf };

/** A tournament's golfers, named by the JSON body's `tournamentId` (a scanned code, R61): staff's and its check-in volunteer's. */
export const checkInOfBody = {
  access: 'checkin-for-tournament',
  // Hono keeps the parsed body, so the route's own validation reads the same one afterwards.
  tournamentOf: async (c) =>
    tournamentIdOrNull(
      await c.req.json<{ tournamentId?: string }>().then(
        (body) => body?.tournamentId,
        () => undefined,
      ),
    ),
} as const satisfies { access: 'checkin-for-tournament'; tournamentOf: TournamentOf };

/** One golfer, named by the path's `playerId`: staff's and their tournament's check-in volunteer's. */
export const checkInOfGolfer = {
  access: 'checkin-for-tournament',
  tournamentOf: (c) => tournamentOfPlayer(c.req.param('playerId')),
} as const satisfies { access: 'checkin-for-tournament'; tournamentOf: TournamentOf };
