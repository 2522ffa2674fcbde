import { ApiError } from '../lib/api';
import { notify } from '../lib/toast';

/** The spec's failure toast ('Failed to save golf course'), followed by the server's reason when it gave one. */
export const notifyFailure = (what: string) => (error: unknown) =>
  notify.error(error instanceof ApiError ? `${what}: ${error.message}` : what);
