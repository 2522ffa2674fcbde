// Helpers for the registration and team tests: a clock the test moves, registration row counts, leaders made in bulk.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { user } from '../db/schema';
import { playersInput } from './factories';
import type { TestApp } from './test-app';

export interface TestClock {
  now(): Date;
  set(at: Date | string): void;
}

/** Replaces the app's clock (AppDeps.now) with one the test sets; the routes read it on every request. */
export function useClock(t: TestApp, start: Date | string): TestClock {
  let current = new Date(start);
  t.deps.now = () => new Date(current);
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at);
    },
  };
}

/** `n` teams of four for a registration body, named `<label> 1`, `<label> 2`, … */
export function teamsInput(n: number, label = 'Team') {
  return Array.from({ length: n }, (_, i) => ({ teamName: `${label} ${i + 1}`, players: playersInput(`P${i + 1}x`) }));
}

export interface RegistrationCounts {
  teams: number;
  players: number;
  payments: number;
  /** Teams without a player per golfer place (4; 1 for a single, R43) or without exactly one payment: half-saved. */
  incompleteTeams: number;
}

/** What registrations left in the database, optionally for one tournament. */
export async function registrationCounts(db: Db, tournamentId?: string): Promise<RegistrationCounts> {
  const where = tournamentId ? sql`where t.tournament_id = ${tournamentId}` : sql``;
  const [row] = await queryRows<RegistrationCounts>(
    db,
    sql`select count(*)::int as teams,
               coalesce(sum(p.n), 0)::int as players,
               coalesce(sum(m.n), 0)::int as payments,
               (count(*) filter (where coalesce(p.n, 0) <> t.places or coalesce(m.n, 0) <> 1))::int as "incompleteTeams"
        from teams t
        left join (select team_id, count(*) as n from players group by team_id) p on p.team_id = t.id
        left join (select team_id, count(*) as n from payments group by team_id) m on m.team_id = t.id
        ${where}`,
  );
  return row!;
}

/** Every player and payment row in the database, whichever team they name (foreign keys aside, nothing may float). */
/** Every team, golfer place (R43: 4 a team, 1 a single), player and payment in the database. */
export async function allRegistrationRows(db: Db): Promise<{ teams: number; places: number; players: number; payments: number }> {
  const [row] = await queryRows<{ teams: number; places: number; players: number; payments: number }>(
    db,
    sql`select (select count(*)::int from teams) as teams, (select coalesce(sum(places), 0)::int from teams) as places,
               (select count(*)::int from players) as players,
               (select count(*)::int from payments) as payments`,
  );
  return row!;
}

/**
 * `n` team-leader accounts written straight to the user table (no password, no session): for calling the services
 * directly with many distinct leaders without hashing a password for each.
 */
export async function insertLeaders(db: Db, n: number, label = 'leader'): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const id = randomBytes(16).toString('hex');
    return {
      id,
      name: `${label} ${i + 1}`,
      email: `${label}-${i + 1}-${id.slice(0, 8)}@example.org`,
      emailVerified: true,
      role: 'team_leader',
    };
  });
  await db.insert(user).values(rows);
  return rows.map((r) => r.id);
}
