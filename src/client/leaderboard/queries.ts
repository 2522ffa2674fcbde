// The public leaderboards (R22): every active tournament's board, kept current by the server's one event stream.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import type { ActiveTournamentsEvent } from '../../server/scoring/openapi-schemas';

export type PublicLeaderboards = ApiAnswer<'/api/leaderboard'>;
export type Leaderboard = ApiAnswer<'/api/leaderboard/:tournamentId'>;

export const leaderboardsQuery = queryOptions({
  queryKey: ['leaderboard'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/leaderboard'>>('/api/leaderboard', { signal }),
});

/**
 * One stream for the whole page, whatever the number of tournaments: a browser has 6 connections per host over HTTP/1.1,
 * and a stream per board would use them all up. Events: `active` ({ tournamentIds }, in the order shown) and `leaderboard`
 * (one whole board).
 */
export const LEADERBOARD_EVENTS_URL = '/api/leaderboard/events';

/** The `active` event's data, declared beside the boards' schema on the server. */
export type ActiveTournaments = ActiveTournamentsEvent;
