// Pairing singles (R43): the unpaired singles of a tournament and its teams with free spots, and placing singles into
// one of those teams or a new team. A single is a registration of one golfer (teams.kind = 'single', one golfer place);
// placing moves the golfer, their payment and its history into the team and removes the single's row, in one
// transaction under the tournament's row lock that registrations take (docs/decisions/088).
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { checkins, payments, players, sponsorshipLevels, teams, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { holdsPlace } from '../holds/holds-place';
import { playerOrder } from '../teams/player-order';
import {
  freeSpots,
  isPlaceable,
  pairingRefusal,
  pairingSchema,
  placesAfterPairing,
  SINGLE_NOT_PLACEABLE_MESSAGE,
} from '../../shared/pairing';
import type { PaymentStatus } from '../../shared/payment-status';

export const SINGLE_GONE_MESSAGE = 'That single is no longer waiting to be paired';
export const SAME_LEVEL_MESSAGE = 'Singles and their team must be at the same sponsorship level';
const TEAM_GONE_MESSAGE = 'Team not found';

/** The pairing page: the tournament's unpaired singles (oldest first) and its live teams with free spots. */
export async function pairingBoard(db: Db, tournamentId: string) {
  const rows = await db
    .select({
      teamId: teams.id,
      name: teams.name,
      kind: teams.kind,
      status: teams.paymentStatus,
      levelId: teams.tournamentSponsorshipLevelId,
      levelName: sponsorshipLevels.name,
      createdAt: teams.createdAt,
      playerId: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      email: players.email,
      handicapIndex: players.handicapIndex,
    })
    .from(teams)
    .leftJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, teams.tournamentSponsorshipLevelId))
    .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .leftJoin(players, eq(players.teamId, teams.id))
    .where(and(eq(teams.tournamentId, tournamentId), holdsPlace))
    .orderBy(asc(teams.createdAt), asc(teams.id), ...playerOrder());

  const singles: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    handicapIndex: number | null;
    levelId: string | null;
    levelName: string | null;
    status: PaymentStatus;
    placeable: boolean;
    registeredAt: string;
  }[] = [];
  const byTeam = new Map<string, { id: string; name: string; levelId: string | null; levelName: string | null; golfers: string[] }>();
  for (const row of rows) {
    if (row.kind === 'single') {
      if (!row.playerId) continue;
      singles.push({
        id: row.teamId,
        firstName: row.firstName!,
        lastName: row.lastName!,
        email: row.email!,
        handicapIndex: row.handicapIndex == null ? null : Number(row.handicapIndex),
        levelId: row.levelId,
        levelName: row.levelName,
        status: row.status as PaymentStatus,
        placeable: isPlaceable(row.status),
        registeredAt: row.createdAt.toISOString(),
      });
      continue;
    }
    let team = byTeam.get(row.teamId);
    if (!team)
      byTeam.set(row.teamId, (team = { id: row.teamId, name: row.name, levelId: row.levelId, levelName: row.levelName, golfers: [] }));
    if (row.playerId) team.golfers.push(`${row.firstName} ${row.lastName}`);
  }
  const open = [...byTeam.values()]
    .map((team) => ({ ...team, freeSpots: freeSpots(team.golfers.length) }))
    .filter((team) => team.freeSpots > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { singles, teams: open };
}

interface Placement {
  team: { id: string; name: string; golfers: string[] };
  tournament: { name: string; startDate: string };
  /** The golfers placed, for their e-mail. */
  placed: { firstName: string; lastName: string; email: string }[];
}

/** A team's status after singles join it: the least settled of its own and theirs (paid > in progress). */
const STATUS_RANK: Record<string, number> = { hold: 0, pending: 1, in_progress: 2, paid: 3 };
const leastSettled = (statuses: string[]) => statuses.reduce((a, b) => (STATUS_RANK[b]! < STATUS_RANK[a]! ? b : a));

/** Places singles into a team with free spots or a new team (named by staff). All or nothing. */
export async function placeSingles(db: Db, rawInput: unknown): Promise<Placement> {
  const input = pairingSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    // Registrations lock the tournament's row before counting places: pairing changes the counts, so it waits its turn.
    const [tournament] = await tx
      .select({ name: tournaments.name, startDate: tournaments.startDate })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for('update');
    if (!tournament) throw new AppError('VALIDATION', 'Please select a tournament', { tournamentId: 'Please select a tournament' });

    const found = await tx
      .select({ id: teams.id, status: teams.paymentStatus, levelId: teams.tournamentSponsorshipLevelId, createdAt: teams.createdAt })
      .from(teams)
      .where(and(inArray(teams.id, input.singleIds), eq(teams.tournamentId, input.tournamentId), eq(teams.kind, 'single'), holdsPlace))
      .for('update');
    if (found.length !== input.singleIds.length) throw new AppError('CONFLICT', SINGLE_GONE_MESSAGE, { singleIds: SINGLE_GONE_MESSAGE });
    if (found.some((s) => !isPlaceable(s.status)))
      throw new AppError('CONFLICT', SINGLE_NOT_PLACEABLE_MESSAGE, { singleIds: SINGLE_NOT_PLACEABLE_MESSAGE });
    // In the order chosen: a new team is the first single's row, so it keeps that golfer's registration and contact.
    const singles = input.singleIds.map((id) => found.find((s) => s.id === id)!);

    let target: { id: string; name: string; status: string; places: number; levelId: string | null; golfers: number };
    let joining = singles;
    if (input.teamId) {
      const [team] = await tx
        .select({
          id: teams.id,
          name: teams.name,
          status: teams.paymentStatus,
          places: teams.places,
          levelId: teams.tournamentSponsorshipLevelId,
        })
        .from(teams)
        .where(and(eq(teams.id, input.teamId), eq(teams.tournamentId, input.tournamentId), eq(teams.kind, 'team'), holdsPlace))
        .for('update');
      if (!team) throw new AppError('NOT_FOUND', TEAM_GONE_MESSAGE, { teamId: TEAM_GONE_MESSAGE });
      // Counted on its own: in a one-table select drizzle leaves a correlated subquery's columns unqualified.
      const [{ golfers } = { golfers: 0 }] = await tx.select({ golfers: count() }).from(players).where(eq(players.teamId, team.id));
      target = { ...team, golfers };
    } else {
      const [first, ...rest] = singles;
      target = { id: first!.id, name: input.newTeamName!, status: first!.status, places: 1, levelId: first!.levelId, golfers: 1 };
      joining = rest;
    }
    if (singles.some((s) => s.levelId !== target.levelId))
      throw new AppError('CONFLICT', SAME_LEVEL_MESSAGE, { singleIds: SAME_LEVEL_MESSAGE });
    const refusal = pairingRefusal(target, joining.length);
    if (refusal) throw new AppError('CONFLICT', refusal, { teamId: refusal });

    const placedIds = new Set(
      (await tx.select({ id: players.id }).from(players).where(inArray(players.teamId, input.singleIds))).map((p) => p.id),
    );
    const joiningIds = joining.map((s) => s.id);
    if (joiningIds.length > 0) {
      // The golfers and their money (payments keep their history: payment_events point at the payment) move in; the
      // singles' rows, now empty, go.
      await tx.update(players).set({ teamId: target.id }).where(inArray(players.teamId, joiningIds));
      await tx.update(checkins).set({ teamId: target.id }).where(inArray(checkins.teamId, joiningIds));
      await tx.update(payments).set({ teamId: target.id }).where(inArray(payments.teamId, joiningIds));
      await tx.delete(teams).where(inArray(teams.id, joiningIds));
    }
    await tx
      .update(teams)
      .set({
        kind: 'team',
        name: target.name,
        places: placesAfterPairing(target.places, target.golfers, joining.length),
        paymentStatus: leastSettled([target.status, ...joining.map((s) => s.status)]),
        updatedAt: new Date(),
      })
      .where(eq(teams.id, target.id));

    const golfers = await tx
      .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email })
      .from(players)
      .where(eq(players.teamId, target.id))
      .orderBy(...playerOrder());
    return {
      team: { id: target.id, name: target.name, golfers: golfers.map((g) => `${g.firstName} ${g.lastName}`) },
      tournament,
      placed: golfers.filter((g) => placedIds.has(g.id)),
    };
  });
}
