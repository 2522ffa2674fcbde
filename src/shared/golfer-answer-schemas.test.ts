import { describe, expect, it } from 'vitest';
import {
  ANSWER_REQUIRED_MESSAGE,
  CHOICE_MESSAGE,
  CHOICES_MESSAGE,
  golferAnswersSchema,
  golferQuestionSchema,
  SHIRT_SIZE_MESSAGE,
  type GolferQuestion,
} from './golfer-answer-schemas';
import { HANDICAP_MESSAGE } from './handicap';

const QUESTIONS: GolferQuestion[] = [
  { id: 'q1', label: 'Shuttle?', kind: 'yes_no', choices: [], required: true },
  { id: 'q2', label: 'Tee box', kind: 'choice', choices: ['Blue', 'Red'], required: false },
  { id: 'q3', label: 'Song', kind: 'text', choices: [], required: false },
];
const messages = (input: unknown) =>
  Object.fromEntries((golferAnswersSchema(QUESTIONS).safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('golferQuestionSchema', () => {
  it('takes the options as one text, one a line, dropping blanks and repeats', () => {
    expect(golferQuestionSchema.parse({ label: ' Tee ', kind: 'choice', choices: 'Blue\n\n Red \nBlue' })).toEqual({
      label: 'Tee',
      kind: 'choice',
      choices: ['Blue', 'Red'],
      required: false,
    });
  });
  it('refuses a choice question with fewer than two options, and keeps none for other kinds', () => {
    expect(golferQuestionSchema.safeParse({ label: 'Tee', kind: 'choice', choices: 'Blue' }).error?.issues[0]?.message).toBe(
      CHOICES_MESSAGE,
    );
    expect(golferQuestionSchema.parse({ label: 'Song', kind: 'text', choices: ['x', 'y'] }).choices).toEqual([]);
  });
});

describe('golferAnswersSchema', () => {
  it('accepts a full answer and leaves optional ones empty', () => {
    expect(golferAnswersSchema(QUESTIONS).parse({ handicapIndex: 18.4, shirtSize: 'M', custom: { q1: 'no' } })).toEqual({
      handicapIndex: 18.4,
      shirtSize: 'M',
      dietaryNeeds: '',
      custom: { q1: 'no', q2: '', q3: '' },
    });
  });
  it.each([
    [{ handicapIndex: 60, custom: { q1: 'yes' } }, 'handicapIndex', HANDICAP_MESSAGE],
    [{ handicapIndex: Number.NaN, custom: { q1: 'yes' } }, 'handicapIndex', HANDICAP_MESSAGE],
    [{ custom: {} }, 'custom.q1', ANSWER_REQUIRED_MESSAGE],
    [{ custom: { q1: 'maybe' } }, 'custom.q1', CHOICE_MESSAGE],
    [{ custom: { q1: 'yes', q2: 'Gold' } }, 'custom.q2', CHOICE_MESSAGE],
    [{ shirtSize: 'XXXXL', custom: { q1: 'yes' } }, 'shirtSize', SHIRT_SIZE_MESSAGE],
  ])('%j: %s says %s', (input, field, message) => {
    expect(messages(input)[field]).toBe(message);
  });
});
