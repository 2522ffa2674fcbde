// The registration's locked section (golf_register_teams, migrations 0007 and 0010), with the registrations one process receives
// for a tournament while its previous call runs sent together as the next call: one lock, one statement and one commit
// (one WAL flush, the cost that bounded a sell-out race) for the whole batch, each registration still decided on its own,
// in arrival order (docs/decisions/065). A registration under a limit of unpaid places (docs/decisions/094) is counted
// against its account's holdings under the account's lock, in the same transaction as the insert.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { AppError } from '../http/errors';
import { lockAccounts, unpaidHeld, unpaidRefusal, type UnpaidLimit } from '../holds/unpaid-limit';

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
  /**
   * R57, R58: what each team pays (shared/pricing.ts; absent: the level's price), the code it was priced with and what the
   * code took off, and the first money event's words for them (R26).
   */
  unit_price_cents?: number;
  discount_code_id?: string | null;
  discount_code?: string | null;
  discount_cents?: number;
  price_note?: string;
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
  /** R57: false when the code's last uses went to others first (nothing saved). */
  code_open: boolean;
  registered: boolean;
}

/** At most this many registrations in one call (a statement of a few hundred kilobytes). */
const MAX_BATCH = 100;

const call = (executor: Db, tournamentId: string, requests: LockedRequest[]) =>
  queryRows<LockedOutcome>(executor, sql`select * from golf_register_teams(${tournamentId}::uuid, ${JSON.stringify(requests)}::jsonb)`);

/** One registration with the unpaid limit of its account (null: none applies). */
interface Limited {
  request: LockedRequest;
  limit: UnpaidLimit | null;
}

/** What a registration asks to hold unpaid: whole teams, and single places (R43). */
const wantedOf = (request: LockedRequest) => ({
  teams: request.teams.filter((t) => t.kind === 'team').length,
  places: request.teams.filter((t) => t.kind === 'single').length,
});

/**
 * Decides registrations in `tx`, a transaction: the limited ones' accounts locked and their holdings counted first, those
 * over their limit refused (an AppError in their place), the rest sent to golf_register_teams together. At most one
 * registration per limited account (the caller's batches ensure it), so the count read before the call is still true.
 */
async function decideIn(tx: Db, tournamentId: string, batch: Limited[]): Promise<(LockedOutcome | undefined | AppError)[]> {
  const limitedUsers = batch.flatMap((w) => (w.limit ? [w.request.user_id] : []));
  await lockAccounts(tx, limitedUsers);
  const held = await unpaidHeld(tx, limitedUsers);
  const answers: (LockedOutcome | undefined | AppError)[] = batch.map((w) => {
    const refusal = w.limit && unpaidRefusal(w.limit, held.get(w.request.user_id)!, wantedOf(w.request));
    return refusal ? new AppError('CONFLICT', refusal) : undefined;
  });
  const admitted = batch.flatMap((w, i) => (answers[i] ? [] : [{ w, i }]));
  if (admitted.length === 0) return answers;
  const outcomes = await call(
    tx,
    tournamentId,
    admitted.map(({ w }) => w.request),
  );
  admitted.forEach(({ i }, n) => (answers[i] = outcomes.find((o) => o.request === n + 1)));
  return answers;
}

/** Decides a batch: as one statement that commits by itself when no limit applies, else in a transaction (decideIn). */
function decide(db: Db, tournamentId: string, batch: Limited[]): Promise<(LockedOutcome | undefined | AppError)[]> {
  if (batch.some((w) => w.limit)) return db.transaction((tx) => decideIn(tx as unknown as Db, tournamentId, batch));
  return call(
    db,
    tournamentId,
    batch.map((w) => w.request),
  ).then((outcomes) => batch.map((_, i) => outcomes.find((o) => o.request === i + 1)));
}

/**
 * Runs one registration's locked section inside a transaction of the caller's (the Idempotency-Key's claim must commit
 * with it): a batch of one. Undefined when the tournament does not exist; an AppError thrown when over the unpaid limit.
 */
export async function lockedSectionIn(
  tx: Db,
  tournamentId: string,
  request: LockedRequest,
  limit: UnpaidLimit | null = null,
): Promise<LockedOutcome | undefined> {
  const [answer] = await decideIn(tx, tournamentId, [{ request, limit }]);
  if (answer instanceof AppError) throw answer;
  return answer;
}

interface Waiting extends Limited {
  resolve(outcome: LockedOutcome | undefined): void;
  reject(error: unknown): void;
}

/** Hands a registration its outcome, or its refusal. */
const deliver = (w: Waiting, answer: LockedOutcome | undefined | AppError) =>
  answer instanceof AppError ? w.reject(answer) : w.resolve(answer);

/** Per database, per tournament: the registrations waiting for the call in flight to finish. */
const queues = new WeakMap<Db, Map<string, Waiting[]>>();

/**
 * Runs one registration's locked section as a statement that commits by itself, together with whatever else this process
 * has for the tournament by the time the database is free. Undefined when the tournament does not exist; rejected with
 * an AppError when the account is over its unpaid limit (nothing saved).
 */
export function lockedSection(
  db: Db,
  tournamentId: string,
  request: LockedRequest,
  limit: UnpaidLimit | null = null,
): Promise<LockedOutcome | undefined> {
  return new Promise((resolve, reject) => {
    let byTournament = queues.get(db);
    if (!byTournament) queues.set(db, (byTournament = new Map()));
    const waiting = byTournament.get(tournamentId);
    if (waiting) return void waiting.push({ request, limit, resolve, reject });
    const queue: Waiting[] = [{ request, limit, resolve, reject }];
    byTournament.set(tournamentId, queue);
    void drain(db, tournamentId, queue, byTournament);
  });
}

/**
 * The next batch: up to MAX_BATCH in arrival order, with one registration per limited account (a second one of the same
 * account waits for the next batch, where it is counted with the first one's teams).
 */
function nextBatch(queue: Waiting[]): Waiting[] {
  const batch: Waiting[] = [];
  const later: Waiting[] = [];
  const accounts = new Set<string>();
  for (const w of queue.splice(0, MAX_BATCH)) {
    if (w.limit && accounts.has(w.request.user_id)) later.push(w);
    else {
      if (w.limit) accounts.add(w.request.user_id);
      batch.push(w);
    }
  }
  queue.unshift(...later);
  return batch;
}

async function drain(db: Db, tournamentId: string, queue: Waiting[], byTournament: Map<string, Waiting[]>) {
  while (queue.length > 0) {
    const batch = nextBatch(queue);
    try {
      const answers = await decide(db, tournamentId, batch);
      batch.forEach((w, i) => deliver(w, answers[i]));
    } catch (error) {
      // One bad registration (its leader deleted meanwhile, say) fails the whole statement: each then goes alone, so
      // only that one fails.
      if (batch.length === 1) batch[0]!.reject(error);
      else
        for (const w of batch) {
          await decide(db, tournamentId, [w]).then(([answer]) => deliver(w, answer), w.reject);
        }
    }
  }
  byTournament.delete(tournamentId);
}
