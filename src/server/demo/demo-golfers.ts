// The demo's golfers who answer for themselves (R42): today's outing asks two questions of its own, and the first teams'
// leaders asked some golfers to answer. Some have (Handicap Index, shirt, diet, the questions), some have not yet.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { golferAnswers, golferQuestions, players, teams } from '../db/schema';

export interface DemoGolfers {
  answered: number;
  waiting: number;
}

export async function seedGolferAnswers(tx: Db, tournamentId: string): Promise<DemoGolfers> {
  const [shuttle, tee] = await tx
    .insert(golferQuestions)
    .values([
      { tournamentId, label: 'Need a shuttle from the clubhouse car park?', kind: 'yes_no', required: true, createdAt: new Date(1) },
      { tournamentId, label: 'Dinner choice', kind: 'choice', choices: ['Chicken', 'Salmon', 'Vegetarian'], createdAt: new Date(2) },
    ])
    .returning({ id: golferQuestions.id });
  // The first two teams' golfers 2 to 4, in the order they were entered.
  const firstTeams = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.tournamentId, tournamentId))
    .orderBy(asc(teams.name))
    .limit(2);
  const roster = await tx
    .select({ id: players.id, teamId: players.teamId })
    .from(players)
    .where(
      inArray(
        players.teamId,
        firstTeams.map((t) => t.id),
      ),
    )
    .orderBy(asc(players.createdAt), asc(players.id));
  const asked = firstTeams.flatMap((t) => roster.filter((p) => p.teamId === t.id).slice(1));
  const answered = asked.filter((_, i) => i % 2 === 0);
  const waiting = asked.filter((_, i) => i % 2 === 1);
  const answeredAt = new Date(Date.now() - 3 * 86_400_000);
  const shirts = ['M', 'L', 'XL'] as const;
  for (const [i, p] of answered.entries()) {
    await tx
      .update(players)
      .set({ answeredBy: 'golfer', answeredAt, shirtSize: shirts[i % shirts.length]!, dietaryNeeds: i === 0 ? 'No shellfish' : '' })
      .where(eq(players.id, p.id));
  }
  if (answered.length)
    await tx.insert(golferAnswers).values(
      answered.flatMap((p, i) => [
        { playerId: p.id, questionId: shuttle!.id, value: i % 2 ? 'no' : 'yes' },
        { playerId: p.id, questionId: tee!.id, value: ['Salmon', 'Vegetarian', 'Chicken'][i % 3]! },
      ]),
    );
  if (waiting.length)
    await tx
      .update(players)
      .set({ answeredBy: 'golfer' })
      .where(
        inArray(
          players.id,
          waiting.map((p) => p.id),
        ),
      );
  return { answered: answered.length, waiting: waiting.length };
}
