// The registration's locked section (golf_register_teams, migrations 0007 and 0010), with the registrations one process receives
// for a tournament while its previous call runs sent together as the next call: one lock, one statement and one commit
// (one WAL flush, the cost that bounded a sell-out race) for the whole batch, each registration still decided on its own,
// in arrival order (docs/decisions/065).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

/** One registration as golf_register_teams reads it (snake_case keys: its jsonb_to_recordset column names). */
export interface LockedRequest {
  user_id: string;
  level_id: string;
  offer_entry_id: string | null;
  now: string;
  /** The first start date still open for registration (R17), or null to skip that check (fixtures). */
  min_start_date: string | null;
  payment_state: string;
  payment_note: string;
  teams: {
    id: string;
    payment_id: string;
    name: string;
    company: string;
    contact_name: string;
    contact_phone: string;
    contact_email: string;
    show_company_as_sponsor: boolean;
    payment_status: string;
    hold_until: string | null;
    /** R43: 'team' (4 golfer places) or 'single' (1). */
    kind: 'team' | 'single';
    places: number;
  }[];
  players: {
    id: string;
    team_id: string;
    /** R42: 'leader' or 'golfer' (who fills in the golfer's details). */
    answered_by: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    handicap_index: number | null;
    position: number;
  }[];
  /** R42: the answer links of golfers who answer for themselves (only the token's hash is stored). */
  links: { token_hash: string; player_id: string }[];
}

/** What golf_register_teams answers for one registration: the tournament, the level and the counts it decided on. */
export interface LockedOutcome {
  request: number;
  name: string;
  start_date: string;
  active: boolean;
  tournament_max_teams: number | null;
  level_id: string | null;
  level_name: string | null;
  /** The level's price for a team, or for a request of singles its single place's price (null: none sold, R43). */
  price_cents: number | null;
  level_max_teams: number | null;
  /** Golfer places taken (R43: a team 4, a single 1). */
  in_tournament: number;
  at_level: number;
  offer_open: boolean;
  registered: boolean;
}

/** At most this many registrations in one call (a statement of a few hundred kilobytes). */
const MAX_BATCH = 100;

const call = (executor: Db, tournamentId: string, requests: LockedRequest[]) =>
  queryRows<LockedOutcome>(executor, sql`select * from golf_register_teams(${tournamentId}::uuid, ${JSON.stringify(requests)}::jsonb)`);

/**
 * Runs one registration's locked section inside a transaction of the caller's (the Idempotency-Key's claim must commit
 * with it): a batch of one. Undefined when the tournament does not exist.
 */
export async function lockedSectionIn(tx: Db, tournamentId: string, request: LockedRequest): Promise<LockedOutcome | undefined> {
  const [outcome] = await call(tx, tournamentId, [request]);
  return outcome;
}

interface Waiting {
  request: LockedRequest;
  resolve(outcome: LockedOutcome | undefined): void;
  reject(error: unknown): void;
}

/** Per database, per tournament: the registrations waiting for the call in flight to finish. */
const queues = new WeakMap<Db, Map<string, Waiting[]>>();

/**
 * Runs one registration's locked section as a statement that commits by itself, together with whatever else this process
 * has for the tournament by the time the database is free. Undefined when the tournament does not exist.
 */
export function lockedSection(db: Db, tournamentId: string, request: LockedRequest): Promise<LockedOutcome | undefined> {
  return new Promise((resolve, reject) => {
    let byTournament = queues.get(db);
    if (!byTournament) queues.set(db, (byTournament = new Map()));
    const waiting = byTournament.get(tournamentId);
    if (waiting) return void waiting.push({ request, resolve, reject });
    const queue: Waiting[] = [{ request, resolve, reject }];
    byTournament.set(tournamentId, queue);
    void drain(db, tournamentId, queue, byTournament);
  });
}

async function drain(db: Db, tournamentId: string, queue: Waiting[], byTournament: Map<string, Waiting[]>) {
  while (queue.length > 0) {
    const batch = queue.splice(0, MAX_BATCH);
    try {
      const outcomes = await call(
        db,
        tournamentId,
        batch.map((w) => w.request),
      );
      batch.forEach((w, i) => w.resolve(outcomes.find((o) => o.request === i + 1)));
    } catch (error) {
      // One bad registration (its leader deleted meanwhile, say) fails the whole statement: each then goes alone, so
      // only that one fails.
      if (batch.length === 1) batch[0]!.reject(error);
      else
        for (const w of batch) {
          await call(db, tournamentId, [w.request]).then(([outcome]) => w.resolve(outcome), w.reject);
        }
    }
  }
  byTournament.delete(tournamentId);
}
