// Golfers answer for themselves (R42): who fills a golfer's details in, the questions staff add per tournament,
// and the golfer's answer form. One set of rules for the forms and the server.
import { z } from './zod';
import { optionalText, requiredText, tooLongMessage } from './field-schemas';
import { handicapIndexSchema } from './team-schemas';

export const SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
export const SHIRT_SIZE_MESSAGE = 'Please choose a shirt size from the list';

export const QUESTION_KINDS = ['text', 'choice', 'yes_no'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = { text: 'Text', choice: 'Choice', yes_no: 'Yes / no' };

export const ANSWER_REQUIRED_MESSAGE = 'Please answer this question';
export const CHOICE_MESSAGE = 'Please choose one of the options';
export const CHOICES_MESSAGE = 'A choice question needs at least two options (one a line)';
export const MAX_ANSWER_LENGTH = 500;

/** Why a golfer's link does not open the form: the page says so, and nothing is saved. */
export const LINK_INVALID_MESSAGE =
  'This link is not valid. It may have been mistyped, or the golfer is no longer on the team. Please ask your team leader.';
export const ANSWERS_CLOSED_MESSAGE = 'Answers are closed: the tournament starts soon. Please tell your team leader what has changed.';

/** Staff add a question to a tournament (admins only). Choices: one a line, at least two. */
export const golferQuestionSchema = z
  .object({
    label: requiredText('Question is required', 200),
    kind: z.enum(QUESTION_KINDS, { error: 'Please choose a kind of answer' }),
    // A list, or the form's text with one option a line; blank lines are dropped.
    choices: z
      .union([z.string(), z.array(z.string())])
      .default([])
      .transform((v) => (typeof v === 'string' ? v.split('\n') : v).map((c) => c.trim()).filter(Boolean))
      .pipe(z.array(z.string().max(100, tooLongMessage(100))).max(20, 'At most 20 options')),
    required: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice' && new Set(q.choices).size < 2) ctx.addIssue({ code: 'custom', path: ['choices'], message: CHOICES_MESSAGE });
  })
  .transform((q) => ({ ...q, choices: q.kind === 'choice' ? [...new Set(q.choices)] : [] }));
export type GolferQuestionInput = z.input<typeof golferQuestionSchema>;

export interface GolferQuestion {
  id: string;
  label: string;
  kind: QuestionKind;
  choices: string[];
  required: boolean;
}

/** One answer to one question, by its kind: text (up to 500 characters), one of the choices, or 'yes' / 'no'. */
function answerSchema(q: GolferQuestion) {
  const text = z.string({ error: ANSWER_REQUIRED_MESSAGE }).trim().max(MAX_ANSWER_LENGTH, tooLongMessage(MAX_ANSWER_LENGTH));
  const value =
    q.kind === 'text'
      ? text
      : text.refine((v) => v === '' || (q.kind === 'choice' ? q.choices.includes(v) : v === 'yes' || v === 'no'), CHOICE_MESSAGE);
  // A missing answer is an empty one, so a required question left out is refused like one left blank.
  return z.preprocess((v) => v ?? '', q.required ? value.refine((v) => v !== '', ANSWER_REQUIRED_MESSAGE) : value);
}

/**
 * The golfer's form for a tournament's questions: Handicap Index (R29's message), shirt size, dietary needs, and one field
 * per custom question, keyed by the question's id under `custom`.
 */
export function golferAnswersSchema(questions: readonly GolferQuestion[]) {
  return z.object({
    handicapIndex: handicapIndexSchema,
    shirtSize: z.union([z.literal(''), z.enum(SHIRT_SIZES, { error: SHIRT_SIZE_MESSAGE })], { error: SHIRT_SIZE_MESSAGE }).default(''),
    dietaryNeeds: optionalText(MAX_ANSWER_LENGTH),
    custom: z.object(Object.fromEntries(questions.map((q) => [q.id, answerSchema(q)]))).default({}),
  });
}
export type GolferAnswersInput = z.input<ReturnType<typeof golferAnswersSchema>>;

/** What the route takes before it knows the tournament's questions: the same shape, answers as plain text. */
export const golferAnswersBodySchema = z.object({
  handicapIndex: handicapIndexSchema,
  shirtSize: z.string().max(10, SHIRT_SIZE_MESSAGE).optional().default(''),
  dietaryNeeds: optionalText(MAX_ANSWER_LENGTH),
  custom: z
    .record(z.string(), z.string().max(MAX_ANSWER_LENGTH, tooLongMessage(MAX_ANSWER_LENGTH)))
    .optional()
    .default({}),
});

/** The answer of a yes/no question as people read it. */
export const yesNoLabel = (v: string) => (v === 'yes' ? 'Yes' : v === 'no' ? 'No' : v);
