// One error type with a code, and one table from code to HTTP status (docs/conventions.md: one error model).
import type { Context } from 'hono';
import type { ApiErrorBody } from '../../shared/api-types';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A refusal that frees later: app.ts's error handler puts it in Retry-After (a service knows no HTTP). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get status() {
    return ERROR_STATUS[this.code];
  }
  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** A 429 that says when to try again, in its message and in Retry-After. */
export function rateLimited(c: Context, seconds: number, message: string): AppError {
  c.header('Retry-After', String(seconds));
  return new AppError('RATE_LIMITED', message);
}

/** A 503 for a request this process has no room for now (a capacity, not the client's fault), with Retry-After. */
export function unavailable(c: Context, seconds: number, message: string): AppError {
  c.header('Retry-After', String(seconds));
  return new AppError('UNAVAILABLE', message);
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'You must be signed in to do that');
export const forbidden = () => new AppError('FORBIDDEN', "You don't have permission to access this page");

/** A validation failure in the one error shape: the first message overall, and the first per field. */
export function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return new AppError('VALIDATION', issues[0]?.message ?? 'Invalid input', fields);
}
