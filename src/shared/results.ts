// R59: after the outing. When a tournament is over (its last day has passed in the organisation's time zone), and the words
// its results page and the thank-you e-mail share.
import { localDate } from './editing-lock';

/** True from the day after the tournament's last day (its end date, or its start date for a one-day outing). */
export function isFinished(startDate: string, endDate: string | null, now: Date, timeZone: string): boolean {
  return localDate(now, timeZone) > (endDate ?? startDate);
}

export const resultsPath = (tournamentId: string) => `/results/${tournamentId}`;

export const RESULTS_MESSAGES = {
  notFound: 'Results not found',
  notYet: 'No results yet: they are published here after the tournament',
  notOver: 'The tournament is not over yet: the thank-you is sent after the day',
  allThanked: 'Everyone has already been thanked: nobody new to write to',
  nobodyToThank: 'Nobody of this tournament has an e-mail address',
} as const;
