// The ids routes take in their path, each defined once with the message a malformed one answers: the same words as the
// service's 404 for an unknown one, so a bad id and a missing thing read alike wherever the id is taken
// (docs/decisions/107).
import { z } from '@hono/zod-openapi';

const TEAM = 'Team not found';
const TOURNAMENT = 'Tournament not found';

export const teamIdParam = z.object({ id: z.uuid(TEAM) });
export const teamParam = z.object({ teamId: z.uuid(TEAM) });
export const tournamentIdParam = z.object({ id: z.uuid(TOURNAMENT) });
export const tournamentParam = z.object({ tournamentId: z.uuid(TOURNAMENT) });
export const playerParam = z.object({ playerId: z.uuid('Golfer not found') });
export const addonIdParam = z.object({ id: z.uuid('Add-on not found') });
export const courseIdParam = z.object({ id: z.uuid('Golf course not found') });
export const itemIdParam = z.object({ id: z.uuid('Sponsorship item not found') });
export const sponsorshipLevelIdParam = z.object({ id: z.uuid('Sponsorship level not found') });
