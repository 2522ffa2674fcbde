// Messages to the field (R45): who a message can go to, and the form's rules and words.
import { z } from './zod';
import { optionalChoiceId, requiredText, tournamentChoice } from './field-schemas';

/** The groups staff write to. 'last_year' (R59's save the date): the field of the tournament this one was copied from. */
export const AUDIENCES = ['leaders', 'golfers', 'unpaid', 'level', 'waitlist', 'last_year'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** R55: the auction's winners, one message each, queued by the portal when the auction closes (never chosen on the form). */
export const WINNERS_AUDIENCE = 'winners';
/** Every audience a message in the list may have: staff's choices, and the portal's own (R59: the thank-you, the year statements; R55: the auction's winners). */
export const MESSAGE_AUDIENCES = [...AUDIENCES, 'thank_you', 'statements', WINNERS_AUDIENCE] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<MessageAudience, string> = {
  leaders: 'All team leaders',
  golfers: 'All golfers',
  unpaid: 'Teams that have not paid',
  level: 'Teams at one sponsorship level',
  waitlist: 'The waitlist',
  last_year: 'The tournament copied from: its leaders, sponsors and golfers (save the date)',
  thank_you: 'Thank-you: golfers, sponsors and donors',
  statements: 'Year statements: every payer of the year',
  winners: 'An auction winner',
};

export const LEVEL_REQUIRED = 'Choose a sponsorship level';
export const SUBJECT_REQUIRED = 'Subject is required';
export const BODY_REQUIRED = 'Write the message';

export const messageSchema = z
  .object({
    tournamentId: tournamentChoice,
    audience: z.enum(AUDIENCES, { error: 'Choose who gets it' }),
    levelId: optionalChoiceId(LEVEL_REQUIRED),
    subject: requiredText(SUBJECT_REQUIRED, 150),
    body: requiredText(BODY_REQUIRED, 5000),
  })
  .refine((m) => m.audience !== 'level' || m.levelId, { message: LEVEL_REQUIRED, path: ['levelId'] });
export type MessageInput = z.input<typeof messageSchema>;

export const RECIPIENT_STATUSES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
/** What the page calls each: a recipient being sent to right now is still waiting for the reader. */
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
