// The admin Golfers (check-in) page's rules and messages (spec §2 Golfers, §5 'Admin add golfer'; R19).
import { z } from './zod';
import { INVALID_EMAIL, nameText, optionalText, tournamentChoice } from './field-schemas';
import { handicapIndexSchema, PLAYERS_PER_TEAM } from './team-schemas';
import { pageSchema, searchSchema } from './user-schemas';

export const GOLFERS_PAGE_SIZE = 50;
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';
export const TEAM_FULL_MESSAGE = `That team already has ${PLAYERS_PER_TEAM} golfers`;

const required = nameText(REQUIRED_FIELDS_MESSAGE);

export const addGolferSchema = z.object({
  teamId: z.guid({ error: REQUIRED_FIELDS_MESSAGE }),
  firstName: required,
  lastName: required,
  email: z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().toLowerCase().min(1, REQUIRED_FIELDS_MESSAGE).pipe(z.email(INVALID_EMAIL)),
  phone: optionalText(40),
});
export type AddGolferInput = z.input<typeof addGolferSchema>;

/** R29: staff set a golfer's Handicap Index on the day (null clears it). */
export const handicapSchema = z.object({ handicapIndex: handicapIndexSchema.unwrap() });

export const checkInSchema = z.object({ checkedIn: z.boolean({ error: 'checkedIn must be true or false' }) });

export const listGolfersQuerySchema = z.object({
  tournamentId: tournamentChoice,
  q: searchSchema,
  page: pageSchema,
});
export const golferTeamsQuerySchema = z.object({ tournamentId: tournamentChoice });

/** R61: a golfer's check-in code as the QR carries it (32 hex digits); anything else read by the camera is not one. */
export const CHECK_IN_CODE_PATTERN = /^[0-9a-f]{32}$/;
export const UNKNOWN_CODE_MESSAGE = 'Unknown code: this QR is not a golfer’s check-in code for this portal. Nothing was changed.';
export const otherTournamentMessage = (tournament: string) =>
  `This code belongs to a golfer of another tournament (${tournament}). Nothing was changed.`;
export const checkInByCodeSchema = z.object({
  tournamentId: tournamentChoice,
  // Whatever the camera read, trimmed; a code of the wrong shape is refused as unknown, not as a form error.
  code: z.string({ error: UNKNOWN_CODE_MESSAGE }).trim().toLowerCase().max(200, UNKNOWN_CODE_MESSAGE),
});
export const checkInTallyQuerySchema = z.object({ tournamentId: tournamentChoice });

/** 'Checked in at 11:42 by Sam Staff' — the time in the portal's time zone (TIME_ZONE). */
export function checkedInAtMessage(at: Date, by: string | null, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  return `Checked in at ${time}${by ? ` by ${by}` : ''}`;
}

/** R61: Admin → Badges prints all of a tournament's golfers, or one team's. */
export const badgesQuerySchema = z.object({
  tournamentId: tournamentChoice,
  teamId: z.preprocess((v) => (v === '' ? undefined : v), z.guid({ error: 'Choose a team' }).optional()),
});
