// R39, R59: 'Send year statements' — the year asked for, and the answers' words.
import { z } from './zod';

export const YEAR_STATEMENT_MESSAGES = {
  year: 'Enter a year from 2000 to 2100',
  nobodyPaid: (year: number) => `Nobody paid anything in ${year}: there is no statement to send`,
  allSent: (year: number) => `Every payer of ${year} has already been sent their statement`,
} as const;

export const yearStatementsSchema = z.object({
  year: z.int({ error: YEAR_STATEMENT_MESSAGES.year }).min(2000, YEAR_STATEMENT_MESSAGES.year).max(2100, YEAR_STATEMENT_MESSAGES.year),
});
