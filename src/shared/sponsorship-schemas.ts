// The sponsorship level form's rules and messages (spec §5, §9; R13), used by the admin form and the server.
import { z } from './zod';
import { optionalText, requiredText } from './field-schemas';

export const LEVEL_MAX_TEAMS = { min: 1, max: 10, default: 1 } as const;

export const LEVEL_MESSAGES = {
  name: 'Name is required',
  maxTeams: `Max teams must be a whole number from ${LEVEL_MAX_TEAMS.min} to ${LEVEL_MAX_TEAMS.max}`,
} as const;

export const sponsorshipLevelSchema = z.object({
  name: requiredText(LEVEL_MESSAGES.name),
  description: optionalText(500),
  /** The places a tournament offers at this level unless it says otherwise (R13). */
  maxTeams: z
    .int({ error: LEVEL_MESSAGES.maxTeams })
    .min(LEVEL_MAX_TEAMS.min, LEVEL_MESSAGES.maxTeams)
    .max(LEVEL_MAX_TEAMS.max, LEVEL_MESSAGES.maxTeams)
    .optional()
    .default(LEVEL_MAX_TEAMS.default),
});
export type SponsorshipLevelInput = z.input<typeof sponsorshipLevelSchema>;
export type SponsorshipLevelValues = z.output<typeof sponsorshipLevelSchema>;
