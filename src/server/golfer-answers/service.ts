// Golfers answer for themselves (R42): the answer page behind a personal link, the questions staff add per tournament, the
// answers staff read and export, and the one reminder 7 days before the editing lock.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { auctionLots, golferAnswers, golferLinks, golferQuestions, players, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { playerOrder } from '../teams/player-order';
import { isEditable } from '../../shared/editing-lock';
import {
  ANSWERS_CLOSED_MESSAGE,
  golferAnswersSchema,
  golferQuestionSchema,
  LINK_INVALID_MESSAGE,
  type GolferQuestion,
  type QuestionKind,
} from '../../shared/golfer-answer-schemas';
import type { AnsweredBy } from '../../shared/team-schemas';
import { hashToken, issueLinks } from './links';
import type { Invitation } from './invitations';

type Reader = Pick<Db, 'select'>;

const questionColumns = {
  id: golferQuestions.id,
  label: golferQuestions.label,
  kind: sql<QuestionKind>`${golferQuestions.kind}`,
  choices: golferQuestions.choices,
  required: golferQuestions.required,
};

/** A tournament's questions, in the order staff added them. */
export async function listQuestions(db: Reader, tournamentId: string): Promise<GolferQuestion[]> {
  return db
    .select(questionColumns)
    .from(golferQuestions)
    .where(eq(golferQuestions.tournamentId, tournamentId))
    .orderBy(asc(golferQuestions.createdAt), asc(golferQuestions.id));
}

export async function addQuestion(db: Db, tournamentId: string, rawInput: unknown): Promise<GolferQuestion> {
  const input = golferQuestionSchema.parse(rawInput);
  const [tournament] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found');
  const [question] = await db
    .insert(golferQuestions)
    .values({ tournamentId, ...input })
    .returning(questionColumns);
  return question!;
}

/** Removes a question and every golfer's answer to it. */
export async function deleteQuestion(db: Db, questionId: string) {
  const [gone] = await db.delete(golferQuestions).where(eq(golferQuestions.id, questionId)).returning({ id: golferQuestions.id });
  if (!gone) throw new AppError('NOT_FOUND', 'Question not found');
}

/** The golfer a link opens, or a refusal that changes nothing: a guessed link or a removed golfer, or the lock (R17). */
async function golferOfLink(db: Reader, token: string, now: Date, timeZone: string, lock = false) {
  const query = db
    .select({
      playerId: players.id,
      checkInCode: players.checkInCode,
      firstName: players.firstName,
      lastName: players.lastName,
      handicapIndex: players.handicapIndex,
      shirtSize: players.shirtSize,
      dietaryNeeds: players.dietaryNeeds,
      answeredAt: players.answeredAt,
      teamName: teams.name,
      tournamentId: tournaments.id,
      tournamentName: tournaments.name,
      startDate: tournaments.startDate,
    })
    .from(golferLinks)
    .innerJoin(players, eq(players.id, golferLinks.playerId))
    .innerJoin(teams, eq(teams.id, players.teamId))
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    // A golfer the leader filled in again themselves no longer answers through the link.
    .where(and(eq(golferLinks.tokenHash, hashToken(token)), eq(players.answeredBy, 'golfer')));
  const [row] = lock ? await query.for('update', { of: players }) : await query;
  if (!row) throw new AppError('NOT_FOUND', LINK_INVALID_MESSAGE);
  if (!isEditable(row.startDate, now, timeZone)) throw new AppError('FORBIDDEN', ANSWERS_CLOSED_MESSAGE);
  return row;
}

/** What the golfer's page shows: who they are, the questions, and their answers so far. */
export async function openAnswers(db: Db, token: string, now: Date, timeZone: string) {
  const golfer = await golferOfLink(db, token, now, timeZone);
  const questions = await listQuestions(db, golfer.tournamentId);
  const custom = await db
    .select({ questionId: golferAnswers.questionId, value: golferAnswers.value })
    .from(golferAnswers)
    .where(eq(golferAnswers.playerId, golfer.playerId));
  // The page links to the tournament's silent auction once it has lots (R54: the golfer bids through this same link).
  const [lot] = await db.select({ id: auctionLots.id }).from(auctionLots).where(eq(auctionLots.tournamentId, golfer.tournamentId)).limit(1);
  return {
    golfer: {
      firstName: golfer.firstName,
      lastName: golfer.lastName,
      answeredAt: golfer.answeredAt?.toISOString() ?? null,
      // R61: their check-in code, shown as a QR on their own page (R42).
      checkInCode: golfer.checkInCode,
    },
    team: { name: golfer.teamName },
    tournament: { id: golfer.tournamentId, name: golfer.tournamentName, startDate: golfer.startDate, hasAuction: Boolean(lot) },
    questions,
    answers: {
      handicapIndex: golfer.handicapIndex,
      shirtSize: golfer.shirtSize,
      dietaryNeeds: golfer.dietaryNeeds,
      custom: Object.fromEntries(custom.map((a) => [a.questionId, a.value])),
    },
  };
}

/** Saves the golfer's answers in one transaction, checked against the tournament's questions; nothing is saved on a refusal. */
export async function saveAnswers(db: Db, token: string, rawInput: unknown, now: Date, timeZone: string) {
  await db.transaction(async (tx) => {
    const golfer = await golferOfLink(tx, token, now, timeZone, true);
    const questions = await listQuestions(tx, golfer.tournamentId);
    const input = golferAnswersSchema(questions).parse(rawInput);
    await tx
      .update(players)
      .set({ handicapIndex: input.handicapIndex ?? null, shirtSize: input.shirtSize, dietaryNeeds: input.dietaryNeeds, answeredAt: now })
      .where(eq(players.id, golfer.playerId));
    await tx.delete(golferAnswers).where(eq(golferAnswers.playerId, golfer.playerId));
    const given = questions.flatMap((q) => {
      const value = (input.custom as Record<string, string>)[q.id] ?? '';
      return value === '' ? [] : [{ playerId: golfer.playerId, questionId: q.id, value }];
    });
    if (given.length) await tx.insert(golferAnswers).values(given);
  });
  return openAnswers(db, token, now, timeZone);
}

/** Every golfer of a tournament's teams (expired teams apart) with their answers, by team then entered order: for staff. */
export async function listAnswers(db: Db, tournamentId: string) {
  const questions = await listQuestions(db, tournamentId);
  const rows = await db
    .select({
      playerId: players.id,
      teamName: teams.name,
      firstName: players.firstName,
      lastName: players.lastName,
      email: players.email,
      answeredBy: sql<AnsweredBy>`${players.answeredBy}`,
      answeredAt: players.answeredAt,
      handicapIndex: players.handicapIndex,
      shirtSize: players.shirtSize,
      dietaryNeeds: players.dietaryNeeds,
    })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(and(eq(teams.tournamentId, tournamentId), sql`${teams.paymentStatus} <> 'expired'`))
    .orderBy(asc(teams.name), asc(teams.id), ...playerOrder());
  const answers = rows.length
    ? await db
        .select({ playerId: golferAnswers.playerId, questionId: golferAnswers.questionId, value: golferAnswers.value })
        .from(golferAnswers)
        .where(
          inArray(
            golferAnswers.playerId,
            rows.map((r) => r.playerId),
          ),
        )
    : [];
  const byPlayer = new Map<string, Record<string, string>>();
  for (const a of answers) byPlayer.set(a.playerId, { ...byPlayer.get(a.playerId), [a.questionId]: a.value });
  return {
    questions,
    golfers: rows.map(({ playerId, answeredAt, ...r }) => ({
      id: playerId,
      ...r,
      answeredAt: answeredAt?.toISOString() ?? null,
      custom: byPlayer.get(playerId) ?? {},
    })),
  };
}

export const REMINDER_DAYS_BEFORE_LOCK = 7;

export interface Reminder {
  tournament: { name: string; startDate: string };
  invitations: Invitation[];
}

/**
 * Marks the reminders due (R42: golfers asked who have not answered, 7 days or less before the lock, once each) and gives
 * each a fresh link (the first one keeps working). One guarded statement with FOR UPDATE SKIP LOCKED: with several
 * processes each golfer is reminded by one of them, once.
 */
export async function remindGolfers(db: Db, now: Date, timeZone: string): Promise<Reminder[]> {
  const at = now.toISOString();
  const today = sql`(${at}::timestamptz at time zone ${timeZone})::date`;
  // The lock falls at 00:00 of the day before the start: due from 7 days before that day, while the form is still open.
  const due = await queryRows<{
    id: string;
    first_name: string;
    email: string;
    team_name: string;
    tournament_name: string;
    start_date: string;
  }>(
    db,
    sql`with due as (
          select p.id from players p
          join teams t on t.id = p.team_id
          join tournaments tr on tr.id = t.tournament_id
          where p.answered_by = 'golfer' and p.answered_at is null and p.answer_reminder_sent_at is null
            and t.payment_status <> 'expired'
            and ${today} >= tr.start_date - ${REMINDER_DAYS_BEFORE_LOCK + 1}::int and ${today} < tr.start_date - 1
          for update of p skip locked
        ),
        marked as (
          update players p set answer_reminder_sent_at = ${at}::timestamptz from due
          where p.id = due.id and p.answer_reminder_sent_at is null
          returning p.id, p.first_name, p.email, p.team_id
        )
        select m.id, m.first_name, m.email, t.name as team_name, tr.name as tournament_name, tr.start_date::text as start_date
        from marked m join teams t on t.id = m.team_id join tournaments tr on tr.id = t.tournament_id`,
  );
  if (due.length === 0) return [];
  const tokens = await issueLinks(
    db,
    due.map((d) => d.id),
  );
  const byTournament = new Map<string, Reminder>();
  for (const d of due) {
    const key = `${d.tournament_name}\u0000${d.start_date}`;
    const reminder = byTournament.get(key) ?? { tournament: { name: d.tournament_name, startDate: d.start_date }, invitations: [] };
    reminder.invitations.push({ email: d.email, firstName: d.first_name, teamName: d.team_name, token: tokens.get(d.id)! });
    byTournament.set(key, reminder);
  }
  return [...byTournament.values()];
}
