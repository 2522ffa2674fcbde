// The waitlist of a sold-out level (R25): joining it, and the words the screens use.
import { z } from './zod';
import { INVALID_EMAIL, nameText, sponsorshipLevelChoice } from './field-schemas';

export const OFFER_HOURS = 24;

export const joinWaitlistSchema = z.object({
  sponsorshipLevelId: sponsorshipLevelChoice,
  teamsWanted: z.coerce.number({ error: 'How many teams?' }).int('How many teams?').min(1, 'At least 1 team').max(10, 'At most 10 teams'),
  contactName: nameText('Contact name is required', 200),
  contactEmail: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.email(INVALID_EMAIL)),
});
export type JoinWaitlistInput = z.input<typeof joinWaitlistSchema>;

export const JOIN_WAITLIST_LABEL = 'Join the waitlist';
/** More teams than the level (or the tournament) can ever hold would wait for ever and hold up everyone behind (R25). */
export const atMostTeamsMessage = (most: number) => `At most ${most} ${most === 1 ? 'team' : 'teams'} at this level`;
/** The most teams one entry may wait for: what the level and the tournament hold at all (null: no cap). */
export const mostTeamsToWaitFor = (levelMax: number | null, tournamentMax: number | null) =>
  Math.min(levelMax ?? Number.MAX_SAFE_INTEGER, tournamentMax ?? Number.MAX_SAFE_INTEGER);
export const PLACES_AVAILABLE_MESSAGE = 'Places are available at this level: register instead';
export const ALREADY_WAITING_MESSAGE = 'You are already on the waitlist for this level';
