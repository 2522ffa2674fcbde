// The public leaderboards (R22): every active tournament's board, kept current by the server's one event stream.
import type { ApiAnswer } from '../lib/api-types';
import type { ActiveTournamentsEvent } from '../../server/scoring/openapi-schemas';

export type Leaderboard = ApiAnswer<'/api/leaderboard/:tournamentId'>;

/** Whether a board has side games to show (skins played, or a contest hole): the board, its slot and TV mode ask. */
export const hasSideGames = (sideGames: Leaderboard['sideGames']) => sideGames.skins !== null || sideGames.contests.length > 0;

/**
 * One stream for the whole page, whatever the number of tournaments: a browser has 6 connections per host over HTTP/1.1,
 * and a stream per board would use them all up. Events: `active` ({ tournamentIds }, in the order shown), `leaderboard`
 * (one whole board) and `leaderboard-patch` (a board the stream sent, changed: src/shared/stream-patch.ts).
 */
export const LEADERBOARD_EVENTS_URL = '/api/leaderboard/events';

/** The `active` event's data, declared beside the boards' schema on the server. */
export type ActiveTournaments = ActiveTournamentsEvent;
