// R59: after the outing, one thank-you e-mail per person (golfers, sponsors, donors; each address once, whatever else
// they were), with the results, through the message queue (R45). Sent again, it writes only to people not yet thanked
// for this tournament (a gift that arrived after the first send): nobody is thanked twice (docs/decisions/114). The results
// it quotes are worked out once, by the sender, and kept with the message (thankYouContentOf).
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { messages, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import type { ThankYouContent } from '../mail/next-year-templates';
import type { Sender } from '../messages/service';
import { tournamentNotFound } from '../scoring/tournament-course';
import { formatMoney } from '../../shared/money';
import { isFinished, RESULTS_MESSAGES, resultsPath } from '../../shared/results';
import { TOP_PLACES, tournamentResults, type ResultsContext } from './results';

export interface ThankYouContext extends ResultsContext {
  appUrl: string;
  currency: string;
}

/** Each address of the tournament's people once (lower-cased), its first reason: golfers, leaders, sponsors, donors. */
export function thankYouRecipients(tournamentId: string): SQL {
  return sql`select email, name, reason from (
      select distinct on (email) email, name, reason, rank, sort from (
        select lower(trim(p.email)) as email, trim(p.first_name || ' ' || p.last_name) as name,
               'you played in the team ' || t.name as reason, 1 as rank, t.name || ' ' || p.last_name as sort
        from players p join teams t on t.id = p.team_id
        where t.tournament_id = ${tournamentId} and t.payment_status <> 'expired' and trim(p.email) <> ''
        union all
        select lower(trim(t.contact_email)), t.contact_name, 'you registered the team ' || t.name, 2, t.name
        from teams t
        where t.tournament_id = ${tournamentId} and t.payment_status <> 'expired' and trim(t.contact_email) <> ''
        union all
        select lower(trim(pu.buyer_email)), pu.buyer_name,
               case pu.kind when 'donation' then 'you gave to the tournament'
                            else 'you sponsored ' || coalesce((select i.name from sponsorship_items i where i.id = pu.item_id), 'the tournament') end,
               case pu.kind when 'donation' then 4 else 3 end, pu.buyer_name
        from purchases pu
        where pu.tournament_id = ${tournamentId} and pu.kind in ('item', 'donation') and pu.payment_status = 'paid'
          and trim(pu.buyer_email) <> ''
      ) people order by email, rank, sort
    ) once
    where email not in (
      select r.email from message_recipients r join messages m on m.id = r.message_id
      where m.tournament_id = ${tournamentId} and m.kind = 'thank_you')
    order by rank, sort, email`;
}

/** The thank-you's words about the results, the same for every recipient. */
async function thankYouContent(db: Db, tournamentId: string, context: ThankYouContext): Promise<ThankYouContent> {
  const results = await tournamentResults(db, tournamentId, context);
  const money = (cents: number) => formatMoney(cents, context.currency);
  return {
    tournamentName: results.tournament.name,
    topPlaces: results.board.filter((row) => row.position <= TOP_PLACES).map(({ place, team, score }) => ({ place, team, score })),
    sideGames: results.sideGames,
    raised: money(results.raisedCents),
    goal: results.goalCents == null ? null : money(results.goalCents),
    resultsUrl: `${context.appUrl}${resultsPath(tournamentId)}`,
  };
}

export async function queueThankYou(db: Db, tournamentId: string, sender: Sender, context: ThankYouContext) {
  const [tournament] = await db
    .select({ name: tournaments.name, startDate: tournaments.startDate, endDate: tournaments.endDate })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!tournament) throw tournamentNotFound();
  if (!isFinished(tournament.startDate, tournament.endDate, context.now, context.timeZone))
    throw new AppError('CONFLICT', RESULTS_MESSAGES.notOver);
  return db.transaction(async (tx) => {
    // Two sends at once take turns here, so the second sees the first's recipients and leaves them out.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`thank-you:${tournamentId}`}))`);
    const [thanked] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from messages where tournament_id = ${tournamentId} and kind = 'thank_you'`,
    );
    const [message] = await tx
      .insert(messages)
      .values({
        tournamentId,
        audience: 'thank_you',
        kind: 'thank_you',
        subject: `Thank you: ${tournament.name}`,
        body: '',
        sentBy: sender.userId,
        senderName: sender.name,
      })
      .returning({ id: messages.id });
    const [inserted] = await queryRows<{ n: number }>(
      tx,
      sql`with queued as (
            insert into message_recipients (message_id, email, name, reason)
            select ${message!.id}::uuid, email, name, reason from (${thankYouRecipients(tournamentId)}) q
            returning 1)
          select count(*)::int as n from queued`,
    );
    // Nobody new: the message is rolled back with its empty recipient list, and the answer says why.
    if (!inserted?.n) throw new AppError('CONFLICT', thanked?.n ? RESULTS_MESSAGES.allThanked : RESULTS_MESSAGES.nobodyToThank);
    return { id: message!.id, recipientCount: inserted.n };
  });
}

/**
 * The results a thank-you quotes, worked out by the first sender to reach the message and kept with it, so every recipient
 * reads the same figures. Not in the request that queues it: the final board of a large field takes longer than the
 * request's 300 ms budget (bench/next-year.ts, docs/decisions/114). Two processes at once keep the first one written.
 */
export async function thankYouContentOf(db: Db, messageId: string, tournamentId: string, context: ThankYouContext) {
  const content = await thankYouContent(db, tournamentId, context);
  const [kept] = await queryRows<{ content: ThankYouContent }>(
    db,
    sql`update messages set content = coalesce(content, ${JSON.stringify(content)}::jsonb) where id = ${messageId}::uuid returning content`,
  );
  return kept?.content ?? content;
}
