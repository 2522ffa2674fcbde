// The reads Home's and the leaderboard's first load need (who is signed in, the public boards), as RemoteValues rather
// than react-query queries (lib/remote-value.ts, docs/decisions/064). One set per browser tab (app.tsx) and one per server
// render (ssr/render-page.tsx): two renders at once never share data.
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { api } from './api';
import type { ApiAnswer } from './api-types';
import { RemoteValue } from './remote-value';

/** Who is signed in: the app's read, and the phone's live board's question before it hands over (board-island.ts). */
export const ME_URL = '/api/account/me';
/** Every active board: the app's read, and asked again by the phone's live board for the service worker to keep. */
export const LEADERBOARD_URL = '/api/leaderboard';

/** The signed-in user and profile. */
export type Me = NonNullable<ApiAnswer<typeof ME_URL>['me']>;
export type PublicLeaderboards = ApiAnswer<typeof LEADERBOARD_URL>;
export type OpenEvents = ApiAnswer<'/api/events'>;
export type TournamentResults = ApiAnswer<'/api/results/:tournamentId'>;

export function createReads() {
  return {
    /** react-query's cache of the other pages, once one of them has loaded it (lib/query-client.tsx). */
    pageQueries: undefined as QueryClient | undefined,
    /** Who is signed in (null: nobody); asked again when a screen opens after a minute. */
    me: new RemoteValue<Me | null>(() => api<ApiAnswer<typeof ME_URL>>(ME_URL).then((r) => r.me), 60_000),
    /** Every active tournament's board; the live stream keeps it current (leaderboard/use-live-leaderboard.ts). */
    // Fresh for 10 s: the page opening right after app.tsx read the boards (to hydrate) does not ask again.
    leaderboard: new RemoteValue(() => api<PublicLeaderboards>(LEADERBOARD_URL), 10_000),
    /** Home's event pages (R40): every open tournament; read again when Home opens after a minute (places left move). */
    events: new RemoteValue(() => api<OpenEvents>('/api/events'), 60_000),
    /** R59: each finished tournament's results page, by its id (results never change after the day: kept an hour). */
    results: new Map<string, RemoteValue<TournamentResults>>(),
  };
}

/** One tournament's results, read once per tab. */
export function resultsRead(reads: Reads, tournamentId: string): RemoteValue<TournamentResults> {
  let value = reads.results.get(tournamentId);
  if (!value) {
    value = new RemoteValue(() => api<TournamentResults>(`/api/results/${tournamentId}`), 3_600_000);
    reads.results.set(tournamentId, value);
  }
  return value;
}
export type Reads = ReturnType<typeof createReads>;

/** A server-rendered page's data: the reads it was rendered with, by name (ssr/page-data.ts names the element). */
export type PageData = ([['me' | 'leaderboard' | 'events'], unknown] | [['results', string], unknown])[];

export function seedReads(reads: Reads, data: PageData) {
  for (const [key, value] of data) {
    if (key[0] === 'results') resultsRead(reads, key[1]).set(value as TournamentResults);
    else (reads[key[0]] as RemoteValue<unknown>).set(value);
  }
}

const ReadsContext = createContext<Reads | null>(null);

export function ReadsProvider({ reads, children }: { reads: Reads; children?: ReactNode }) {
  return <ReadsContext.Provider value={reads}>{children}</ReadsContext.Provider>;
}

export function useReads(): Reads {
  const reads = useContext(ReadsContext);
  if (!reads) throw new Error('useReads outside ReadsProvider');
  return reads;
}
