// Which teams take a place against the caps (R13, R24): every team but an expired one.
import { sql } from 'drizzle-orm';
import { teams } from '../db/schema';

export const holdsPlace = sql`${teams.paymentStatus} <> 'expired'`;
