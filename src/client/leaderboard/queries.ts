// The public leaderboards (R22): every active tournament's board, kept current by the server's one event stream.
import type { ApiAnswer } from '../lib/api-types';
import type { ActiveTournamentsEvent } from '../../server/scoring/openapi-schemas';

// The boards themselves are a first-load read (lib/first-load-reads.tsx): react-query stays out of this page's first load.
export type { PublicLeaderboards } from '../lib/first-load-reads';
export type Leaderboard = ApiAnswer<'/api/leaderboard/:tournamentId'>;

/**
 * One stream for the whole page, whatever the number of tournaments: a browser has 6 connections per host over HTTP/1.1,
 * and a stream per board would use them all up. Events: `active` ({ tournamentIds }, in the order shown) and `leaderboard`
 * (one whole board).
 */
export const LEADERBOARD_EVENTS_URL = '/api/leaderboard/events';

/** The `active` event's data, declared beside the boards' schema on the server. */
export type ActiveTournaments = ActiveTournamentsEvent;
