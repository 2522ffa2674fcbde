// Pairing singles (R43): the staff form's schema and the capacity rules of placing singles into a team, used by the
// pairing page and the server alike.
import { z } from './zod';
import { choiceId, optionalChoiceId, teamName, tournamentChoice } from './field-schemas';
import { GOLFERS_PER_TEAM } from './capacity';

export const CHOOSE_SINGLES_MESSAGE = 'Choose 1 to 4 singles to place';
export const CHOOSE_TARGET_MESSAGE = 'Choose a team with free spots, or name a new team';

/** Place the chosen singles into a team with free spots (`teamId`) or into a new team (`newTeamName`). */
export const pairingSchema = z
  .object({
    tournamentId: tournamentChoice,
    singleIds: z
      .array(choiceId(CHOOSE_SINGLES_MESSAGE), { error: CHOOSE_SINGLES_MESSAGE })
      .min(1, CHOOSE_SINGLES_MESSAGE)
      .max(GOLFERS_PER_TEAM, CHOOSE_SINGLES_MESSAGE)
      .refine((ids) => new Set(ids).size === ids.length, CHOOSE_SINGLES_MESSAGE),
    teamId: optionalChoiceId(CHOOSE_TARGET_MESSAGE),
    newTeamName: z.preprocess((v) => (v === '' || v === null ? undefined : v), teamName.optional()),
  })
  .refine((v) => (v.teamId === undefined) !== (v.newTeamName === undefined), {
    message: CHOOSE_TARGET_MESSAGE,
    path: ['teamId'],
  });
export type PairingInput = z.input<typeof pairingSchema>;

/** Spots left in a team of `golfers` golfers (a team plays four). */
export const freeSpots = (golfers: number) => Math.max(0, GOLFERS_PER_TEAM - golfers);

const tooFewSpotsMessage = (team: string, spots: number) =>
  `${team} has ${spots === 0 ? 'no free spots' : `only ${spots} free ${spots === 1 ? 'spot' : 'spots'}`}`;

/** Why `singles` singles cannot join a team of `golfers` golfers; null when they fit. */
export function pairingRefusal(team: { name: string; golfers: number }, singles: number): string | null {
  const spots = freeSpots(team.golfers);
  return singles <= spots ? null : tooFewSpotsMessage(team.name, spots);
}

/**
 * The golfer places a team takes after `singles` singles join it (R13 counted in golfers): its own places, or its golfers
 * when they outnumber them. Each single's own place (1) is given up, so pairing never takes more places than before:
 * `placesAfterPairing(p, g, s) <= p + s` whenever g <= p.
 */
export const placesAfterPairing = (teamPlaces: number, teamGolfers: number, singles: number) =>
  Math.min(GOLFERS_PER_TEAM, Math.max(teamPlaces, teamGolfers + singles));

/** Singles whose place may still lapse (a hold or an unpaid card payment, R24) wait: they are placed once paid. */
const PLACEABLE_STATUSES = ['paid', 'in_progress'] as const;
export const WAITING_FOR_PAYMENT_LABEL = 'Waiting for payment';
export const isPlaceable = (status: string) => (PLACEABLE_STATUSES as readonly string[]).includes(status);
export const SINGLE_NOT_PLACEABLE_MESSAGE = 'A single can be placed once their place is paid';
