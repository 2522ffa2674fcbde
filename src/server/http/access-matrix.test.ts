// Every route of the OpenAPI document, called as anonymous, team leader, moderator and admin: permitted exactly as the
// table below says (written from R8–R11, not from the routes' own declarations, so a route declared too
// openly fails), refused with 401 (no session) or 403 (role) otherwise, and a refused call changes nothing (R8, R9).
// A route missing from the table fails; each also needs a fixture in src/server/test/route-fixtures.ts.
// R60: a scorer and a check-in volunteer (team leaders' accounts with a live grant) call every route too: permitted on their
// own kind of route for the tournament of their grant, refused on it for another tournament, and everywhere else no more
// than a team leader.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isVolunteerAccess, roleMeets, VOLUNTEER_ACCESS_ROLE, type Access, type Role, type VolunteerRole } from '../../shared/roles';
import { players, teams, tournaments, volunteerGrants } from '../db/schema';
import { createTournament } from '../test/factories';
import { fingerprint } from '../test/db-fingerprint';
import { fixtureRequest, routeFixtures, type Caller, type MatrixUsers, type Volunteer } from '../test/route-fixtures';
import { createTestApp, type RequestOptions, type TestApp, type TestUser } from '../test/test-app';

/**
 * Who may call a route. `ownTeam`: a signed-in caller acts only on a team they lead (R9, R11, R21), and `others` may act on
 * any team: staff (they read and score every team, R8, R21) or admins only (changing a team: moderators read Teams only,
 * R8, R17).
 */
interface Rule {
  access: Access;
  ownTeam?: { others: 'staff' | 'admin' };
}
const publicRoute: Rule = { access: 'public' };
const signedIn: Rule = { access: 'signed-in' };
/** R8: tournament-day staff (moderators) see Dashboard, Teams (read only), Golfers (check-in), Score entry and report. */
const staff: Rule = { access: 'staff' };
/** R8: everything else in the admin area is admin-only. */
const admin: Rule = { access: 'admin' };
const ownTeam = (others: 'staff' | 'admin'): Rule => ({ access: 'signed-in', ownTeam: { others } });
/** R60: staff, and the scorer of the team's tournament; its own leader too. */
const scorerOrOwnTeam: Rule = { access: 'scorer-for-tournament', ownTeam: { others: 'staff' } };
/** R60: staff, and the check-in volunteer of the golfer's (or the query's) tournament. */
const checkIn: Rule = { access: 'checkin-for-tournament' };

const RULES: Record<string, Rule> = {
  'GET /api/health': publicRoute,
  // ── accounts (R5–R7, R33, R34): signing in and up is for anyone; the profile and the password are the caller's own ──
  'POST /api/account/sign-up': publicRoute,
  'GET /api/account/me': publicRoute, // null without a session
  'PUT /api/account/profile': signedIn,
  'POST /api/auth/sign-in/email': publicRoute,
  'POST /api/auth/sign-out': publicRoute,
  'GET /api/auth/get-session': publicRoute,
  'GET /api/auth/verify-email': publicRoute,
  'POST /api/auth/request-password-reset': publicRoute,
  'POST /api/auth/reset-password': publicRoute,
  'POST /api/auth/change-password': signedIn,
  // ── registration: the public pages show tournaments and levels; registering needs an account (spec §2) ──
  'GET /api/tournaments/active': publicRoute,
  'GET /api/tournaments/{id}/levels': publicRoute,
  'POST /api/registrations': signedIn,
  'POST /api/registrations/single': signedIn, // R43: a single place, by the same path as a team
  'GET /api/teams/mine': signedIn,
  'GET /api/teams/{id}': ownTeam('staff'), // R11: contacts seen by the team's leader and staff
  'PUT /api/teams/{id}': ownTeam('admin'), // R8: moderators read Teams only; R17: staff (admins) may correct
  // ── money (R23–R27) ──
  // The caller's own teams only; the matrix's app has no Stripe (every call is 409), card-payments.test.ts refuses another's.
  'POST /api/payments/checkout': signedIn,
  'GET /api/payments/checkout/{sessionId}': signedIn, // the caller's own session (an unknown one is 404 to all)
  'POST /api/payments/webhook': publicRoute, // Stripe calls it; only its signature counts
  'GET /api/admin/backups': admin, // R46: the Data page
  'GET /api/admin/settings': admin, // R51: the organisation's settings, e-mail and card payments' state
  'PUT /api/admin/settings': admin,
  'POST /api/admin/settings/test-email': admin,
  'PUT /api/admin/settings/fee': admin, // R58: the card fee a payer may cover
  // ── fundraising (R35, R38, R39): anyone gives and sees the wall and raised; receipts and statements answer their payer
  // (the keyed link of the e-mail, or signed in) and staff, 404 otherwise (donations.test.ts); admins record offline gifts ──
  'POST /api/donations': publicRoute,
  'GET /api/donations/checkout/{sessionId}': publicRoute,
  'GET /api/tournaments/{id}/raised': publicRoute,
  'GET /api/tournaments/{id}/donors': publicRoute,
  'GET /api/receipts/{id}': publicRoute,
  'GET /api/statements': publicRoute,
  'GET /api/admin/donations': admin,
  'POST /api/admin/donations': admin,
  'GET /api/admin/statements.csv': admin,
  // ── messages to the field (R45): admins write to the field ──
  'GET /api/admin/messages': admin,
  'POST /api/admin/messages/preview': admin,
  'POST /api/admin/messages': admin,
  'GET /api/admin/messages/{id}': admin,
  // ── the next year and after the outing (R59): admins copy, thank and send statements; anyone reads the results ──
  'POST /api/admin/tournaments/{id}/copy': admin,
  'POST /api/admin/tournaments/{id}/thank-you': admin,
  'POST /api/admin/year-statements': admin,
  'GET /api/results/{tournamentId}': publicRoute,
  // ── side games (R44): staff enter contest winners on the day; the organiser (admin) chooses the games ──
  'GET /api/side-games/{tournamentId}': staff,
  'PUT /api/side-games/{tournamentId}/settings': admin,
  'PUT /api/side-games/{tournamentId}/results': staff,
  'GET /api/admin/payments': admin,
  'GET /api/admin/payments/export.csv': admin,
  'PATCH /api/admin/payments/{id}': admin,
  'GET /api/admin/payments/{id}/history': admin,
  'POST /api/admin/payments/{id}/refund': admin,
  'POST /api/admin/teams/{id}/extend': admin, // R24: an admin extends a deadline
  'POST /api/admin/teams/{id}/reinstate': admin, // R24: an admin reinstates
  // ── waitlist (R25): a leader joins; staff see the line and remove an entry ──
  'POST /api/waitlist': signedIn,
  'GET /api/waitlist/mine': signedIn,
  'GET /api/waitlist/offers/{token}': signedIn, // the caller's own offer (an unknown token is 404 to all)
  'POST /api/waitlist/offers/{token}/decline': signedIn,
  'GET /api/admin/waitlist': staff,
  'DELETE /api/admin/waitlist/{id}': staff,
  // ── admin: set-up and users (R8: admin only) ──
  'GET /api/admin/sponsorship-levels': admin,
  'POST /api/admin/sponsorship-levels': admin,
  'PUT /api/admin/sponsorship-levels/{id}': admin,
  'DELETE /api/admin/sponsorship-levels/{id}': admin,
  'GET /api/admin/courses': admin,
  'POST /api/admin/courses': admin,
  'PUT /api/admin/courses/{id}': admin,
  'DELETE /api/admin/courses/{id}': admin,
  'GET /api/admin/courses/{id}/holes': admin,
  'PUT /api/admin/courses/{id}/holes/{holeNumber}': admin,
  'PUT /api/admin/courses/{id}/stroke-indexes': admin,
  'GET /api/admin/tournaments': admin,
  'POST /api/admin/tournaments': admin,
  'GET /api/admin/tournaments/{id}': admin,
  'PUT /api/admin/tournaments/{id}': admin,
  'PATCH /api/admin/tournaments/{id}/active': admin,
  'GET /api/admin/users': admin,
  'POST /api/admin/users': admin,
  'PATCH /api/admin/users/{id}/role': admin,
  'DELETE /api/admin/users/{id}': admin,
  'GET /api/admin/reports': admin,
  'GET /api/admin/reports/options': admin,
  'GET /api/admin/reports.csv': admin,
  // ── admin: Dashboard and Teams (R8: staff read; changes are admin-only) ──
  'GET /api/admin/dashboard': staff,
  'GET /api/admin/teams': staff,
  'GET /api/admin/teams/export.csv': staff,
  'GET /api/admin/teams/{id}': staff, // R11: contacts seen by staff
  'GET /api/admin/teams/form-options': admin,
  'POST /api/admin/teams': admin,
  'PATCH /api/admin/teams/{id}/status': admin,
  'DELETE /api/admin/teams/{id}': admin,
  // ── first run (R50): public, the one-time address printed at start is the key (404 once an admin exists) ──
  'GET /api/setup/{token}': publicRoute,
  'POST /api/setup/{token}': publicRoute,
  // ── golfers answer for themselves (R42): the personal link is the key; staff read and export, admins set the questions ──
  'GET /api/golfer-answers/{token}': publicRoute,
  'PUT /api/golfer-answers/{token}': publicRoute,
  'GET /api/admin/golfer-questions': staff,
  'POST /api/admin/golfer-questions': admin,
  'DELETE /api/admin/golfer-questions/{id}': admin,
  'GET /api/admin/golfer-answers': staff,
  'GET /api/admin/golfer-answers/export.csv': staff,
  // ── the auction (R55): a winner's own lots (signed in, or their golfer link, R42); the results are admin's (R8) ──
  'GET /api/won-lots/mine': signedIn,
  'POST /api/won-lots/mine/checkout': signedIn,
  'GET /api/won-lots/golfer/{token}': publicRoute,
  'POST /api/won-lots/golfer/{token}/checkout': publicRoute,
  'GET /api/admin/auction-results': admin,
  'GET /api/admin/auction-results/export.csv': admin,
  'POST /api/admin/auction-results/{lotId}/paid': admin,
  // ── singles and pairing (R43): placing singles changes teams, so it is the admin's (R8) ──
  'GET /api/admin/pairing': admin,
  'POST /api/admin/pairing': admin,
  // ── admin: Golfers (R8, R19: staff check in; adding and deleting golfers is admin-only) ──
  'GET /api/admin/golfers': checkIn,
  'PUT /api/admin/golfers/{playerId}/check-in': checkIn,
  'PUT /api/admin/golfers/{playerId}/handicap': checkIn, // R29: set on the day, at check-in
  'GET /api/admin/golfers/teams': admin,
  // R61: staff and the tournament's check-in volunteers (R60) read a golfer's QR and check them in, and see the live count;
  // badges (carrying the codes) are admin's
  'GET /api/admin/golfers/by-code': checkIn,
  'POST /api/admin/golfers/check-in-by-code': checkIn,
  'GET /api/admin/golfers/check-in-events': checkIn,
  'GET /api/admin/golfers/badges': admin,
  'POST /api/admin/golfers': admin,
  'DELETE /api/admin/golfers/{playerId}': admin,
  // ── tournament day (R20–R22, R32): the draw is the organiser's; sheets, scores and the report are staff's ──
  'POST /api/admin/tournaments/{id}/assign-teams': admin,
  'GET /api/admin/starting-holes': admin,
  'GET /api/admin/tournaments/{id}/starting-sheet': staff,
  'GET /api/admin/tournaments/{id}/scorecards': staff,
  'GET /api/admin/score-report/{tournamentId}': staff,
  'GET /api/admin/score-history/{teamId}': staff,
  'GET /api/score-entry/tournaments': signedIn, // staff every team, a leader their own
  'GET /api/teams/{teamId}/scores': scorerOrOwnTeam, // R21, R60
  'PUT /api/teams/{teamId}/scores': scorerOrOwnTeam,
  'POST /api/teams/{teamId}/score-changes': scorerOrOwnTeam,
  // ── the public leaderboard (names only, R11) ──
  'GET /api/leaderboard': publicRoute,
  'GET /api/leaderboard/events': publicRoute,
  'GET /api/leaderboard/{tournamentId}': publicRoute,
  // ── the paddle raise (R56): staff open, close and record paddles on the keypad; a guest pledges signed in or through their
  // golfer link (R42: the token is the credential, a guessed one is 404); TV mode's board and stream are public ──
  'GET /api/admin/paddle-raises': staff,
  'POST /api/admin/paddle-raises': staff,
  'POST /api/admin/paddle-raises/bidders': staff,
  'GET /api/admin/paddle-raises/{id}': staff,
  'POST /api/admin/paddle-raises/{id}/close': staff,
  'POST /api/admin/paddle-raises/{id}/pledges': staff,
  'POST /api/admin/paddle-raises/{id}/pledges/{pledgeId}/undo': staff,
  'GET /api/paddle-raises/events': publicRoute,
  'GET /api/paddle-raises/{tournamentId}/board': publicRoute,
  'GET /api/paddle-raises/{tournamentId}/mine': signedIn,
  'POST /api/paddle-raises/{tournamentId}/pledges': signedIn,
  'POST /api/paddle-raises/{tournamentId}/pay': signedIn,
  'GET /api/paddle-raises/golfer/{token}': publicRoute,
  'POST /api/paddle-raises/golfer/{token}/pledges': publicRoute,
  'POST /api/paddle-raises/golfer/{token}/pay': publicRoute,
  // ── the silent auction (R53, R54): anyone sees the lots live; a bid is signed in or through a golfer's link (R42); admins
  // set the auction up ──
  'GET /api/auction': publicRoute,
  'GET /api/auction/lots/{id}': publicRoute,
  'GET /api/auction/{tournamentId}': publicRoute,
  'GET /api/auction/{tournamentId}/events': publicRoute,
  'POST /api/auction/{tournamentId}/lots/{lotId}/bids': publicRoute,
  'PUT /api/admin/auction/{tournamentId}/times': admin,
  'POST /api/admin/auction/{tournamentId}/lots': admin,
  'PUT /api/admin/auction/lots/{id}': admin,
  'DELETE /api/admin/auction/lots/{id}': admin,
  // ── the event page: open tournaments and companies that agreed to be named (R40), calendars (R41) ──
  'GET /api/events': publicRoute,
  'GET /api/events/{id}/calendar': publicRoute,
  // ── sponsorship items (R36) and golfer add-ons (R37): anyone sees them; buyers are signed in; admins keep them ──
  'GET /api/items': publicRoute,
  'GET /api/items/purchases/mine': signedIn,
  'POST /api/items/purchases': signedIn,
  'GET /api/admin/tournaments/{tournamentId}/items': admin,
  'POST /api/admin/tournaments/{tournamentId}/items': admin,
  'PUT /api/admin/items/{id}': admin,
  'DELETE /api/admin/items/{id}': admin,
  // ── discount codes (R57): admins keep them; 'Apply' prices for a signed-in payer (codes are not for guessing) ──
  'GET /api/admin/tournaments/{tournamentId}/codes': admin,
  'POST /api/admin/tournaments/{tournamentId}/codes': admin,
  'PUT /api/admin/codes/{id}': admin,
  'DELETE /api/admin/codes/{id}': admin,
  'POST /api/pricing/quote': signedIn,
  'GET /api/addons': publicRoute,
  'GET /api/teams/{teamId}/addons': ownTeam('staff'),
  'POST /api/teams/{teamId}/addons': ownTeam('staff'), // R37: the leader's golfers; staff any team (at check-in)
  'POST /api/admin/golfers/{playerId}/addons': checkIn, // R37: sold at check-in (R60: by the check-in volunteer too)
  'GET /api/admin/tournaments/{tournamentId}/addons': admin,
  'POST /api/admin/tournaments/{tournamentId}/addons': admin,
  'PUT /api/admin/addons/{id}': admin,
  'DELETE /api/admin/addons/{id}': admin,
  // ── images (R36): a signed-in sponsor uploads a logo (a hero image: staff, checked in images.test.ts); anyone sees them ──
  'POST /api/images': signedIn,
  'GET /api/images/{id}/{variant}': publicRoute,
  // ── volunteers (R60): staff invite, see and end; the link is the key to read it and sign up; accepting needs the account ──
  'GET /api/admin/volunteers': staff,
  'POST /api/admin/volunteers': staff,
  'POST /api/admin/volunteers/{id}/end': staff,
  'GET /api/volunteer/grants': signedIn,
  'GET /api/volunteer/invitations/{token}': publicRoute,
  'POST /api/volunteer/invitations/{token}/accept': signedIn,
  'POST /api/volunteer/invitations/{token}/sign-up': publicRoute,
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const CALLERS: ('anonymous' | Role)[] = ['anonymous', 'team_leader', 'moderator', 'admin'];

interface Operation {
  key: string;
  method: string;
  path: string;
  /** What the route declares (x-access, and x-team-leaders for a tournament-scoped kind); the tests judge by `rule`. */
  declared: Access;
  declaredTeamLeaders: boolean;
  /** From the table; undefined for a route missing from it (which fails). */
  rule: Rule | undefined;
  access: Access;
}

// The document is read once, before the tests are collected, so each route gets tests of its own.
const t: TestApp = await createTestApp();
const doc = (await (await t.request('/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, { 'x-access'?: Access; 'x-team-leaders'?: boolean }>>;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({
    key: `${m.toUpperCase()} ${path}`,
    method: m.toUpperCase(),
    path,
    declared: item[m]!['x-access'] as Access,
    declaredTeamLeaders: item[m]!['x-team-leaders'] === true,
    rule: RULES[`${m.toUpperCase()} ${path}`],
    access: RULES[`${m.toUpperCase()} ${path}`]?.access ?? 'public',
  })),
);

let users: MatrixUsers;
/** A second team leader, whose team the first one must not reach. */
let otherLeader: TestUser;
const VOLUNTEERS: Record<Volunteer, VolunteerRole> = { scorer: 'scorer', checkin: 'check-in' };
beforeAll(async () => {
  users = {
    team_leader: await t.createUser('team_leader'),
    moderator: await t.createUser('moderator'),
    admin: await t.createUser('admin'),
    scorer: await t.createUser('team_leader'),
    checkin: await t.createUser('team_leader'),
  };
  otherLeader = await t.createUser('team_leader');
  // Each volunteer's tournament A: a grant that reaches none of the tournaments the fixtures make (each makes its own).
  const home = await createTournament(t.db);
  for (const volunteer of ['scorer', 'checkin'] as const) await grant(volunteer, home.id);
});

/** A live, accepted grant of the volunteer's role for `tournamentId`. */
async function grant(volunteer: Volunteer, tournamentId: string, role: VolunteerRole = VOLUNTEERS[volunteer]) {
  const user = users[volunteer]!;
  await t.db.insert(volunteerGrants).values({
    tournamentId,
    email: user.email,
    role,
    until: '2099-12-31',
    tokenHash: `matrix-${crypto.randomUUID()}`,
    acceptedUserId: user.id,
    acceptedAt: new Date(),
  });
}

/** The tournament a built request names: its path's team or golfer, or its tournamentId query (read here, not by the guard's code). */
async function tournamentOfRequest(path: string, options?: RequestOptions): Promise<string> {
  const team = /\/api\/teams\/([0-9a-f-]{36})/.exec(path)?.[1];
  if (team) return (await t.db.select({ id: teams.tournamentId }).from(teams).where(eq(teams.id, team)))[0]!.id;
  const golfer = /\/api\/admin\/golfers\/([0-9a-f-]{36})/.exec(path)?.[1];
  if (golfer) {
    const [row] = await t.db
      .select({ id: teams.tournamentId })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .where(eq(players.id, golfer));
    return row!.id;
  }
  const query = /[?&]tournamentId=([0-9a-f-]{36})/.exec(path)?.[1];
  if (query) return query;
  // A scanned code's check-in names its tournament in the body (R61).
  const body = (options?.json as { tournamentId?: string } | undefined)?.tournamentId;
  if (body) return body;
  throw new Error(`No tournament in ${path}`);
}

/** Whether a role's caller passes the rule by role alone; a rule with `ownTeam` lets any signed-in caller on to their own team. */
const roleAllowed = (role: Role | null, rule: Rule | undefined, access: Access) =>
  rule?.ownTeam ? roleMeets(role, 'signed-in') : roleMeets(role, access);
afterAll(() => t.close());
// Each row's fixture makes a tournament of its own, open (active) like a real one: about a thousand by the table's end. The
// lists of every open tournament read each one's levels, sponsors, items, holes and raised, so GET /api/events came to take
// 100 s of the file's 280 s (one worker, loaded machine) and GET /api/leaderboard 20 s; at two workers /api/events passed
// the 30 s test timeout (the "stream" timeouts of docs/decisions/100). No row needs an earlier row's tournament, so each
// test's are closed after it: every row still calls its route on its own fixture's data, and the lists answer as before.
afterEach(async () => {
  await t.db.update(tournaments).set({ active: false }).where(eq(tournaments.active, true));
});

/** Builds the route's request as the caller (seeding what it needs), and answers a function that sends it. */
async function prepare(operation: Operation, caller: Caller, owner?: TestUser) {
  const { path, options, fixture } = await fixtureRequest(t, users, operation, caller, owner);
  return () => send(path, options, fixture?.stream);
}

/** Sends a fixture's request. A stream that stays open (Server-Sent Events): its status, then close it; a refusal is no stream, its body is read. */
async function send(path: string, options: RequestOptions | undefined, stream?: boolean) {
  if (!stream) return t.call(path, options);
  const response = await t.request(path, options);
  if (response.status >= 400) return { status: response.status, body: (await response.json()) as unknown };
  await response.body?.cancel();
  return { status: response.status, body: null };
}

describe('the access matrix covers every route', () => {
  it('finds the routes in the OpenAPI document, each with an access rule', () => {
    expect(operations.length).toBeGreaterThan(0);
    const kinds = ['public', 'signed-in', 'staff', 'admin', 'scorer-for-tournament', 'checkin-for-tournament'];
    for (const operation of operations) expect(kinds, operation.key).toContain(operation.declared);
  });

  it('has a rule from docs/rules for every route (add a new route to RULES above)', () => {
    expect(operations.filter((o) => !o.rule).map((o) => o.key)).toEqual([]);
  });

  it('has no rule for a route that no longer exists', () => {
    const known = new Set(operations.map((o) => o.key));
    expect(Object.keys(RULES).filter((key) => !known.has(key))).toEqual([]);
  });

  it('finds every route declared as the table says (the calls below prove it either way)', () => {
    const differ = operations
      .filter((o) => o.rule && o.rule.access !== o.declared)
      .map((o) => `${o.key}: declared ${o.declared}, docs/rules says ${o.rule!.access}`);
    expect(differ).toEqual([]);
    // A tournament-scoped route that lets team leaders on to their own team says so, and only such a route.
    const leaders = operations
      .filter((o) => o.rule && (isVolunteerAccess(o.rule.access) && Boolean(o.rule.ownTeam)) !== o.declaredTeamLeaders)
      .map((o) => o.key);
    expect(leaders).toEqual([]);
  });

  it('has a fixture for every route (add missing ones to src/server/test/route-fixtures.ts)', () => {
    expect(operations.filter((o) => !routeFixtures[o.key]).map((o) => o.key)).toEqual([]);
  });

  it('has no fixture for a route that no longer exists', () => {
    const known = new Set(operations.map((o) => o.key));
    expect(Object.keys(routeFixtures).filter((key) => !known.has(key))).toEqual([]);
  });
});

describe.each(operations)('$key ($access by docs/rules)', (operation) => {
  for (const caller of CALLERS) {
    const allowed = roleAllowed(caller === 'anonymous' ? null : caller, operation.rule, operation.access);
    if (allowed) {
      it(`${caller}: permitted`, async () => {
        const fixture = routeFixtures[operation.key];
        if (!fixture) throw new Error(`No access-matrix fixture for ${operation.key}: add one to src/server/test/route-fixtures.ts`);
        const { status, body } = await (await prepare(operation, caller))();
        expect(status, JSON.stringify(body)).toBe(fixture.expect);
      });
    } else {
      it(`${caller}: refused with ${caller === 'anonymous' ? 401 : 403}, changing nothing`, async () => {
        const send = await prepare(operation, caller);
        const before = await fingerprint(t.db);
        const { status, body } = await send();
        if (caller === 'anonymous') {
          expect(status).toBe(401);
          expect(body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be signed in to do that' } });
        } else {
          expect(status).toBe(403);
          expect(body).toEqual({ error: { code: 'FORBIDDEN', message: "You don't have permission to access this page" } });
        }
        expect(await fingerprint(t.db)).toEqual(before);
      });
    }
  }

  for (const volunteer of ['scorer', 'checkin'] as const) {
    const role = VOLUNTEERS[volunteer];
    if (isVolunteerAccess(operation.access) && VOLUNTEER_ACCESS_ROLE[operation.access] === role) {
      it(`${volunteer} of the request's tournament: permitted (on a team they do not lead)`, async () => {
        const { path, options } = await fixtureRequest(t, users, operation, volunteer, users.team_leader);
        await grant(volunteer, await tournamentOfRequest(path, options));
        const { status, body } = await send(path, options, routeFixtures[operation.key]!.stream);
        expect(status, JSON.stringify(body)).toBe(routeFixtures[operation.key]!.expect);
      });
      it(`${volunteer} of another tournament: refused with 403, changing nothing`, async () => {
        await expectRefused(volunteer, operation);
      });
    } else if (isVolunteerAccess(operation.access)) {
      it(`${volunteer} (the other kind of volunteer) of the request's tournament: refused with 403, changing nothing`, async () => {
        await expectRefused(volunteer, operation, true);
      });
    } else if (roleAllowed('team_leader', operation.rule, operation.access)) {
      it(`${volunteer}: permitted as the team leader they also are`, async () => {
        const { status, body } = await (await prepare(operation, volunteer))();
        expect(status, JSON.stringify(body)).toBe(routeFixtures[operation.key]!.expect);
      });
    } else {
      it(`${volunteer}: refused with 403 like a team leader, changing nothing`, async () => {
        await expectRefused(volunteer, operation);
      });
    }
  }

  const others = operation.rule?.ownTeam?.others;
  if (others) {
    it('another team leader: refused on a team they do not lead, changing nothing', async () => {
      await expectRefusedOnTeamOf(otherLeader, operation, 'team_leader');
    });
    for (const caller of ['moderator', 'admin'] as const) {
      if (roleMeets(caller, others)) {
        it(`${caller}: permitted on a team leader's team`, async () => {
          const { status, body } = await (await prepare(operation, caller, users.team_leader))();
          expect(status, JSON.stringify(body)).toBe(routeFixtures[operation.key]!.expect);
        });
      } else {
        it(`${caller}: refused on a team leader's team, changing nothing`, async () => {
          await expectRefusedOnTeamOf(users.team_leader, operation, caller);
        });
      }
    }
  }
});

/**
 * A volunteer refused (403, the standard message) on `operation`'s request for a team the leader holds, and nothing changes;
 * `grantHere`: the volunteer has a grant (of their own kind) for that request's tournament all the same.
 */
async function expectRefused(volunteer: Volunteer, operation: Operation, grantHere = false) {
  const { path, options } = await fixtureRequest(t, users, operation, volunteer, users.team_leader);
  if (grantHere) await grant(volunteer, await tournamentOfRequest(path, options));
  const before = await fingerprint(t.db);
  const { status, body } = await t.call(path, options);
  expect(status, JSON.stringify(body)).toBe(403);
  // The guard's refusal, or for a team's scores the route's own ('…access this team') once the guard let a leader on.
  expect(body.error.code).toBe('FORBIDDEN');
  expect(await fingerprint(t.db)).toEqual(before);
}

/** A caller acting on `owner`'s team is refused (403, or 404 where the route does not say the team exists) and nothing changes. */
async function expectRefusedOnTeamOf(owner: TestUser, operation: Operation, caller: Caller) {
  const send = await prepare(operation, caller, owner);
  const before = await fingerprint(t.db);
  const { status, body } = await send();
  expect([403, 404], JSON.stringify(body)).toContain(status);
  expect(await fingerprint(t.db)).toEqual(before);
}
