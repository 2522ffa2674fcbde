import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginSchema, PASSWORD_MAX, PASSWORD_MIN, passwordSchema, profileSchema, signUpSchema } from './account-schemas';

/** The first message per field, as the forms and the API show them. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}

const validSignUp = { firstName: 'Pat', lastName: 'Putter', email: 'pat@example.org', company: 'Acme', password: 'eightchr' };

describe('loginSchema (spec §5)', () => {
  it('accepts an e-mail and any non-empty password, normalising the e-mail', () => {
    expect(loginSchema.parse({ email: '  Pat@Example.ORG ', password: 'x' })).toEqual({ email: 'pat@example.org', password: 'x' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'x' }, { email: 'Invalid email' }],
    [{ email: '', password: 'x' }, { email: 'Invalid email' }],
    [{ password: 'x' }, { email: 'Invalid email' }],
    [{ email: 'pat@example.org', password: '' }, { password: 'Password is required' }],
    [{ email: 'pat@example.org' }, { password: 'Password is required' }],
    [{}, { email: 'Invalid email', password: 'Password is required' }],
  ])('%j → %j', (input, expected) => {
    expect(messages(loginSchema, input)).toEqual(expected);
  });

  it(`refuses a password over ${PASSWORD_MAX} characters`, () => {
    expect(messages(loginSchema, { email: 'pat@example.org', password: 'x'.repeat(PASSWORD_MAX + 1) })).toEqual({
      password: `Password must be at most ${PASSWORD_MAX} characters`,
    });
  });
});

describe('signUpSchema (spec §5 with R6)', () => {
  it('accepts a valid sign-up, trims names and defaults company to empty', () => {
    expect(signUpSchema.parse({ ...validSignUp, firstName: ' Pat ', company: undefined })).toEqual({ ...validSignUp, company: '' });
  });

  it("requires at least 8 characters of password (R6, not the spec's 6)", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(messages(signUpSchema, { ...validSignUp, password: 'sixchr' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(messages(signUpSchema, { ...validSignUp, password: '7chars!' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(messages(signUpSchema, { ...validSignUp, password: '8chars!!' })).toEqual({});
  });

  it.each([
    [{ firstName: '' }, { firstName: 'First name is required' }],
    [{ firstName: '   ' }, { firstName: 'First name is required' }],
    [{ firstName: undefined }, { firstName: 'First name is required' }],
    [{ lastName: '' }, { lastName: 'Last name is required' }],
    [{ lastName: undefined }, { lastName: 'Last name is required' }],
    [{ email: 'pat' }, { email: 'Invalid email' }],
    [{ email: undefined }, { email: 'Invalid email' }],
    [{ password: '' }, { password: 'Password must be at least 8 characters' }],
    [{ password: undefined }, { password: 'Password must be at least 8 characters' }],
    [{ password: 'x'.repeat(PASSWORD_MAX + 1) }, { password: `Password must be at most ${PASSWORD_MAX} characters` }],
  ])('%j → %j', (change, expected) => {
    expect(messages(signUpSchema, { ...validSignUp, ...change })).toEqual(expected);
  });

  it('reports every bad field at once', () => {
    expect(messages(signUpSchema, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email',
      password: 'Password must be at least 8 characters',
    });
  });

  it('accepts a password of exactly the maximum', () => {
    expect(passwordSchema.safeParse('x'.repeat(PASSWORD_MAX)).success).toBe(true);
  });
});

describe('profileSchema (spec §5 profile)', () => {
  it('accepts names and an optional company', () => {
    expect(profileSchema.parse({ firstName: 'Pat', lastName: 'Putter' })).toEqual({ firstName: 'Pat', lastName: 'Putter', company: '' });
  });

  it.each([
    [{ firstName: '', lastName: 'Putter' }, { firstName: 'First name is required' }],
    [{ firstName: 'Pat', lastName: ' ' }, { lastName: 'Last name is required' }],
    [{}, { firstName: 'First name is required', lastName: 'Last name is required' }],
  ])('%j → %j', (input, expected) => {
    expect(messages(profileSchema, input)).toEqual(expected);
  });
});
