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
