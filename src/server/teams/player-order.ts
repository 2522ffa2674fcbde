// Players are listed in the order they were entered (Player 1 to 4): by created_at, then id. Rows inserted in one statement
// share now() and their ids are random, so every insert of players stamps each row with now() plus its position in
// microseconds: the order stays the entered one without a column of its own.
import { asc, sql } from 'drizzle-orm';
import { players } from '../db/schema';

/** created_at for the player at `position` (0-based) among those inserted together. */
export const enteredAt = (position: number) => sql`now() + ${position}::int * interval '1 microsecond'`;

/** A team's players in the order they were entered. */
export const playerOrder = () => [asc(players.createdAt), asc(players.id)];

type EnteredPlayer = Pick<typeof players.$inferInsert, 'firstName' | 'lastName' | 'email' | 'phone' | 'handicapIndex' | 'answeredBy'>;

/** The row of a player entered at `position` among those inserted together (registration, a leader's or staff's edit). */
/** `id`: set when the caller needs the new player's id (a golfer's answer link, R42). */
export const playerRow = (teamId: string, p: EnteredPlayer, position: number, id?: string) => ({
  ...(id ? { id } : {}),
  teamId,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: p.phone,
  handicapIndex: p.handicapIndex,
  answeredBy: p.answeredBy ?? 'leader',
  createdAt: enteredAt(position),
});
