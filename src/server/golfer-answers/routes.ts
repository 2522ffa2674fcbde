// /api/golfer-answers/{token}: a golfer's own answer page behind their personal link (no account, R42);
// /api/admin/golfer-questions and /api/admin/golfer-answers: staff's questions, the answers and their CSV.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { csvResponse, toCsv } from '../http/csv';
import { instant } from '../http/answer-fields';
import { tournamentChoice } from '../../shared/field-schemas';
import { ANSWERED_BY } from '../../shared/team-schemas';
import { golferAnswersBodySchema, golferQuestionSchema, QUESTION_KINDS, yesNoLabel } from '../../shared/golfer-answer-schemas';
import { addQuestion, deleteQuestion, listAnswers, listQuestions, openAnswers, saveAnswers } from './service';

const question = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  choices: z.array(z.string()),
  required: z.boolean(),
});
const answers = z.object({
  handicapIndex: z.number().nullable(),
  shirtSize: z.string(),
  dietaryNeeds: z.string(),
  /** By question id. */
  custom: z.record(z.string(), z.string()),
});
const answerPage = z
  .object({
    golfer: z.object({ firstName: z.string(), lastName: z.string(), answeredAt: instant.nullable(), checkInCode: z.string() }),
    team: z.object({ name: z.string() }),
    tournament: z.object({ id: z.string(), name: z.string(), startDate: z.string(), hasAuction: z.boolean() }),
    questions: z.array(question),
    answers,
  })
  .openapi('GolferAnswerPage');

// Any text: a mistyped or guessed link gets the same clear 404 as a removed golfer's.
const tokenParam = z.object({ token: z.string().max(200) });
const linkRefusals = {
  403: errorResponse('Answers are closed: the editing lock (R17) has passed'),
  404: errorResponse('The link is not valid: guessed, mistyped, replaced, or the golfer was removed'),
};

export const golferAnswerRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{token}',
      access: 'public',
      noStore: true,
      summary: "A golfer's page behind their personal link: who they are, the tournament's questions and their answers so far",
      request: { params: tokenParam },
      responses: { 200: jsonResponse('OK', answerPage), ...linkRefusals },
    }),
    async (c) => {
      const { database, config, now } = c.var.deps;
      return c.json(await openAnswers(database.db, c.req.valid('param').token, now(), config.timeZone), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{token}',
      access: 'public',
      noStore: true,
      summary: "Save a golfer's answers (Handicap Index, shirt size, dietary needs, the custom questions) until the editing lock",
      request: { params: tokenParam, body: jsonBody(golferAnswersBodySchema) },
      responses: { 200: jsonResponse('Saved', answerPage), ...linkRefusals },
    }),
    async (c) => {
      const { database, config, now } = c.var.deps;
      return c.json(await saveAnswers(database.db, c.req.valid('param').token, c.req.valid('json'), now(), config.timeZone), 200);
    },
  );

const tournamentQuery = z.object({ tournamentId: tournamentChoice });

export const adminGolferQuestionRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'staff',
      summary: "A tournament's questions for its golfers (R42), in the order they were added",
      request: { query: tournamentQuery },
      responses: { 200: jsonResponse('OK', z.object({ questions: z.array(question) })) },
    }),
    async (c) => c.json({ questions: await listQuestions(c.var.deps.database.db, c.req.valid('query').tournamentId) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Add a question every golfer of the tournament answers: text, a choice or yes/no; required or not',
      request: { query: tournamentQuery, body: jsonBody(golferQuestionSchema) },
      responses: { 201: jsonResponse('Added', z.object({ question })), 404: errorResponse('No such tournament') },
    }),
    async (c) =>
      c.json({ question: await addQuestion(c.var.deps.database.db, c.req.valid('query').tournamentId, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'delete',
      path: '/{id}',
      access: 'admin',
      summary: 'Remove a question and every answer to it',
      request: { params: z.object({ id: z.uuid('Question not found') }) },
      responses: { 200: jsonResponse('Removed', z.object({ ok: z.literal(true) })), 404: errorResponse('No such question') },
    }),
    async (c) => {
      await deleteQuestion(c.var.deps.database.db, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  );

const golferAnswersRow = z.object({
  id: z.string(),
  teamName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  answeredBy: z.enum(ANSWERED_BY),
  answeredAt: instant.nullable(),
  handicapIndex: z.number().nullable(),
  shirtSize: z.string(),
  dietaryNeeds: z.string(),
  custom: z.record(z.string(), z.string()),
});

export const adminGolferAnswerRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'staff',
      summary: "Every golfer of a tournament's teams with who fills their details in, whether they answered, and the answers",
      request: { query: tournamentQuery },
      responses: { 200: jsonResponse('OK', z.object({ questions: z.array(question), golfers: z.array(golferAnswersRow) })) },
    }),
    async (c) => c.json(await listAnswers(c.var.deps.database.db, c.req.valid('query').tournamentId), 200),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/export.csv',
      access: 'staff',
      summary: "The golfers' answers of a tournament as CSV, one golfer a row, one column per question",
      request: { query: tournamentQuery },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const { questions, golfers } = await listAnswers(c.var.deps.database.db, c.req.valid('query').tournamentId);
      const csv = toCsv(
        [
          'Team',
          'First name',
          'Last name',
          'Email',
          'Details by',
          'Answered',
          'Handicap Index',
          'Shirt size',
          'Dietary needs',
          ...questions.map((q) => q.label),
        ],
        golfers.map((g) => [
          g.teamName,
          g.firstName,
          g.lastName,
          g.email,
          g.answeredBy === 'golfer' ? 'Golfer' : 'Leader',
          g.answeredBy === 'golfer' ? (g.answeredAt ?? 'Not yet') : '',
          g.handicapIndex == null ? '' : g.handicapIndex.toFixed(1),
          g.shirtSize,
          g.dietaryNeeds,
          ...questions.map((q) => (q.kind === 'yes_no' ? yesNoLabel(g.custom[q.id] ?? '') : (g.custom[q.id] ?? ''))),
        ]),
      );
      return csvResponse(c, 'golfer-answers.csv', csv);
    },
  );
