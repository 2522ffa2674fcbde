// Teams as their leader sees them, and the leader's edits (R9, R11, R17). Staff may read and correct any team.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { preparedPerDatabase, type Db } from '../db/connect';
import { players, sponsorshipLevels, teamAssignments, teams, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { selectTeams } from './teams-query';
import { AppError } from '../http/errors';
import { courseIdOf } from '../scoring/tournament-course';
import { playerOrder, playerRow } from './player-order';
import { issueLinks } from '../golfer-answers/links';
import type { Invitation } from '../golfer-answers/invitations';
import { countMailToOthers, type MailSender, type MailToOthersLimits } from '../mail/mail-to-others';
import { isEditable, LOCKED_MESSAGE } from '../../shared/editing-lock';
import { editTeamSchema, type AnsweredBy } from '../../shared/team-schemas';
import type { StartGroup } from '../../shared/tournament-day';
import type { PaymentStatus } from '../../shared/payment-status';

export interface Actor {
  userId: string;
  /** Moderators and admins: may read every team (R8, R11). */
  staff: boolean;
  /** Admins: may also correct every team, even after the lock (R8: a moderator's Teams view is read only). */
  admin: boolean;
}

const teamColumns = {
  id: teams.id,
  userId: teams.userId,
  name: teams.name,
  company: teams.company,
  contactName: teams.contactName,
  contactPhone: teams.contactPhone,
  contactEmail: teams.contactEmail,
  showCompanyAsSponsor: teams.showCompanyAsSponsor,
  paymentStatus: teams.paymentStatus,
  holdUntil: teams.holdUntil,
  createdAt: teams.createdAt,
  tournamentId: tournaments.id,
  tournamentName: tournaments.name,
  startDate: tournaments.startDate,
  endDate: tournaments.endDate,
  levelName: sponsorshipLevels.name,
  priceCents: tournamentSponsorshipLevels.priceCents,
  startingHole: teamAssignments.startingHole,
  /** R31: 'A' or 'B' (null before a draw). */
  startGroup: sql<StartGroup | null>`${teamAssignments.startGroup}`,
  /** Scores can be entered once the tournament has a course (its holes and pars). */
  hasCourse: sql<boolean>`(${courseIdOf}) is not null`,
  playerCount: sql<number>`(select count(*)::int from ${players} where ${players.teamId} = ${teams.id})`,
  golfersAsked: sql<
    { name: string; answered: boolean }[]
  >`(select coalesce(json_agg(json_build_object('name', p.first_name || ' ' || p.last_name, 'answered', p.answered_at is not null) order by p.created_at, p.id), '[]'::json) from ${players} p where p.team_id = ${teams.id} and p.answered_by = 'golfer')`,
};

function baseQuery(db: Db) {
  return selectTeams(db, teamColumns).leftJoin(
    teamAssignments,
    and(eq(teamAssignments.teamId, teams.id), eq(teamAssignments.tournamentId, teams.tournamentId)),
  );
}

type TeamRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toSummary(row: TeamRow, now: Date, timeZone: string) {
  const { userId: _owner, tournamentId, tournamentName, startDate, endDate, hasCourse, levelName, priceCents, ...team } = row;
  return {
    ...team,
    paymentStatus: team.paymentStatus as PaymentStatus,
    holdUntil: team.holdUntil?.toISOString() ?? null,
    createdAt: team.createdAt.toISOString(),
    tournament: { id: tournamentId, name: tournamentName, startDate, endDate, hasCourse },
    level: levelName == null ? null : { name: levelName, priceCents: priceCents ?? 0 },
    editable: isEditable(startDate, now, timeZone),
  };
}
export type TeamSummary = ReturnType<typeof toSummary>;

/** The dashboard's read (every leader's page load and refresh on tournament day), built once. */
const teamsOfLeader = preparedPerDatabase((db) =>
  baseQuery(db)
    .where(eq(teams.userId, sql.placeholder('userId')))
    .orderBy(desc(teams.createdAt), asc(teams.name))
    .prepare('golf_teams_of_leader'),
);

/** `cached` may answer the leader's rows from a cache (the route's per-user cache); what can be edited is decided now. */
export async function listTeamsOf(
  db: Db,
  userId: string,
  now: Date,
  timeZone: string,
  cached: (load: () => Promise<TeamRow[]>) => Promise<TeamRow[]> = (load) => load(),
): Promise<TeamSummary[]> {
  const rows = await cached(() => teamsOfLeader(db).execute({ userId }));
  return rows.map((row) => toSummary(row, now, timeZone));
}

/** A team with its players' contact details: only for its leader and for staff (R11). */
export async function getTeam(db: Db, actor: Actor, teamId: string, now: Date, timeZone: string) {
  const [row] = await baseQuery(db).where(eq(teams.id, teamId));
  if (!row) throw new AppError('NOT_FOUND', 'Team not found');
  if (!actor.staff && row.userId !== actor.userId) throw new AppError('FORBIDDEN', "You don't have permission to access this team");
  const list = await db
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      email: players.email,
      phone: players.phone,
      handicapIndex: players.handicapIndex,
      answeredBy: sql<AnsweredBy>`${players.answeredBy}`,
      answeredAt: players.answeredAt,
      shirtSize: players.shirtSize,
      dietaryNeeds: players.dietaryNeeds,
    })
    .from(players)
    .where(eq(players.teamId, teamId))
    .orderBy(...playerOrder());
  return {
    ...toSummary(row, now, timeZone),
    players: list.map((p) => ({ ...p, answeredAt: p.answeredAt?.toISOString() ?? null })),
  };
}

/**
 * Saves a team's details and its four players in one transaction. A leader may change only their own team, and only
 * before the lock; an admin may correct any team at any time. Status, amount and owner are not part of the input (no mass assignment).
 * Golfers newly asked to answer for themselves, or whose e-mail changed, get a new personal link (R42): the answer lists
 * them for the route to e-mail. A golfer who answers keeps their own Handicap Index: the leader's form does not overwrite it.
 */
export async function updateTeam(
  db: Db,
  actor: Actor,
  teamId: string,
  rawInput: unknown,
  now: Date,
  timeZone: string,
  /** The golfers' e-mails this save sends are counted in its transaction; over a limit nothing is saved (issue 31). */
  mail?: { sender: MailSender; limits: MailToOthersLimits },
) {
  const input = editTeamSchema.parse(rawInput);
  const invitations = await db.transaction(async (tx) => {
    const [team] = await tx
      .select({ userId: teams.userId, startDate: tournaments.startDate })
      .from(teams)
      .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
      .where(eq(teams.id, teamId))
      .for('update', { of: teams });
    if (!team) throw new AppError('NOT_FOUND', 'Team not found');
    if (!actor.admin) {
      if (team.userId !== actor.userId) throw new AppError('FORBIDDEN', "You don't have permission to change this team");
      if (!isEditable(team.startDate, now, timeZone)) throw new AppError('FORBIDDEN', LOCKED_MESSAGE);
    }
    await tx
      .update(teams)
      .set({
        name: input.teamName,
        company: input.company,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        showCompanyAsSponsor: input.showCompanyAsSponsor,
      })
      .where(eq(teams.id, teamId));

    const existing = await tx
      .select({ id: players.id, email: players.email, answeredBy: players.answeredBy })
      .from(players)
      .where(eq(players.teamId, teamId));
    const ours = new Map(existing.map((p) => [p.id, p]));
    // An id of this team keeps its player once; an id sent twice, or of another team, makes a new player (always four).
    const seen = new Set<string>();
    const keeps = (p: { id?: string }) => Boolean(p.id && ours.has(p.id) && !seen.has(p.id) && seen.add(p.id));
    const kept = input.players.filter(keeps);
    // Players not in the form any more leave the team (their answer links go with them).
    await tx.delete(players).where(
      kept.length
        ? and(
            eq(players.teamId, teamId),
            notInArray(
              players.id,
              kept.map((p) => p.id!),
            ),
          )
        : eq(players.teamId, teamId),
    );
    const asked: { id: string; player: (typeof input.players)[number]; replace: boolean }[] = [];
    for (const p of kept) {
      const before = ours.get(p.id!)!;
      const byGolfer = p.answeredBy === 'golfer';
      await tx
        .update(players)
        .set({
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          phone: p.phone,
          answeredBy: p.answeredBy ?? 'leader',
          ...(byGolfer ? {} : { handicapIndex: p.handicapIndex }),
        })
        .where(and(eq(players.id, p.id!), eq(players.teamId, teamId)));
      if (byGolfer && (before.answeredBy !== 'golfer' || before.email !== p.email)) asked.push({ id: p.id!, player: p, replace: true });
    }
    const added = input.players.filter((p) => !kept.includes(p)).map((p) => ({ player: p, id: randomUUID() }));
    if (added.length) {
      await tx.insert(players).values(added.map((a, i) => playerRow(teamId, a.player, i, a.id)));
      for (const a of added) if (a.player.answeredBy === 'golfer') asked.push({ ...a, replace: false });
    }
    const replaced = await issueLinks(
      tx,
      asked.filter((a) => a.replace).map((a) => a.id),
      { replace: true },
    );
    const fresh = await issueLinks(
      tx,
      asked.filter((a) => !a.replace).map((a) => a.id),
    );
    if (mail)
      await countMailToOthers(
        tx,
        mail.sender,
        asked.map((a) => a.player.email),
        mail.limits,
      );
    return asked.map((a): Invitation => ({
      email: a.player.email,
      firstName: a.player.firstName,
      teamName: input.teamName,
      token: (replaced.get(a.id) ?? fresh.get(a.id))!,
    }));
  });
  return { team: await getTeam(db, actor, teamId, now, timeZone), invitations };
}
