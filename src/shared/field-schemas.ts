// The field rules every form schema picks from (spec §5's messages), so a rule and its words are written once.
import { z } from './zod';
import { looksLikeLink, NO_LINKS_MESSAGE } from './link-text';

/** The choices a form asks for, worded as the spec words them. */
export const CHOICE_MESSAGES = {
  tournament: 'Please select a tournament',
  sponsorshipLevel: 'Please select a sponsorship level',
  paymentStatus: 'Please choose a payment status',
} as const;

export const INVALID_EMAIL = 'Invalid email';
export const TEAM_NAME_REQUIRED = 'Team name is required';

export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;

/** Text that must be given: trimmed, at least one character, at most `max`. */
export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLongMessage(max));

/** Text that may be left out: trimmed, '' when missing. */
export const optionalText = (max: number) => z.string().trim().max(max, tooLongMessage(max)).optional().default('');

/** An e-mail address, trimmed and lower-cased; `message` for anything else (including a missing one). */
export const email = (message: string = INVALID_EMAIL) => z.string({ error: message }).trim().toLowerCase().pipe(z.email(message));

/** An e-mail that may be left empty (''), otherwise a valid address, trimmed and lower-cased. */
export const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .union([z.literal(''), z.email(INVALID_EMAIL)])
    .optional()
    .default(''),
);

const noLink = (text: string) => !looksLikeLink(text);

/**
 * A name (a person's, a team's, a company's, one shown on a sign or a gift): required like `requiredText`, and never a
 * link, because names travel in e-mails to other people's addresses (issue 31: the portal is not a relay).
 */
export const nameText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLongMessage(max)).refine(noLink, NO_LINKS_MESSAGE);

/** A name that may be left out ('' when missing), never a link. */
export const optionalNameText = (max: number) =>
  z.string().trim().max(max, tooLongMessage(max)).refine(noLink, NO_LINKS_MESSAGE).optional().default('');

/** A team's name: at least two characters (a single letter is a typo, not a name), never a link. */
export const teamName = z
  .string({ error: TEAM_NAME_REQUIRED })
  .trim()
  .min(2, TEAM_NAME_REQUIRED)
  .max(100, tooLongMessage(100))
  .refine(noLink, NO_LINKS_MESSAGE);

// Ids are database uuids: anything else is no choice (and would make the database query fail).
/** A chosen row's id; `message` says what to choose. */
export const choiceId = (message: string) => z.guid({ error: message });
export const tournamentChoice = choiceId(CHOICE_MESSAGES.tournament);
export const sponsorshipLevelChoice = choiceId(CHOICE_MESSAGES.sponsorshipLevel);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional id, as a filter or a select sends it: '' (or null) is no choice. */
export const optionalChoiceId = (message: string) => z.preprocess(blankToUndefined, z.guid(message).optional());
