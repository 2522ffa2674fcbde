// Who a message to a group reaches (R45), and why: one row per address, the first reason found wins.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { players, sponsorshipLevels, teams, tournamentSponsorshipLevels, waitlistEntries } from '../db/schema';
import { holdsPlace } from '../holds/holds-place';
import type { Audience } from '../../shared/message-schemas';

export interface Recipient {
  email: string;
  name: string;
  /** Completes "You get this e-mail because …". */
  reason: string;
}

const named = (first: string, last: string) => `${first} ${last}`.trim();

export async function findRecipients(db: Db, tournamentId: string, audience: Audience, levelId?: string): Promise<Recipient[]> {
  const rows: Recipient[] = [];
  const leaderRows = (where: ReturnType<typeof and>, why: (team: string, level: string | null) => string) =>
    db
      .select({ email: teams.contactEmail, name: teams.contactName, team: teams.name, level: sponsorshipLevels.name })
      .from(teams)
      .leftJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, teams.tournamentSponsorshipLevelId))
      .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
      .where(and(eq(teams.tournamentId, tournamentId), holdsPlace, ne(teams.contactEmail, ''), where))
      .orderBy(asc(teams.name), asc(teams.id))
      .then((found) => found.map((r) => ({ email: r.email, name: r.name, reason: why(r.team, r.level) })));
  switch (audience) {
    case 'leaders':
      rows.push(...(await leaderRows(undefined, (team) => `you lead the team ${team}`)));
      break;
    case 'unpaid':
      rows.push(...(await leaderRows(ne(teams.paymentStatus, 'paid'), (team) => `your team ${team} has not paid yet`)));
      break;
    case 'level':
      rows.push(
        ...(await leaderRows(
          eq(teams.tournamentSponsorshipLevelId, levelId ?? sql`null`),
          (team, level) => `your team ${team} is registered at the ${level ?? 'chosen'} level`,
        )),
      );
      break;
    case 'golfers': {
      const found = await db
        .select({ email: players.email, first: players.firstName, last: players.lastName, team: teams.name })
        .from(players)
        .innerJoin(teams, eq(teams.id, players.teamId))
        .where(and(eq(teams.tournamentId, tournamentId), holdsPlace, ne(players.email, '')))
        .orderBy(asc(teams.name), asc(players.lastName), asc(players.id));
      rows.push(...found.map((r) => ({ email: r.email, name: named(r.first, r.last), reason: `you play in the team ${r.team}` })));
      break;
    }
    case 'waitlist': {
      const found = await db
        .select({ email: waitlistEntries.contactEmail, name: waitlistEntries.contactName, level: sponsorshipLevels.name })
        .from(waitlistEntries)
        .innerJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, waitlistEntries.tournamentSponsorshipLevelId))
        .innerJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
        .where(and(eq(tournamentSponsorshipLevels.tournamentId, tournamentId), inArray(waitlistEntries.status, ['waiting', 'offered'])))
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
      rows.push(...found.map((r) => ({ email: r.email, name: r.name, reason: `you are on the waitlist for the ${r.level} level` })));
      break;
    }
  }
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    r.email = key;
    return true;
  });
}
