// Volunteers (R60): the invitation staff send, the account a volunteer makes from its link, and the words the screens use.
import { z } from './zod';
import { email, tournamentChoice } from './field-schemas';
import { signUpSchema } from './account-schemas';
import { VOLUNTEER_ROLES } from './roles';

export const VOLUNTEER_MESSAGES = {
  role: 'Choose Scorer or Check-in',
  until: 'Enter the last day of access as YYYY-MM-DD',
  untilPast: 'The last day of access cannot be in the past',
  invitationGone: 'This invitation link does not work: it is unknown, already used, ended or out of date. Ask the organiser for a new one.',
  otherEmail: (invited: string) => `This invitation is for ${invited}. Sign out, then sign in or sign up with that address.`,
  accountExists: 'An account already exists for this e-mail: sign in to accept the invitation.',
  ended: 'Your volunteer access to this tournament has ended. Ask the organiser if you still need it.',
} as const;

const isoDay = z
  .string({ error: VOLUNTEER_MESSAGES.until })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, VOLUNTEER_MESSAGES.until)
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, VOLUNTEER_MESSAGES.until);

export const inviteVolunteerSchema = z.object({
  tournamentId: tournamentChoice,
  email: email(),
  role: z.enum(VOLUNTEER_ROLES, { error: VOLUNTEER_MESSAGES.role }),
  until: isoDay,
});
export type InviteVolunteerInput = z.input<typeof inviteVolunteerSchema>;

/** The account made from an invitation's link: its e-mail is the invitation's, so only the name and password are asked. */
export const volunteerSignUpSchema = signUpSchema.pick({ firstName: true, lastName: true, password: true });
export type VolunteerSignUpInput = z.input<typeof volunteerSignUpSchema>;

/** Where a volunteer grant stands, as staff see it. */
export const VOLUNTEER_STATUSES = ['invited', 'active', 'expired', 'ended'] as const;
export type VolunteerStatus = (typeof VOLUNTEER_STATUSES)[number];
