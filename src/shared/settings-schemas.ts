// The organisation's settings form (R51) and the test e-mail's address: one schema for the page and the route.
import { z } from './zod';
import { email, INVALID_EMAIL, optionalEmail, tooLongMessage } from './field-schemas';

export const SETTINGS_MESSAGES = {
  name: "Enter the organisation's name",
  legalName: 'Enter the legal name printed on receipts',
  taxId: 'A tax id (EIN) is 9 digits, written 12-3456789',
  mailFromName: 'Enter the name e-mails are sent from',
  mailFromNameChars: "Use letters, digits, spaces and . , & ' - ( ) only: this name goes into every e-mail’s From line",
  logoGone: 'That logo is no longer available: choose the image again',
  saved: 'Settings saved',
} as const;

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, tooLongMessage(max));

export const organisationSchema = z.object({
  name: text(SETTINGS_MESSAGES.name, 100),
  legalName: text(SETTINGS_MESSAGES.legalName, 150),
  // Optional (a club without charity status has none); when given, an EIN as the IRS writes it (9 digits; a missing dash is added).
  taxId: z
    .string()
    .trim()
    .transform((v) => (/^\d{9}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(2)}` : v))
    .pipe(z.union([z.literal(''), z.string().regex(/^\d{2}-\d{7}$/, SETTINGS_MESSAGES.taxId)]))
    .optional()
    .default(''),
  contactEmail: optionalEmail,
  logoImageId: z.guid(SETTINGS_MESSAGES.logoGone).nullable(),
  // Goes into a header: no angle brackets, quotes or line breaks (nodemailer would quote them, but the name is shown as typed).
  mailFromName: text(SETTINGS_MESSAGES.mailFromName, 80).regex(/^[\p{L}\p{N} .,&'’()-]+$/u, SETTINGS_MESSAGES.mailFromNameChars),
});
export type OrganisationInput = z.output<typeof organisationSchema>;
export type OrganisationFormValues = z.input<typeof organisationSchema>;

/** 'Send a test e-mail': to the admin's own address when none is typed. */
export const testEmailSchema = z.object({ to: z.union([z.literal(''), email(INVALID_EMAIL)]).optional() });
