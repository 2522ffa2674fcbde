// One valid request per API route, for the access matrix (src/server/http/access-matrix.test.ts).
// Every route the OpenAPI document lists needs an entry here: the matrix fails, naming the route, until it has one.
// An entry builds the request a permitted caller would send (seeding whatever it needs through the services) and
// says which status that caller gets. The matrix sends the same request as every caller the route's x-access refuses
// and checks the refusal (401/403) changed nothing in the database.
import { randomBytes, randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { createUserAccount } from '../account/service';
import { hashOncePerPassword } from './hash-once';
import { payments, players, teams, verification, waitlistEntries } from '../db/schema';
import { createCourse } from '../courses/service';
import { createSponsorshipLevel } from '../sponsorship/service';
import { storeImage } from '../images/service';
import { createItem } from '../items/service';
import { createCode } from '../pricing/codes-service';
import { discountCodeSchema } from '../../shared/pricing-schemas';
import { createAddon } from '../addons/service';
import sharp from 'sharp';
import { registerTeams } from '../registration/service';
import { recordOfflineGift } from '../donations/service';
import { linkKey, receiptSubject, statementSubject } from '../receipts/service';
import { offlineGiftSchema } from '../../shared/fundraising-schemas';
import { queueMessage } from '../messages/service';
import { saveSideGameSettings } from '../side-games/service';
import { openRaise, recordPaddle } from '../paddle-raise/service';
import { bidderFor } from '../auction/bidders';
import { openRaiseSchema } from '../../shared/paddle-raise-schemas';
import { inviteVolunteer } from '../volunteers/service';
import {
  createLevel,
  createRegisteredTeam,
  createSingle,
  createTournament,
  daysFromToday,
  playersInput,
  registrationInput,
  singleInput,
} from './factories';
import { paymentIdOf } from './admin-fixtures';
import { addQuestion } from '../golfer-answers/service';
import { issueLinks } from '../golfer-answers/links';
import { createLot, setAuctionTimes } from '../auction/lots';
import { closeDueLots } from '../auction/closing';
import { insertLot, openAuction, placeBids } from './auction-lots';
import { createTournamentDay } from './tournament-day-fixtures';
import { localDate } from '../../shared/editing-lock';
import type { Role } from '../../shared/roles';
import { TEST_PASSWORD, uniqueEmail, type RequestOptions, type TestApp, type TestUser } from './test-app';

/** A small logo, made once. */
let samplePngBytes: Promise<Buffer> | undefined;
const samplePng = () =>
  (samplePngBytes ??= sharp({ create: { width: 40, height: 20, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer());

const matrixItemInput = { name: 'Hole sponsor', includes: 'A sign', priceCents: 25_000, quantity: 18, fmvCents: 0, isHole: true };
const matrixAddonInput = { name: 'Mulligan', priceCents: 1_000, maxPerGolfer: 2 };
const itemBuyer = { sponsorName: 'Matrix Co', contactName: 'Pat Lee', contactEmail: 'pat@example.org' };
const matrixLevel = async (t: TestApp) => {
  const tournament = await createTournament(t.db);
  return { ...(await createLevel(t.db, tournament.id)), tournamentId: tournament.id };
};
const matrixCodeInput = (levelId: string) => ({
  code: `M${randomBytes(4).toString('hex')}`,
  kind: 'free',
  levelIds: [levelId],
  maxUses: 2,
});
/** A code of its own tournament and level. */
const matrixCode = async (t: TestApp) => {
  const level = await matrixLevel(t);
  return createCode(t.db, level.tournamentId, discountCodeSchema.parse(matrixCodeInput(level.id)));
};
const matrixItem = async (t: TestApp) => createItem(t.db, (await createTournament(t.db)).id, matrixItemInput);
/** A registered team of `userId`'s, an add-on its tournament offers and its first golfer. */
async function teamWithAddon(t: TestApp, userId: string) {
  const { tournament, team } = await createRegisteredTeam(t.db, userId);
  const addon = await createAddon(t.db, tournament.id, matrixAddonInput);
  const [player] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
  return { team, addon, playerId: player!.id };
}
/** A cheque gift staff record (R35). */
const offlineGift = (tournamentId: string) =>
  offlineGiftSchema.parse({
    tournamentId,
    amount: '100',
    name: 'Matrix Giver',
    email: 'matrix@example.org',
    method: 'cheque',
    note: 'No. 7',
  });
/** A registered team's first golfer, asked to answer for themselves (R42): the token of their personal link. */
async function askedGolfer(t: TestApp, owner: TestUser) {
  const { team } = await createRegisteredTeam(t.db, owner.id);
  const [golfer] = await t.db
    .update(players)
    .set({ answeredBy: 'golfer' })
    .where(eq(players.teamId, team.id))
    .returning({ id: players.id });
  return (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
}

/** A tournament played three days ago with one team (a leader with an address): what R59's thank-you and results need. */
async function finishedTournament(t: TestApp) {
  const tournament = await createTournament(t.db, { startDate: daysFromToday(-3), active: false });
  await t.db
    .insert(teams)
    .values({ tournamentId: tournament.id, name: 'Finished Four', contactName: 'Fin Ish', contactEmail: uniqueEmail('fin') });
  return tournament;
}

/** An active tournament with an open paddle raise (R56) and a dinner guest's bidder number. */
async function matrixRaise(t: TestApp) {
  const tournament = await createTournament(t.db, { active: true });
  const raise = await openRaise(
    t.db,
    openRaiseSchema.parse({ tournamentId: tournament.id, title: 'Fund the bus', levels: '1,000 / 100' }),
    new Date(),
  );
  const bidder = await bidderFor(t.db, tournament.id, { name: 'Dinner Guest', email: '' });
  return { raise, bidder };
}
/** A golfer's personal link (R42) in a tournament with an open raise. */
async function golferAtRaise(t: TestApp, owner: TestUser) {
  const { tournament, team } = await createRegisteredTeam(t.db, owner.id);
  const [golfer] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id)).limit(1);
  const token = (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
  const raise = await openRaise(
    t.db,
    openRaiseSchema.parse({ tournamentId: tournament.id, title: 'Fund the bus', levels: '1,000 / 100' }),
    new Date(),
  );
  return { token, raiseId: raise.id };
}

/** An open invitation (R60) of `email` to a new tournament, made by `invitedBy`. */
const matrixInvitation = async (t: TestApp, email: string, invitedBy: string) =>
  inviteVolunteer(
    t.db,
    { tournamentId: (await createTournament(t.db)).id, email, role: 'check-in', until: '2099-12-31' },
    invitedBy,
    '2000-01-01',
  );

const matrixLotInput = { title: 'Weekend at the lake', openingBidCents: 10_000, minRaiseCents: 1_000 };
/** A tournament whose auction is open now (R53), one lot in it, and a golfer link of that tournament (R42). */
async function openLot(t: TestApp, owner: TestUser) {
  const { tournament, team } = await createRegisteredTeam(t.db, owner.id);
  const now = Date.now();
  await setAuctionTimes(t.db, tournament.id, {
    opensAt: new Date(now - 3600_000).toISOString(),
    closesAt: new Date(now + 3600_000).toISOString(),
  });
  const lot = await createLot(t.db, tournament.id, matrixLotInput);
  const [golfer] = await t.db
    .update(players)
    .set({ answeredBy: 'golfer' })
    .where(eq(players.teamId, team.id))
    .returning({ id: players.id });
  const token = (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
  return { tournament, lot, token };
}

/** R55: a closed auction with one lot won by a guest bidder: the lot's id. */
async function wonLot(t: TestApp) {
  const tournament = await createTournament(t.db);
  await openAuction(t.db, tournament.id, new Date(Date.now() - 1_000));
  const bidder = await bidderFor(t.db, tournament.id, { name: 'Matrix Bidder', email: 'bidder@example.org' });
  const lot = await insertLot(t.db, tournament.id, { title: 'Matrix lot' });
  await placeBids(t.db, lot.id, [{ bidder, amountCents: 9_000 }]);
  await closeDueLots(t.db, new Date(), { appUrl: t.config.appUrl, currency: t.config.currency });
  return { tournamentId: tournament.id, lotId: lot.id };
}
/** A registered team's first golfer's personal link (R42). */
async function golferToken(t: TestApp, owner: TestUser) {
  const { team } = await createRegisteredTeam(t.db, owner.id);
  const [golfer] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
  return (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
}

/** Level and course names must be unique. */
const uniqueName = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;

export interface FixtureContext {
  t: TestApp;
  /** Who calls: null for an anonymous browser. */
  caller: TestUser | null;
  /** One signed-in user per role, shared by the whole matrix. */
  users: Record<Role, TestUser>;
  /** A new session of the caller (for routes that would end the caller's own session), or undefined when anonymous. */
  freshCookie(): Promise<string | undefined>;
  /** The caller, or the team leader when anonymous: whose data a request works on. */
  owner: TestUser;
}

export interface RouteRequest extends Omit<RequestOptions, 'method'> {
  /** The path with its parameters filled in; the route's own path when it has none. */
  path?: string;
}

export interface RouteFixture {
  /** The request; by default the route's path with no body. The caller's cookie is added unless `cookie` is given. */
  request?(ctx: FixtureContext): Promise<RouteRequest> | RouteRequest;
  /** The status a permitted caller gets for this request. */
  expect: number;
  /** The answer is a stream that does not end (Server-Sent Events): only its status is read, then it is closed. */
  stream?: boolean;
}

/** Who calls: anonymous, the signed-in user of a role, or (R60) a volunteer (a team leader's account with a grant). */
export type Caller = 'anonymous' | Role | Volunteer;
export type Volunteer = 'scorer' | 'checkin';
/** The matrix's users: one per role, and the two volunteers. */
export type MatrixUsers = Record<Role, TestUser> & Partial<Record<Volunteer, TestUser>>;

/** An operation of the OpenAPI document: `GET /api/teams/{id}`. */
interface FixtureOperation {
  key: string;
  method: string;
  path: string;
}

/**
 * The request the route's fixture builds for `caller` on `owner`'s data (seeding what it needs), with the caller's cookie
 * unless the fixture names one; for a route without a fixture, its parameters filled with made-up ids and an empty JSON body.
 */
export async function fixtureRequest(
  t: TestApp,
  users: MatrixUsers,
  operation: FixtureOperation,
  caller: Caller,
  owner?: TestUser,
): Promise<{ path: string; options: RequestOptions; fixture: RouteFixture | undefined }> {
  const user = caller === 'anonymous' ? null : (users[caller] ?? null);
  if (caller !== 'anonymous' && !user) throw new Error(`No matrix user for ${caller}`);
  const context: FixtureContext = {
    t,
    caller: user,
    users,
    owner: owner ?? user ?? users.team_leader,
    freshCookie: async () => (user ? t.signIn(user.email) : undefined),
  };
  const fixture = routeFixtures[operation.key];
  const request: RouteRequest = fixture?.request ? await fixture.request(context) : placeholderRequest(operation);
  const { path, ...rest } = request;
  return { path: path ?? operation.path, options: { ...rest, method: operation.method, cookie: request.cookie ?? user?.cookie }, fixture };
}

/** A route's path with its parameters filled with a made-up id; an empty JSON body where a write may take one. */
export function placeholderRequest(operation: FixtureOperation): RouteRequest {
  const path = operation.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
  return operation.method === 'GET' || operation.method === 'DELETE' ? { path } : { path, json: {} };
}

export const routeFixtures: Record<string, RouteFixture> = {
  'GET /api/health': { expect: 200 },

  // ── account ──
  'POST /api/account/sign-up': {
    request: () => ({ json: { firstName: 'New', lastName: 'Golfer', email: uniqueEmail('matrix'), password: TEST_PASSWORD } }),
    expect: 201,
  },
  'GET /api/account/me': { expect: 200 },
  'PUT /api/account/profile': {
    request: ({ caller }) => ({ json: { firstName: caller?.firstName ?? 'Anon', lastName: 'Updated', company: 'Matrix Co' } }),
    expect: 200,
  },

  // ── auth ──
  'POST /api/auth/sign-in/email': {
    request: ({ caller, users }) => ({ json: { email: (caller ?? users.team_leader).email, password: TEST_PASSWORD } }),
    expect: 200,
  },
  'POST /api/auth/sign-out': {
    // Signs out a second session of the caller, so the matrix's own cookie keeps working.
    request: async ({ freshCookie }) => ({ cookie: (await freshCookie()) ?? '' }),
    expect: 200,
  },
  'GET /api/auth/get-session': { expect: 200 },
  'GET /api/auth/verify-email': {
    request: async ({ t }) => {
      const created = await createUserAccount(
        t.db,
        {
          firstName: 'Un',
          lastName: 'Confirmed',
          email: uniqueEmail('unconfirmed'),
          password: TEST_PASSWORD,
        },
        hashOncePerPassword,
      );
      const { secret } = await t.deps.auth.$context;
      const token = await createEmailVerificationToken(secret, created.email, undefined, 3600, { userId: created.id });
      const callbackURL = encodeURIComponent(`${t.config.appUrl}/register`);
      return { path: `/api/auth/verify-email?token=${token}&callbackURL=${callbackURL}` };
    },
    expect: 302,
  },
  'POST /api/auth/request-password-reset': {
    request: () => ({ json: { email: uniqueEmail('forgetful') } }),
    expect: 200,
  },
  'POST /api/auth/reset-password': {
    request: async ({ t }) => {
      const created = await createUserAccount(
        t.db,
        {
          firstName: 'For',
          lastName: 'Got',
          email: uniqueEmail('reset'),
          password: TEST_PASSWORD,
          emailVerified: true,
        },
        hashOncePerPassword,
      );
      await t.call('/api/auth/request-password-reset', { json: { email: created.email } });
      const [row] = await t.db.select({ identifier: verification.identifier }).from(verification).where(eq(verification.value, created.id));
      return { json: { token: row!.identifier.replace('reset-password:', ''), newPassword: 'a fresh reset 42' } };
    },
    expect: 200,
  },
  'POST /api/auth/change-password': {
    // Changing ends the account's other sessions: a user of the caller's role of its own, so the matrix's cookies live on.
    request: async ({ t, caller }) => {
      const own = caller ? await t.createUser(caller.role) : null;
      return { cookie: own?.cookie, json: { currentPassword: TEST_PASSWORD, newPassword: 'a changed secret 42' } };
    },
    expect: 200,
  },

  // ── tournaments ──
  'GET /api/tournaments/active': { expect: 200 },
  'GET /api/tournaments/{id}/levels': {
    request: async ({ t }) => {
      const tournament = await createTournament(t.db);
      await createLevel(t.db, tournament.id);
      return { path: `/api/tournaments/${tournament.id}/levels` };
    },
    expect: 200,
  },

  // ── admin: tournaments ──
  'GET /api/admin/tournaments': { expect: 200 },
  'GET /api/admin/tournaments/{id}': {
    request: async ({ t }) => ({ path: `/api/admin/tournaments/${(await createTournament(t.db)).id}` }),
    expect: 200,
  },
  'POST /api/admin/tournaments': {
    request: () => ({ json: { name: 'Matrix Open', startDate: '2027-06-04', active: true, maxTeams: 20 } }),
    expect: 201,
  },
  'PUT /api/admin/tournaments/{id}': {
    request: async ({ t }) => {
      const tournament = await createTournament(t.db);
      const level = await createLevel(t.db, tournament.id);
      const levels = [{ sponsorshipLevelId: level.sponsorshipLevelId, priceCents: 75_000, maxTeams: 5 }];
      return {
        path: `/api/admin/tournaments/${tournament.id}`,
        json: { name: 'Matrix Renamed', startDate: tournament.startDate, active: true, levels },
      };
    },
    expect: 200,
  },
  'PATCH /api/admin/tournaments/{id}/active': {
    request: async ({ t }) => ({
      path: `/api/admin/tournaments/${(await createTournament(t.db, { active: false })).id}/active`,
      json: { active: true },
    }),
    expect: 200,
  },

  // ── admin: sponsorship levels and golf courses ──
  'GET /api/admin/sponsorship-levels': { expect: 200 },
  'POST /api/admin/sponsorship-levels': {
    request: () => ({ json: { name: uniqueName('Matrix Level'), description: 'Tee sign', maxTeams: 3 } }),
    expect: 201,
  },
  'PUT /api/admin/sponsorship-levels/{id}': {
    request: async ({ t }) => {
      const level = await createSponsorshipLevel(t.db, { name: uniqueName('Matrix Level') });
      return { path: `/api/admin/sponsorship-levels/${level.id}`, json: { name: uniqueName('Renamed Level'), maxTeams: 5 } };
    },
    expect: 200,
  },
  'DELETE /api/admin/sponsorship-levels/{id}': {
    request: async ({ t }) => ({
      path: `/api/admin/sponsorship-levels/${(await createSponsorshipLevel(t.db, { name: uniqueName('Matrix Level') })).id}`,
    }),
    expect: 204,
  },
  'GET /api/admin/courses': { expect: 200 },
  'POST /api/admin/courses': {
    request: () => ({ json: { name: uniqueName('Matrix Links'), totalHoles: 9, description: 'Nine holes' } }),
    expect: 201,
  },
  'PUT /api/admin/courses/{id}': {
    request: async ({ t }) => {
      const course = await createCourse(t.db, { name: uniqueName('Matrix Links') });
      return { path: `/api/admin/courses/${course.id}`, json: { name: uniqueName('Renamed Links'), totalHoles: 12 } };
    },
    expect: 200,
  },
  'DELETE /api/admin/courses/{id}': {
    request: async ({ t }) => ({ path: `/api/admin/courses/${(await createCourse(t.db, { name: uniqueName('Matrix Links') })).id}` }),
    expect: 204,
  },
  'GET /api/admin/courses/{id}/holes': {
    request: async ({ t }) => ({ path: `/api/admin/courses/${(await createCourse(t.db, { name: uniqueName('Matrix Links') })).id}/holes` }),
    expect: 200,
  },
  'PUT /api/admin/courses/{id}/stroke-indexes': {
    request: async ({ t }) => ({
      path: `/api/admin/courses/${(await createCourse(t.db, { name: uniqueName('Matrix Links'), totalHoles: 9 })).id}/stroke-indexes`,
      json: { strokeIndexes: [9, 1, 5, 3, 7, 2, 8, 4, 6] },
    }),
    expect: 200,
  },
  'PUT /api/admin/courses/{id}/holes/{holeNumber}': {
    request: async ({ t }) => ({
      path: `/api/admin/courses/${(await createCourse(t.db, { name: uniqueName('Matrix Links') })).id}/holes/3`,
      json: { par: 5 },
    }),
    expect: 200,
  },

  // ── admin: users ──
  'GET /api/admin/users': { request: () => ({ path: '/api/admin/users?q=casey&page=1' }), expect: 200 },
  'POST /api/admin/users': {
    request: () => ({
      json: { firstName: 'Made', lastName: 'ByAdmin', email: uniqueEmail('matrix-user'), password: TEST_PASSWORD, role: 'moderator' },
    }),
    expect: 201,
  },
  'PATCH /api/admin/users/{id}/role': {
    request: async ({ t }) => {
      const created = await createUserAccount(
        t.db,
        {
          firstName: 'Role',
          lastName: 'Change',
          email: uniqueEmail('matrix-role'),
          password: TEST_PASSWORD,
        },
        hashOncePerPassword,
      );
      return { path: `/api/admin/users/${created.id}/role`, json: { role: 'moderator' } };
    },
    expect: 200,
  },
  'DELETE /api/admin/users/{id}': {
    request: async ({ t }) => {
      const created = await createUserAccount(
        t.db,
        {
          firstName: 'To',
          lastName: 'Delete',
          email: uniqueEmail('matrix-delete'),
          password: TEST_PASSWORD,
        },
        hashOncePerPassword,
      );
      return { path: `/api/admin/users/${created.id}` };
    },
    expect: 204,
  },

  // ── admin: dashboard, teams, payments ──
  'GET /api/admin/dashboard': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/dashboard?tournamentId=${(await createRegisteredTeam(t.db, owner.id)).tournament.id}`,
    }),
    expect: 200,
  },
  'GET /api/admin/teams': { request: () => ({ path: '/api/admin/teams?q=team&sort=name&dir=asc&page=1' }), expect: 200 },
  'GET /api/admin/teams/export.csv': { request: () => ({ path: '/api/admin/teams/export.csv?sort=players' }), expect: 200 },
  'GET /api/admin/teams/form-options': { expect: 200 },
  'POST /api/admin/teams': {
    request: async ({ t }) => {
      const tournament = await createTournament(t.db);
      const level = await createLevel(t.db, tournament.id);
      return {
        json: {
          tournamentId: tournament.id,
          sponsorshipLevelId: level.id,
          teamName: 'Matrix Added',
          players: playersInput('Added').slice(0, 2),
        },
      };
    },
    expect: 201,
  },
  'GET /api/admin/teams/{id}': {
    request: async ({ t, owner }) => ({ path: `/api/admin/teams/${(await createRegisteredTeam(t.db, owner.id)).team.id}` }),
    expect: 200,
  },
  'PATCH /api/admin/teams/{id}/status': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/teams/${(await createRegisteredTeam(t.db, owner.id)).team.id}/status`,
      json: { status: 'paid' },
    }),
    expect: 200,
  },
  'DELETE /api/admin/teams/{id}': {
    request: async ({ t, owner }) => ({ path: `/api/admin/teams/${(await createRegisteredTeam(t.db, owner.id)).team.id}` }),
    expect: 204,
  },
  'GET /api/admin/backups': { expect: 200 },
  // ── organisation settings (R51) ──
  'GET /api/admin/settings': { expect: 200 },
  'PUT /api/admin/settings': {
    request: async () => ({
      json: {
        name: 'Fairway Friends',
        legalName: 'Fairway Friends Inc.',
        taxId: '',
        contactEmail: '',
        logoImageId: null,
        mailFromName: 'Fairway Friends',
      },
    }),
    expect: 200,
  },
  // The test app has no SMTP_URL: the answer says so (settings.test.ts drives the mail server's other answers).
  'POST /api/admin/settings/test-email': { request: async () => ({ json: {} }), expect: 200 },
  'PUT /api/admin/settings/fee': { request: async () => ({ json: { basisPoints: 290, fixedCents: 30 } }), expect: 200 },

  // ── sponsorship items (R36) ──
  'GET /api/items': { request: async ({ t }) => ({ path: `/api/items?tournamentId=${(await createTournament(t.db)).id}` }), expect: 200 },
  'GET /api/items/purchases/mine': { expect: 200 },
  'POST /api/items/purchases': {
    request: async ({ t }) => ({ json: { ...itemBuyer, itemId: (await matrixItem(t)).id, holeNumber: 1 } }),
    expect: 201,
  },
  'GET /api/admin/tournaments/{tournamentId}/items': {
    request: async ({ t }) => ({ path: `/api/admin/tournaments/${(await createTournament(t.db)).id}/items` }),
    expect: 200,
  },
  'POST /api/admin/tournaments/{tournamentId}/items': {
    request: async ({ t }) => ({ path: `/api/admin/tournaments/${(await createTournament(t.db)).id}/items`, json: matrixItemInput }),
    expect: 201,
  },
  'PUT /api/admin/items/{id}': {
    request: async ({ t }) => ({ path: `/api/admin/items/${(await matrixItem(t)).id}`, json: { ...matrixItemInput, name: 'Renamed' } }),
    expect: 200,
  },
  'DELETE /api/admin/items/{id}': {
    request: async ({ t }) => ({ path: `/api/admin/items/${(await matrixItem(t)).id}` }),
    expect: 204,
  },

  // ── discount codes (R57) and 'Apply' (R57, R58) ──
  'GET /api/admin/tournaments/{tournamentId}/codes': {
    request: async ({ t }) => ({ path: `/api/admin/tournaments/${(await createTournament(t.db)).id}/codes` }),
    expect: 200,
  },
  'POST /api/admin/tournaments/{tournamentId}/codes': {
    request: async ({ t }) => {
      const level = await matrixLevel(t);
      return { path: `/api/admin/tournaments/${level.tournamentId}/codes`, json: matrixCodeInput(level.id) };
    },
    expect: 201,
  },
  'PUT /api/admin/codes/{id}': {
    request: async ({ t }) => {
      const code = await matrixCode(t);
      return { path: `/api/admin/codes/${code.id}`, json: matrixCodeInput(code.levelIds[0]!) };
    },
    expect: 200,
  },
  'DELETE /api/admin/codes/{id}': { request: async ({ t }) => ({ path: `/api/admin/codes/${(await matrixCode(t)).id}` }), expect: 204 },
  'POST /api/pricing/quote': {
    request: async ({ t }) => {
      const level = await matrixLevel(t);
      return { json: { tournamentId: level.tournamentId, levelId: level.id, code: 'NOPE' } };
    },
    expect: 200,
  },

  // ── golfer add-ons (R37) ──
  'GET /api/addons': { request: async ({ t }) => ({ path: `/api/addons?tournamentId=${(await createTournament(t.db)).id}` }), expect: 200 },
  'GET /api/teams/{teamId}/addons': {
    request: async ({ t, owner }) => ({ path: `/api/teams/${(await teamWithAddon(t, owner.id)).team.id}/addons` }),
    expect: 200,
  },
  'POST /api/teams/{teamId}/addons': {
    request: async ({ t, owner }) => {
      const { team, addon, playerId } = await teamWithAddon(t, owner.id);
      return { path: `/api/teams/${team.id}/addons`, json: { lines: [{ playerId, addonId: addon.id, quantity: 1 }] } };
    },
    expect: 201,
  },
  'POST /api/admin/golfers/{playerId}/addons': {
    request: async ({ t, users }) => {
      const { addon, playerId } = await teamWithAddon(t, users.team_leader.id);
      return { path: `/api/admin/golfers/${playerId}/addons`, json: { addonId: addon.id, quantity: 1, method: 'cash' } };
    },
    expect: 201,
  },
  'GET /api/admin/tournaments/{tournamentId}/addons': {
    request: async ({ t }) => ({ path: `/api/admin/tournaments/${(await createTournament(t.db)).id}/addons` }),
    expect: 200,
  },
  'POST /api/admin/tournaments/{tournamentId}/addons': {
    request: async ({ t }) => ({ path: `/api/admin/tournaments/${(await createTournament(t.db)).id}/addons`, json: matrixAddonInput }),
    expect: 201,
  },
  'PUT /api/admin/addons/{id}': {
    request: async ({ t }) => ({
      path: `/api/admin/addons/${(await createAddon(t.db, (await createTournament(t.db)).id, matrixAddonInput)).id}`,
      json: { ...matrixAddonInput, name: 'Raffle ticket' },
    }),
    expect: 200,
  },
  'DELETE /api/admin/addons/{id}': {
    request: async ({ t }) => ({
      path: `/api/admin/addons/${(await createAddon(t.db, (await createTournament(t.db)).id, matrixAddonInput)).id}`,
    }),
    expect: 204,
  },

  // ── images ──
  'POST /api/images': {
    request: async () => {
      const form = new FormData();
      form.append('file', new File([(await samplePng()) as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
      return { body: form };
    },
    expect: 201,
  },
  'GET /api/images/{id}/{variant}': {
    request: async ({ t }) => {
      const image = await storeImage(t.db, await samplePng(), { purpose: 'logo', uploadedBy: null });
      return { path: image.variants[0]!.url };
    },
    expect: 200,
  },

  // ── side games (R44) ──
  'GET /api/side-games/{tournamentId}': {
    request: async ({ t, owner }) => ({
      path: `/api/side-games/${(await createTournamentDay(t.db, owner.id, { teams: 1, holes: 9 })).tournament.id}`,
    }),
    expect: 200,
  },
  'PUT /api/side-games/{tournamentId}/settings': {
    request: async ({ t, owner }) => ({
      path: `/api/side-games/${(await createTournamentDay(t.db, owner.id, { teams: 1, holes: 9 })).tournament.id}/settings`,
      json: { skins: 'gross', closestToPinHoles: [3], longestDriveHoles: [9] },
    }),
    expect: 200,
  },
  'PUT /api/side-games/{tournamentId}/results': {
    request: async ({ t, owner }) => {
      const {
        tournament,
        teams: [team],
      } = await createTournamentDay(t.db, owner.id, { teams: 1, holes: 9 });
      await saveSideGameSettings(t.db, tournament.id, { skins: 'off', closestToPinHoles: [3], longestDriveHoles: [] });
      return {
        path: `/api/side-games/${tournament.id}/results`,
        json: { contest: 'closest_to_pin', hole: 3, teamId: team!.id, playerId: team!.players[0], distance: 51, holeInOne: false },
      };
    },
    expect: 200,
  },

  // ── messages (R45) ──
  'GET /api/admin/messages': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/messages?tournamentId=${(await createRegisteredTeam(t.db, owner.id)).tournament.id}`,
    }),
    expect: 200,
  },
  'POST /api/admin/messages/preview': {
    request: async ({ t, owner }) => ({
      json: { tournamentId: (await createRegisteredTeam(t.db, owner.id)).tournament.id, audience: 'leaders', subject: 'Hi', body: 'Hello' },
    }),
    expect: 200,
  },
  'POST /api/admin/messages': {
    request: async ({ t, owner }) => ({
      json: { tournamentId: (await createRegisteredTeam(t.db, owner.id)).tournament.id, audience: 'golfers', subject: 'Hi', body: 'Hello' },
    }),
    expect: 201,
  },
  // ── the next year and after the outing (R59) ──
  'POST /api/admin/tournaments/{id}/copy': {
    request: async ({ t }) => ({
      path: `/api/admin/tournaments/${(await createTournament(t.db)).id}/copy`,
      json: { name: uniqueName('Next Year'), startDate: daysFromToday(400), endDate: null },
    }),
    expect: 201,
  },
  'POST /api/admin/tournaments/{id}/thank-you': {
    request: async ({ t }) => ({ path: `/api/admin/tournaments/${(await finishedTournament(t)).id}/thank-you` }),
    expect: 201,
  },
  'POST /api/admin/year-statements': {
    // A payer of this year not yet sent their statement, so a second permitted call has someone new to write to.
    request: async ({ t, users }) => {
      await recordOfflineGift(t.db, { ...offlineGift((await createTournament(t.db)).id), email: uniqueEmail('payer') }, users.admin.id);
      return { json: { year: Number(localDate(new Date(), t.config.timeZone).slice(0, 4)) } };
    },
    expect: 201,
  },
  'GET /api/results/{tournamentId}': {
    request: async ({ t }) => ({ path: `/api/results/${(await finishedTournament(t)).id}` }),
    expect: 200,
  },
  'GET /api/admin/messages/{id}': {
    request: async ({ t, owner, users }) => {
      const { tournament } = await createRegisteredTeam(t.db, owner.id);
      const queued = await queueMessage(
        t.db,
        { tournamentId: tournament.id, audience: 'leaders', subject: 'Hi', body: 'Hello' },
        { userId: users.admin.id, name: 'Admin' },
      );
      return { path: `/api/admin/messages/${queued.id}` };
    },
    expect: 200,
  },
  'GET /api/admin/payments': { request: () => ({ path: '/api/admin/payments?state=in_progress&page=1' }), expect: 200 },
  'GET /api/admin/payments/export.csv': { expect: 200 },
  'PATCH /api/admin/payments/{id}': {
    request: async ({ t, owner }) => {
      const { team } = await createRegisteredTeam(t.db, owner.id);
      return { path: `/api/admin/payments/${await paymentIdOf(t.db, team.id)}`, json: { state: 'paid', note: 'Cheque received' } };
    },
    expect: 200,
  },
  'GET /api/admin/payments/{id}/history': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/payments/${await paymentIdOf(t.db, (await createRegisteredTeam(t.db, owner.id)).team.id)}/history`,
    }),
    expect: 200,
  },
  // The matrix's app has no Stripe settings: a permitted caller is told card payments are off (409), and nothing changes.
  'POST /api/admin/payments/{id}/refund': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/payments/${await paymentIdOf(t.db, (await createRegisteredTeam(t.db, owner.id)).team.id)}/refund`,
    }),
    expect: 409,
  },
  'POST /api/admin/teams/{id}/extend': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/teams/${(await createRegisteredTeam(t.db, owner.id)).team.id}/extend`,
      json: { hours: 24 },
    }),
    expect: 200,
  },
  'POST /api/admin/teams/{id}/reinstate': {
    request: async ({ t, owner }) => {
      const { team } = await createRegisteredTeam(t.db, owner.id);
      await t.db.update(teams).set({ paymentStatus: 'expired' }).where(eq(teams.id, team.id));
      await t.db.update(payments).set({ state: 'expired' }).where(eq(payments.teamId, team.id));
      return { path: `/api/admin/teams/${team.id}/reinstate` };
    },
    expect: 200,
  },
  'POST /api/payments/checkout': {
    request: async ({ t, owner }) => ({ json: { teamIds: [(await createRegisteredTeam(t.db, owner.id)).team.id] } }),
    expect: 409,
  },
  'GET /api/payments/checkout/{sessionId}': { request: () => ({ path: '/api/payments/checkout/cs_test_unknown' }), expect: 404 },
  'POST /api/payments/webhook': {
    request: () => ({ body: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, origin: null }),
    expect: 404,
  },
  // ── fundraising (R35, R38, R39) ──
  // The matrix's app has no Stripe: a card gift is told card payments are off (409), and nothing is saved.
  'POST /api/donations': {
    request: async ({ t }) => ({
      json: { tournamentId: (await createTournament(t.db)).id, amount: '25.00', name: 'Matrix Donor', email: uniqueEmail('gift') },
    }),
    expect: 409,
  },
  'GET /api/donations/checkout/{sessionId}': { request: () => ({ path: '/api/donations/checkout/cs_test_unknown' }), expect: 404 },
  'GET /api/tournaments/{id}/raised': {
    request: async ({ t }) => ({ path: `/api/tournaments/${(await createTournament(t.db)).id}/raised` }),
    expect: 200,
  },
  'GET /api/tournaments/{id}/donors': {
    request: async ({ t }) => ({ path: `/api/tournaments/${(await createTournament(t.db)).id}/donors` }),
    expect: 200,
  },
  'GET /api/receipts/{id}': {
    request: async ({ t, users }) => {
      const gift = await recordOfflineGift(t.db, offlineGift((await createTournament(t.db)).id), users.admin.id);
      const key = linkKey((await t.deps.auth.$context).secret, receiptSubject(gift.paymentId));
      return { path: `/api/receipts/${gift.paymentId}?key=${key}` };
    },
    expect: 200,
  },
  'GET /api/statements': {
    request: async ({ t }) => {
      const key = linkKey((await t.deps.auth.$context).secret, statementSubject('matrix@example.org', new Date().getUTCFullYear()));
      return { path: `/api/statements?email=matrix@example.org&year=${new Date().getUTCFullYear()}&key=${key}` };
    },
    expect: 200,
  },
  'GET /api/admin/donations': {
    request: async ({ t }) => ({ path: `/api/admin/donations?tournamentId=${(await createTournament(t.db)).id}` }),
    expect: 200,
  },
  'POST /api/admin/donations': {
    request: async ({ t }) => ({ json: offlineGift((await createTournament(t.db)).id) }),
    expect: 201,
  },
  'GET /api/admin/statements.csv': {
    request: () => ({ path: `/api/admin/statements.csv?year=${new Date().getUTCFullYear()}` }),
    expect: 200,
  },
  // ── golfers answer for themselves (R42) ──
  'GET /api/golfer-answers/{token}': {
    request: async ({ t, owner }) => ({ path: `/api/golfer-answers/${await askedGolfer(t, owner)}` }),
    expect: 200,
  },
  'PUT /api/golfer-answers/{token}': {
    request: async ({ t, owner }) => ({
      path: `/api/golfer-answers/${await askedGolfer(t, owner)}`,
      json: { handicapIndex: 8.2, shirtSize: 'M', dietaryNeeds: 'Vegetarian' },
    }),
    expect: 200,
  },
  // ── singles and pairing (R43) ──
  'GET /api/admin/pairing': {
    request: async ({ t }) => ({ path: `/api/admin/pairing?tournamentId=${(await createTournament(t.db)).id}` }),
    expect: 200,
  },
  'POST /api/admin/pairing': {
    request: async ({ t, owner }) => {
      const tournament = await createTournament(t.db);
      const level = await createLevel(t.db, tournament.id, { singlePriceCents: 12_500 });
      const single = await createSingle(t.db, owner.id, tournament.id, level.id);
      return { json: { tournamentId: tournament.id, singleIds: [single.id], newTeamName: 'The Singles' } };
    },
    expect: 200,
  },
  'GET /api/admin/golfer-questions': {
    request: async ({ t }) => ({ path: `/api/admin/golfer-questions?tournamentId=${(await createTournament(t.db)).id}` }),
    expect: 200,
  },
  'POST /api/admin/golfer-questions': {
    request: async ({ t }) => ({
      path: `/api/admin/golfer-questions?tournamentId=${(await createTournament(t.db)).id}`,
      // A choice question, so that every field of the body (its choices too) is one the service keeps.
      json: { label: 'Tee box', kind: 'choice', choices: ['Blue', 'Red'], required: true },
    }),
    expect: 201,
  },
  'DELETE /api/admin/golfer-questions/{id}': {
    request: async ({ t }) => {
      const question = await addQuestion(t.db, (await createTournament(t.db)).id, {
        label: 'Tee box',
        kind: 'choice',
        choices: ['Blue', 'Red'],
      });
      return { path: `/api/admin/golfer-questions/${question.id}` };
    },
    expect: 200,
  },
  'GET /api/admin/golfer-answers': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/golfer-answers?tournamentId=${(await createRegisteredTeam(t.db, owner.id)).tournament.id}`,
    }),
    expect: 200,
  },
  // ── auction results and paying for won lots (R55); the matrix's app has no Stripe, so a checkout is 409 ──
  'GET /api/won-lots/mine': { expect: 200 },
  'POST /api/won-lots/mine/checkout': { expect: 409 },
  'GET /api/won-lots/golfer/{token}': {
    request: async ({ t, owner }) => ({ path: `/api/won-lots/golfer/${await golferToken(t, owner)}` }),
    expect: 200,
  },
  'POST /api/won-lots/golfer/{token}/checkout': {
    request: async ({ t, owner }) => ({ path: `/api/won-lots/golfer/${await golferToken(t, owner)}/checkout` }),
    expect: 409,
  },
  'GET /api/admin/auction-results': {
    request: async ({ t }) => ({ path: `/api/admin/auction-results?tournamentId=${(await wonLot(t)).tournamentId}` }),
    expect: 200,
  },
  'GET /api/admin/auction-results/export.csv': {
    request: async ({ t }) => ({ path: `/api/admin/auction-results/export.csv?tournamentId=${(await wonLot(t)).tournamentId}` }),
    expect: 200,
  },
  'POST /api/admin/auction-results/{lotId}/paid': {
    request: async ({ t }) => ({ path: `/api/admin/auction-results/${(await wonLot(t)).lotId}/paid`, json: { method: 'cash' } }),
    expect: 200,
  },
  'GET /api/admin/golfer-answers/export.csv': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/golfer-answers/export.csv?tournamentId=${(await createRegisteredTeam(t.db, owner.id)).tournament.id}`,
    }),
    expect: 200,
  },
  // ── waitlist (R25) ──
  'POST /api/waitlist': {
    request: async ({ t, owner }) => {
      // Two places, one taken: a leader wanting both may wait.
      const tournament = await createTournament(t.db);
      const level = await createLevel(t.db, tournament.id, { maxTeams: 2 });
      await registerTeams(t.db, owner.id, registrationInput(tournament.id, level.id), new Date());
      return { json: { sponsorshipLevelId: level.id, teamsWanted: 2, contactName: 'Wait Listed', contactEmail: owner.email } };
    },
    expect: 201,
  },
  'GET /api/waitlist/mine': { expect: 200 },
  // The matrix's database has admins: every setup address answers 404 (setup/setup.test.ts drives a valid one).
  'GET /api/setup/{token}': { request: () => ({ path: '/api/setup/no-such-setup-token' }), expect: 404 },
  'POST /api/setup/{token}': {
    request: () => ({
      path: '/api/setup/no-such-setup-token',
      json: { firstName: 'Matrix', lastName: 'Admin', email: uniqueEmail('setup'), password: TEST_PASSWORD },
    }),
    expect: 404,
  },
  'GET /api/waitlist/offers/{token}': { request: () => ({ path: '/api/waitlist/offers/no-such-offer-token-000' }), expect: 404 },
  'POST /api/waitlist/offers/{token}/decline': {
    request: () => ({ path: '/api/waitlist/offers/no-such-offer-token-000/decline' }),
    expect: 404,
  },
  'GET /api/admin/waitlist': { expect: 200 },
  'DELETE /api/admin/waitlist/{id}': {
    request: async ({ t, users }) => {
      const tournament = await createTournament(t.db);
      const level = await createLevel(t.db, tournament.id, { maxTeams: 1 });
      const [entry] = await t.db
        .insert(waitlistEntries)
        .values({
          tournamentSponsorshipLevelId: level.id,
          userId: users.team_leader.id,
          teamsWanted: 2,
          contactName: 'Wait Listed',
          contactEmail: users.team_leader.email,
        })
        .returning({ id: waitlistEntries.id });
      return { path: `/api/admin/waitlist/${entry!.id}` };
    },
    expect: 204,
  },
  'GET /api/admin/reports': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/reports?tournamentId=${(await createRegisteredTeam(t.db, owner.id)).tournament.id}&from=2020-01-01&status=hold&page=1`,
    }),
    expect: 200,
  },
  'GET /api/admin/reports/options': { expect: 200 },
  'GET /api/admin/reports.csv': { request: () => ({ path: '/api/admin/reports.csv?to=2999-12-31' }), expect: 200 },

  // ── admin: golfers (check-in) ──
  'GET /api/admin/golfers': {
    request: async ({ t, users }) => ({
      path: `/api/admin/golfers?tournamentId=${(await createRegisteredTeam(t.db, users.team_leader.id)).tournament.id}&q=golfer`,
    }),
    expect: 200,
  },
  'GET /api/admin/golfers/teams': {
    request: async ({ t, users }) => ({
      path: `/api/admin/golfers/teams?tournamentId=${(await createRegisteredTeam(t.db, users.team_leader.id)).tournament.id}`,
    }),
    expect: 200,
  },
  'POST /api/admin/golfers': {
    request: async ({ t, users }) => {
      const { team } = await createRegisteredTeam(t.db, users.team_leader.id);
      await t.db
        .delete(players)
        .where(eq(players.id, (await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id)))[0]!.id));
      return { json: { teamId: team.id, firstName: 'Sub', lastName: 'Stitute', email: uniqueEmail('sub') } };
    },
    expect: 201,
  },
  'GET /api/admin/golfers/by-code': {
    request: async ({ t, users }) => {
      const { tournament, team } = await createRegisteredTeam(t.db, users.team_leader.id);
      const [player] = await t.db.select({ code: players.checkInCode }).from(players).where(eq(players.teamId, team.id));
      return { path: `/api/admin/golfers/by-code?tournamentId=${tournament.id}&code=${player!.code}` };
    },
    expect: 200,
  },
  'POST /api/admin/golfers/check-in-by-code': {
    request: async ({ t, users }) => {
      const { tournament, team } = await createRegisteredTeam(t.db, users.team_leader.id);
      const [player] = await t.db.select({ code: players.checkInCode }).from(players).where(eq(players.teamId, team.id));
      return { json: { tournamentId: tournament.id, code: player!.code } };
    },
    expect: 200,
  },
  'GET /api/admin/golfers/check-in-events': {
    request: async ({ t, users }) => ({
      path: `/api/admin/golfers/check-in-events?tournamentId=${(await createRegisteredTeam(t.db, users.team_leader.id)).tournament.id}`,
    }),
    expect: 200,
    stream: true,
  },
  'GET /api/admin/golfers/badges': {
    request: async ({ t, users }) => ({
      path: `/api/admin/golfers/badges?tournamentId=${(await createRegisteredTeam(t.db, users.team_leader.id)).tournament.id}`,
    }),
    expect: 200,
  },
  'PUT /api/admin/golfers/{playerId}/check-in': {
    request: async ({ t, users }) => {
      const { team } = await createRegisteredTeam(t.db, users.team_leader.id);
      const [player] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
      return { path: `/api/admin/golfers/${player!.id}/check-in`, json: { checkedIn: true } };
    },
    expect: 200,
  },
  'PUT /api/admin/golfers/{playerId}/handicap': {
    request: async ({ t, users }) => {
      const { team } = await createRegisteredTeam(t.db, users.team_leader.id);
      const [player] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
      return { path: `/api/admin/golfers/${player!.id}/handicap`, json: { handicapIndex: 12.4 } };
    },
    expect: 200,
  },
  'DELETE /api/admin/golfers/{playerId}': {
    request: async ({ t, users }) => {
      const { team } = await createRegisteredTeam(t.db, users.team_leader.id);
      const [player] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
      return { path: `/api/admin/golfers/${player!.id}` };
    },
    expect: 204,
  },

  // ── tournament day: starting holes, score entry, leaderboards ──
  'POST /api/admin/tournaments/{id}/assign-teams': {
    request: async ({ t, users }) => ({
      path: `/api/admin/tournaments/${(await createTournamentDay(t.db, users.team_leader.id)).tournament.id}/assign-teams`,
    }),
    expect: 200,
  },
  'GET /api/admin/tournaments/{id}/starting-sheet': {
    request: async ({ t, users }) => ({
      path: `/api/admin/tournaments/${(await createTournamentDay(t.db, users.team_leader.id)).tournament.id}/starting-sheet`,
    }),
    expect: 200,
  },
  'GET /api/admin/starting-holes': { expect: 200 },
  'GET /api/admin/tournaments/{id}/scorecards': {
    request: async ({ t, users }) => ({
      path: `/api/admin/tournaments/${(await createTournamentDay(t.db, users.team_leader.id)).tournament.id}/scorecards`,
    }),
    expect: 200,
  },
  'GET /api/admin/score-report/{tournamentId}': {
    request: async ({ t, users }) => ({
      path: `/api/admin/score-report/${(await createTournamentDay(t.db, users.team_leader.id)).tournament.id}`,
    }),
    expect: 200,
  },
  'GET /api/score-entry/tournaments': { expect: 200 },
  'GET /api/teams/{teamId}/scores': {
    request: async ({ t, owner }) => ({
      path: `/api/teams/${(await createTournamentDay(t.db, owner.id, { teams: 1 })).teams[0]!.id}/scores`,
    }),
    expect: 200,
  },
  'PUT /api/teams/{teamId}/scores': {
    request: async ({ t, owner }) => {
      const team = (await createTournamentDay(t.db, owner.id, { teams: 1 })).teams[0]!;
      return { path: `/api/teams/${team.id}/scores`, json: { scores: [{ playerId: team.players[0], holeNumber: 1, strokes: 4 }] } };
    },
    expect: 200,
  },
  'POST /api/teams/{teamId}/score-changes': {
    request: async ({ t, owner }) => {
      const team = (await createTournamentDay(t.db, owner.id, { teams: 1 })).teams[0]!;
      const change = { playerId: team.players[0], holeNumber: 1, base: 0, strokes: 4 };
      return { path: `/api/teams/${team.id}/score-changes`, json: { idempotencyKey: crypto.randomUUID(), changes: [change] } };
    },
    expect: 200,
  },
  'GET /api/admin/score-history/{teamId}': {
    request: async ({ t, users }) => ({
      path: `/api/admin/score-history/${(await createTournamentDay(t.db, users.team_leader.id, { teams: 1 })).teams[0]!.id}`,
    }),
    expect: 200,
  },
  // ── volunteers (R60): staff invite, list and end; the link's holder reads it, signs up from it, or accepts it signed in ──
  'GET /api/admin/volunteers': {
    request: async ({ t }) => ({ path: `/api/admin/volunteers?tournamentId=${(await createTournament(t.db)).id}` }),
    expect: 200,
  },
  'POST /api/admin/volunteers': {
    request: async ({ t }) => ({
      json: { tournamentId: (await createTournament(t.db)).id, email: uniqueEmail('volunteer'), role: 'scorer', until: '2099-12-31' },
    }),
    expect: 201,
  },
  'POST /api/admin/volunteers/{id}/end': {
    request: async ({ t, users }) => ({
      path: `/api/admin/volunteers/${(await matrixInvitation(t, uniqueEmail('ending'), users.admin.id)).id}/end`,
    }),
    expect: 204,
  },
  'GET /api/volunteer/grants': { expect: 200 },
  'GET /api/volunteer/invitations/{token}': {
    request: async ({ t, users }) => ({
      path: `/api/volunteer/invitations/${(await matrixInvitation(t, uniqueEmail('shown'), users.admin.id)).token}`,
    }),
    expect: 200,
  },
  'POST /api/volunteer/invitations/{token}/accept': {
    // Sent to the caller's own address, as the route requires.
    request: async ({ t, users, owner }) => ({
      path: `/api/volunteer/invitations/${(await matrixInvitation(t, owner.email, users.admin.id)).token}/accept`,
    }),
    expect: 200,
  },
  'POST /api/volunteer/invitations/{token}/sign-up': {
    request: async ({ t, users }) => ({
      path: `/api/volunteer/invitations/${(await matrixInvitation(t, uniqueEmail('joining'), users.admin.id)).token}/sign-up`,
      json: { firstName: 'Vol', lastName: 'Unteer', password: TEST_PASSWORD },
    }),
    expect: 201,
  },
  'GET /api/leaderboard': { expect: 200 },
  'GET /api/leaderboard/{tournamentId}': {
    request: async ({ t, users }) => ({
      path: `/api/leaderboard/${(await createTournamentDay(t.db, users.team_leader.id)).tournament.id}`,
    }),
    expect: 200,
  },
  'GET /api/leaderboard/events': { expect: 200, stream: true },

  // ── the paddle raise (R56) ──
  'GET /api/admin/paddle-raises': {
    request: async ({ t }) => ({ path: `/api/admin/paddle-raises?tournamentId=${(await createTournament(t.db)).id}` }),
    expect: 200,
  },
  'POST /api/admin/paddle-raises': {
    request: async ({ t }) => ({ json: { tournamentId: (await createTournament(t.db)).id, title: 'Fund the bus', levels: '1,000 / 100' } }),
    expect: 201,
  },
  'POST /api/admin/paddle-raises/bidders': {
    request: async ({ t }) => ({ json: { tournamentId: (await createTournament(t.db)).id, name: 'Dinner Guest', email: '' } }),
    expect: 201,
  },
  'GET /api/admin/paddle-raises/{id}': {
    request: async ({ t }) => ({ path: `/api/admin/paddle-raises/${(await matrixRaise(t)).raise.id}` }),
    expect: 200,
  },
  'POST /api/admin/paddle-raises/{id}/close': {
    request: async ({ t }) => ({ path: `/api/admin/paddle-raises/${(await matrixRaise(t)).raise.id}/close` }),
    expect: 200,
  },
  'POST /api/admin/paddle-raises/{id}/pledges': {
    request: async ({ t }) => {
      const { raise, bidder } = await matrixRaise(t);
      return { path: `/api/admin/paddle-raises/${raise.id}/pledges`, json: { amountCents: 100_000, bidderNumber: bidder.number } };
    },
    expect: 201,
  },
  'POST /api/admin/paddle-raises/{id}/pledges/{pledgeId}/undo': {
    request: async ({ t, users }) => {
      const { raise, bidder } = await matrixRaise(t);
      const pledge = await recordPaddle(t.db, raise.id, { amountCents: 100_000, bidderNumber: bidder.number }, users.admin.id);
      return { path: `/api/admin/paddle-raises/${raise.id}/pledges/${pledge.id}/undo` };
    },
    expect: 200,
  },
  'GET /api/paddle-raises/events': { expect: 200, stream: true },
  'GET /api/paddle-raises/{tournamentId}/board': {
    request: async ({ t }) => ({ path: `/api/paddle-raises/${(await matrixRaise(t)).raise.tournamentId}/board` }),
    expect: 200,
  },
  'GET /api/paddle-raises/{tournamentId}/mine': {
    request: async ({ t }) => ({ path: `/api/paddle-raises/${(await matrixRaise(t)).raise.tournamentId}/mine` }),
    expect: 200,
  },
  'POST /api/paddle-raises/{tournamentId}/pledges': {
    request: async ({ t }) => {
      const { raise } = await matrixRaise(t);
      return { path: `/api/paddle-raises/${raise.tournamentId}/pledges`, json: { raiseId: raise.id, amountCents: 10_000, showName: true } };
    },
    expect: 201,
  },
  // The matrix's app has no Stripe: a permitted caller is told card payments are off (paddle-raise-routes.test.ts pays).
  'POST /api/paddle-raises/{tournamentId}/pay': {
    request: async ({ t }) => ({
      path: `/api/paddle-raises/${(await matrixRaise(t)).raise.tournamentId}/pay`,
      json: { pledgeIds: [randomUUID()] },
    }),
    expect: 409,
  },
  'GET /api/paddle-raises/golfer/{token}': {
    request: async ({ t, owner }) => ({ path: `/api/paddle-raises/golfer/${(await golferAtRaise(t, owner)).token}` }),
    expect: 200,
  },
  'POST /api/paddle-raises/golfer/{token}/pledges': {
    request: async ({ t, owner }) => {
      const { token, raiseId } = await golferAtRaise(t, owner);
      return { path: `/api/paddle-raises/golfer/${token}/pledges`, json: { raiseId, amountCents: 10_000, showName: false } };
    },
    expect: 201,
  },
  'POST /api/paddle-raises/golfer/{token}/pay': {
    request: async ({ t, owner }) => ({
      path: `/api/paddle-raises/golfer/${(await golferAtRaise(t, owner)).token}/pay`,
      json: { pledgeIds: [randomUUID()] },
    }),
    expect: 409,
  },
  // ── the silent auction (R53, R54) ──
  'GET /api/auction': { expect: 200 },
  'GET /api/auction/lots/{id}': {
    request: async ({ t, owner }) => ({ path: `/api/auction/lots/${(await openLot(t, owner)).lot.id}` }),
    expect: 200,
  },
  'GET /api/auction/{tournamentId}': {
    request: async ({ t }) => ({ path: `/api/auction/${(await createTournament(t.db)).id}` }),
    expect: 200,
  },
  'GET /api/auction/{tournamentId}/events': {
    request: async ({ t }) => ({ path: `/api/auction/${(await createTournament(t.db)).id}/events` }),
    expect: 200,
    stream: true,
  },
  // Public: signed in, or (anonymous) through a golfer's personal link; auction.test.ts refuses a call with neither.
  'POST /api/auction/{tournamentId}/lots/{lotId}/bids': {
    request: async ({ t, owner, caller }) => {
      const { tournament, lot, token } = await openLot(t, owner);
      return {
        path: `/api/auction/${tournament.id}/lots/${lot.id}/bids`,
        json: { amountCents: 10_000, ...(caller ? {} : { golferToken: token }) },
      };
    },
    expect: 201,
  },
  'PUT /api/admin/auction/{tournamentId}/times': {
    request: async ({ t }) => ({
      path: `/api/admin/auction/${(await createTournament(t.db)).id}/times`,
      json: { opensAt: '2026-06-10T18:00:00Z', closesAt: '2026-06-10T21:00:00Z' },
    }),
    expect: 200,
  },
  'POST /api/admin/auction/{tournamentId}/lots': {
    request: async ({ t }) => ({ path: `/api/admin/auction/${(await createTournament(t.db)).id}/lots`, json: matrixLotInput }),
    expect: 201,
  },
  'PUT /api/admin/auction/lots/{id}': {
    request: async ({ t, owner }) => ({
      path: `/api/admin/auction/lots/${(await openLot(t, owner)).lot.id}`,
      json: { ...matrixLotInput, title: 'Renamed' },
    }),
    expect: 200,
  },
  'DELETE /api/admin/auction/lots/{id}': {
    request: async ({ t, owner }) => ({ path: `/api/admin/auction/lots/${(await openLot(t, owner)).lot.id}` }),
    expect: 204,
  },

  // ── the event page (R40, R41) ──
  'GET /api/events': { expect: 200 },
  'GET /api/events/{id}/calendar': {
    request: async ({ t }) => ({ path: `/api/events/${(await createTournament(t.db)).id}/calendar` }),
    expect: 200,
  },

  // ── registration and teams ──
  'POST /api/registrations': {
    request: async ({ t }) => {
      const tournament = await createTournament(t.db);
      const level = await createLevel(t.db, tournament.id);
      return { json: registrationInput(tournament.id, level.id) };
    },
    expect: 201,
  },
  'POST /api/registrations/single': {
    request: async ({ t }) => {
      const tournament = await createTournament(t.db);
      const level = await createLevel(t.db, tournament.id, { singlePriceCents: 12_500 });
      return { json: singleInput(tournament.id, level.id) };
    },
    expect: 201,
  },
  'GET /api/teams/mine': { expect: 200 },
  'GET /api/teams/{id}': {
    request: async ({ t, owner }) => ({ path: `/api/teams/${(await createRegisteredTeam(t.db, owner.id)).team.id}` }),
    expect: 200,
  },
  'PUT /api/teams/{id}': {
    request: async ({ t, owner }) => {
      const { team } = await createRegisteredTeam(t.db, owner.id);
      return {
        path: `/api/teams/${team.id}`,
        json: {
          teamName: 'Renamed',
          contactName: 'New Contact',
          contactPhone: '555-0123',
          contactEmail: 'new@example.org',
          players: playersInput('Edited'),
        },
      };
    },
    expect: 200,
  },
};
