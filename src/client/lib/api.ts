// The one way the client calls the API: JSON in, JSON out, errors as ApiError carrying the server's message.
import type { ApiErrorBody } from '../../shared/api-types';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; form?: FormData; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    // A form (an image upload) goes as multipart/form-data: the browser writes its Content-Type with the boundary.
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined && init.form === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? init.headers : { 'Content-Type': 'application/json', ...init.headers },
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const error = (data as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_' + response.status,
      error?.message ?? 'Something went wrong. Please try again.',
      error?.fields,
    );
  }
  return data as T;
}

/** Why a call failed: the network (nothing reached the server), the server (5xx), or a refusal (4xx, in its own words). */
export function failureCause(error: unknown): 'network' | 'server' | 'refused' {
  if (!(error instanceof ApiError) || error.status === 0) return 'network';
  return error.status >= 500 ? 'server' : 'refused';
}

/** Outdoors on a poor connection: a failed read is tried again up to three times, never after a refusal (a 4xx). */
export const retryUnlessRefused = (failureCount: number, error: unknown) => failureCount < 3 && failureCause(error) !== 'refused';

/**
 * The message to show for a failed call. A refusal (4xx) is the server's own words ('Only 2 places left at this level');
 * a failure is the screen's text from spec §8 ('Failed to save scores'), plus a hint when the network is the cause.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  switch (failureCause(error)) {
    case 'network':
      return fallback ? `${fallback}. Check your connection and try again.` : error.message;
    case 'server':
      return fallback || error.message;
    case 'refused':
      return error.message || fallback;
  }
}
