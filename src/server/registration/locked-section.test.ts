// Registrations that arrive while the tournament's previous locked section runs go to the database together (one lock,
// one commit), yet each is decided on its own, in arrival order, and one that fails fails alone (docs/decisions/065).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { createLevel, createTournament } from '../test/factories';
import { insertLeaders, registrationCounts } from '../test/fixtures';
import { golferCapacityRefusal, onlyPlacesLeftMessage } from '../../shared/capacity';
import { lockedSection, type LockedOutcome, type LockedRequest } from './locked-section';

const NOW = new Date('2027-03-01T12:00:00Z');

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** How many times the locked section's statement was sent while `run` ran. */
async function lockedCalls(run: () => Promise<unknown>) {
  const execute = vi.spyOn(database.db, 'execute');
  try {
    await run();
    return execute.mock.calls.filter(([query]) => JSON.stringify(query).includes('golf_register_teams')).length;
  } finally {
    execute.mockRestore();
  }
}

/** A registration of `teams` teams of four as the service hands it to the locked section. */
function request(userId: string, levelId: string, teams: number): LockedRequest {
  const created = Array.from({ length: teams }, (_, i) => ({ id: randomUUID(), paymentId: randomUUID(), name: `Team ${i + 1}` }));
  return {
    user_id: userId,
    level_id: levelId,
    offer_entry_id: null,
    now: NOW.toISOString(),
    min_start_date: null,
    payment_state: 'pending',
    payment_note: 'Card payment chosen at registration',
    teams: created.map((team) => ({
      id: team.id,
      payment_id: team.paymentId,
      name: team.name,
      company: 'Fairway Ltd',
      contact_name: 'Casey Contact',
      contact_phone: '555-0199',
      contact_email: 'casey@example.org',
      show_company_as_sponsor: false,
      payment_status: 'pending',
      hold_until: null,
      kind: 'team' as const,
      places: 4,
    })),
    players: created.flatMap((team, i) =>
      [1, 2, 3, 4].map((n, j) => ({
        id: randomUUID(),
        team_id: team.id,
        answered_by: 'leader',
        first_name: `P${n}`,
        last_name: 'Golfer',
        email: '',
        phone: '',
        handicap_index: null,
        position: i * 4 + j,
      })),
    ),
    links: [],
  };
}

describe('the locked section', () => {
  it('takes the registrations that wait for a tournament in one statement, each decided in arrival order', async () => {
    const tournament = await createTournament(database.db, { startDate: '2027-04-16', maxTeams: null });
    const level = await createLevel(database.db, tournament.id, { maxTeams: 5 });
    const leaders = await insertLeaders(database.db, 6);
    // 2 + 2 teams fit, the third leader's 2 do not (1 left), the fourth's 1 does, then the level is sold out.
    const sizes = [2, 2, 2, 1, 1, 1];
    let outcomes: (LockedOutcome | undefined)[] = [];
    const calls = await lockedCalls(async () => {
      outcomes = await Promise.all(
        leaders.map((userId, i) => lockedSection(database.db, tournament.id, request(userId, level.id, sizes[i]!))),
      );
    });
    // The first goes at once; the five that arrive while it runs go together.
    expect(calls).toBe(2);
    expect(outcomes.map((o) => o?.registered)).toEqual([true, true, false, true, false, false]);
    // Counted in golfer places (R43): a team takes four.
    expect(outcomes.map((o) => o?.at_level)).toEqual([0, 8, 16, 16, 20, 20]);
    expect(
      golferCapacityRefusal({ maxTeams: 5, golfers: outcomes[2]!.at_level }, { maxTeams: null, golfers: 0 }, { teams: 2, singles: 0 }),
    ).toBe(onlyPlacesLeftMessage(1));
    expect(await registrationCounts(database.db, tournament.id)).toMatchObject({ teams: 5, players: 20, payments: 5 });
  });

  it('decides each on figures counted after the last registration, whatever level the one before asked for', async () => {
    // A run of refusals for one level is decided on one count (migration 0012); a registration at any level, or a request
    // for another level, counts again. Tournament cap 3 teams; level A 1 team, level B 5.
    const tournament = await createTournament(database.db, { startDate: '2027-04-16', maxTeams: 3 });
    const a = await createLevel(database.db, tournament.id, { maxTeams: 1 });
    const b = await createLevel(database.db, tournament.id, { maxTeams: 5 });
    const leaders = await insertLeaders(database.db, 8);
    const levels = [a, a, b, a, a, b, b, b];
    let outcomes: (LockedOutcome | undefined)[] = [];
    const calls = await lockedCalls(async () => {
      outcomes = await Promise.all(
        leaders.map((userId, i) => lockedSection(database.db, tournament.id, request(userId, levels[i]!.id, 1))),
      );
    });
    expect(calls).toBe(2);
    expect(outcomes.map((o) => o?.registered)).toEqual([true, false, true, false, false, true, false, false]);
    // Golfer places in the tournament and at the request's level, as each was decided.
    expect(outcomes.map((o) => [o?.in_tournament, o?.at_level])).toEqual([
      [0, 0],
      [4, 4],
      [4, 0],
      [8, 4],
      [8, 4],
      [8, 4],
      [12, 8],
      [12, 8],
    ]);
    expect(await registrationCounts(database.db, tournament.id)).toMatchObject({ teams: 3, players: 12, payments: 3 });
  });

  it('fails only the registration the database refuses, not the others sent with it', async () => {
    const tournament = await createTournament(database.db, { startDate: '2027-04-16', maxTeams: null });
    const level = await createLevel(database.db, tournament.id, { maxTeams: 10 });
    const [first, second, third] = await insertLeaders(database.db, 3);
    // A leader that does not exist (deleted meanwhile): the team's foreign key refuses the batch it is in.
    const userIds = [first!, second!, 'no-such-user', third!];
    let settled: PromiseSettledResult<LockedOutcome | undefined>[] = [];
    const calls = await lockedCalls(async () => {
      settled = await Promise.allSettled(userIds.map((userId) => lockedSection(database.db, tournament.id, request(userId, level.id, 1))));
    });
    // The first alone, the other three together (refused), then each of those alone.
    expect(calls).toBe(5);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(String(((settled[2] as PromiseRejectedResult).reason as Error).cause)).toMatch(/foreign key/);
    expect(await registrationCounts(database.db, tournament.id)).toMatchObject({ teams: 3, players: 12, payments: 3 });
  });

  it('answers nothing for a tournament that does not exist', async () => {
    const [leader] = await insertLeaders(database.db, 1);
    const level = await createLevel(database.db, (await createTournament(database.db)).id);
    expect(await lockedSection(database.db, randomUUID(), request(leader!, level.id, 1))).toBeUndefined();
  });
});
