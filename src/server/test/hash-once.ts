// One real argon2id hash per password for the whole test process, for the accounts fixtures make (createUserAccount's
// hasher). Production hashes each account's password with a fresh salt; a test signing in only needs a valid hash of its
// password, and each hash costs ~65 ms of CPU by design (R6): thousands of accounts across the suites (decision 012).
import { hashPassword } from '../auth/passwords';

const hashes = new Map<string, Promise<string>>();

export function hashOncePerPassword(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) hashes.set(password, (hashed = hashPassword(password)));
  return hashed;
}
