// The registration and team forms' rules and messages (spec §5), used by the forms and by the server.
import { codeText } from './pricing-schemas';
import { z } from './zod';
import { HANDICAP_MESSAGE, isHandicapIndex } from './handicap';
import {
  email,
  INVALID_EMAIL,
  nameText,
  optionalNameText,
  optionalText,
  sponsorshipLevelChoice,
  teamName,
  tournamentChoice,
} from './field-schemas';

export const PLAYERS_PER_TEAM = 4;
/** Teams in one registration: a sponsorship level's default places run 1 to 10 (spec §9), so one form holds at most 10. */
export const MAX_TEAMS_PER_REGISTRATION = 10;
export const TOO_MANY_TEAMS_MESSAGE = `At most ${MAX_TEAMS_PER_REGISTRATION} teams in one registration`;
export const PAYMENT_OPTIONS = ['pay', 'hold'] as const;

/** R29: a Handicap Index, -10.0 to 54.0 with one decimal (the rule in handicap.ts); null (or left out) when the player has none. */
export const handicapIndexSchema = z.number({ error: HANDICAP_MESSAGE }).refine(isHandicapIndex, HANDICAP_MESSAGE).nullable().optional();

/** R42: who fills a golfer's details in: the leader, or the golfer through a personal link sent to their e-mail. */
export const ANSWERED_BY = ['leader', 'golfer'] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];
export const ANSWERED_BY_LABELS: Record<AnsweredBy, string> = { leader: 'I will fill it in', golfer: 'Ask the golfer' };

/** One player; the multi-team form words the e-mail message differently (spec §5). */
export const playerSchema = (emailMessage = INVALID_EMAIL) =>
  z.object({
    id: z.uuid().optional(),
    firstName: nameText('Required'),
    lastName: nameText('Required'),
    email: email(emailMessage),
    phone: optionalText(40),
    handicapIndex: handicapIndexSchema,
    // Left out: the leader fills the details in.
    answeredBy: z.enum(ANSWERED_BY, { error: 'Please choose who fills in the details' }).optional(),
  });
export type PlayerInput = z.input<ReturnType<typeof playerSchema>>;

const players = (message: string, emailMessage?: string) =>
  z.array(playerSchema(emailMessage), { error: message }).length(PLAYERS_PER_TEAM, message);

const contact = {
  company: optionalNameText(200),
  contactName: nameText('Contact name is required', 200),
  contactPhone: z.string({ error: 'Invalid phone' }).trim().min(7, 'Invalid phone').max(40, 'Invalid phone'),
  contactEmail: email(),
  /** R40: the leader's consent to name the company among the event's sponsors on the event page (default no). */
  showCompanyAsSponsor: z.boolean({ error: 'Choose whether to show the company as a sponsor' }).default(false),
};

const selection = {
  tournamentId: tournamentChoice,
  sponsorshipLevelId: sponsorshipLevelChoice,
  paymentOption: z.enum(PAYMENT_OPTIONS).default('hold'),
  /** R57: a discount code ('' or absent: none). */
  code: z.union([z.literal('').transform(() => null), codeText, z.null()]).default(null),
  /** R58: the payer covers the card fee (a gift in the same Checkout; card payments only). */
  coverFee: z.boolean().default(false),
};

/** The single-team form (spec §2 step 3). */
export const singleTeamSchema = z.object({
  ...selection,
  teamName,
  ...contact,
  players: players('Each team must have exactly 4 players'),
});
export type SingleTeamInput = z.input<typeof singleTeamSchema>;

/** The multi-team form (spec §2 step 4): shared contact details, several teams. */
export const multiTeamSchema = z.object({
  ...selection,
  ...contact,
  teams: z
    .array(z.object({ teamName, players: players('Each team must have exactly 4 players', 'Valid email required') }), {
      error: 'At least 1 team is required',
    })
    .min(1, 'At least 1 team is required')
    .max(MAX_TEAMS_PER_REGISTRATION, TOO_MANY_TEAMS_MESSAGE),
});
export type MultiTeamInput = z.input<typeof multiTeamSchema>;

/** What the server takes is the multi-team form's body: one or several teams. The single form sends one. */
export type RegistrationInput = z.output<typeof multiTeamSchema>;

export function singleToRegistration(input: z.output<typeof singleTeamSchema>): MultiTeamInput {
  const { teamName: name, players: list, ...rest } = input;
  return { ...rest, teams: [{ teamName: name, players: list }] };
}

/** R43: one golfer buying a single place at a level that sells them; they are the contact too. Staff pair them later. */
export const singlePlaceSchema = z.object({
  ...selection,
  firstName: nameText('Required'),
  lastName: nameText('Required'),
  email: email(),
  phone: contact.contactPhone,
  handicapIndex: handicapIndexSchema,
  company: optionalNameText(200),
});
export type SinglePlaceInput = z.input<typeof singlePlaceSchema>;

/** A single place as the registration's one "team" of one golfer (its name is the golfer's until staff pair them). */
export function singleToTeams(input: z.output<typeof singlePlaceSchema>): RegistrationInput {
  const { firstName, lastName, email: mail, phone, handicapIndex, company, ...rest } = input;
  const player = { firstName, lastName, email: mail, phone, handicapIndex: handicapIndex ?? null };
  return {
    ...rest,
    company,
    contactName: `${firstName} ${lastName}`,
    contactPhone: phone,
    contactEmail: mail,
    // A single golfer is not asked to name their company among the sponsors (R40's consent is the team form's).
    showCompanyAsSponsor: false,
    teams: [{ teamName: `${firstName} ${lastName}`, players: [player] }],
  };
}

/** The edit-team form. Players keep their ids so their scores and check-ins stay theirs. */
export const editTeamSchema = z.object({
  teamName,
  ...contact,
  players: z.array(playerSchema(), { error: 'Exactly 4 players required' }).length(PLAYERS_PER_TEAM, 'Exactly 4 players required'),
});
export type EditTeamInput = z.input<typeof editTeamSchema>;

export const blankPlayer = (): PlayerInput => ({ firstName: '', lastName: '', email: '', phone: '', answeredBy: 'leader' });
export const blankPlayers = (): PlayerInput[] => Array.from({ length: PLAYERS_PER_TEAM }, blankPlayer);
