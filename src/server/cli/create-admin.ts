// `npm run create-admin -- --email E --password P [--first-name F --last-name L]` (R3).
// A new e-mail becomes an admin account, already confirmed so it can sign in even with SMTP_URL set. An existing account is
// promoted and keeps its password: running this must never silently take over someone's credentials, and a password that
// only the operator knows would lock the account's owner out. The database is the one the settings select (R2).
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createUserAccount, findUserByEmail, setRole } from '../account/service';
import { databaseName, loadConfig } from '../config';
import type { Db } from '../db/connect';
import { AppError } from '../http/errors';
import { passwordSchema, signUpSchema } from '../../shared/account-schemas';
import { ROLE_LABELS, type Role } from '../../shared/roles';
import { openCliDatabase, parseFlags, runCli, UsageError } from './args';

export const USAGE = 'npm run create-admin -- --email E --password P [--first-name F --last-name L]';

/** The name a new admin gets when none is given; they can change it on their profile. */
export const DEFAULT_ADMIN_NAME = { firstName: 'Tournament', lastName: 'Admin' } as const;

export interface AdminInput {
  email: string;
  /** Needed to create an account; an existing account keeps its own. */
  password?: string;
  firstName?: string;
  lastName?: string;
}

export type AdminResult =
  | { action: 'created'; userId: string; email: string }
  | { action: 'promoted'; userId: string; email: string; previousRole: Role; emailVerified: boolean }
  | { action: 'already-admin'; userId: string; email: string; emailVerified: boolean };

const adminInputSchema = signUpSchema
  .pick({ email: true, firstName: true, lastName: true })
  .extend({ password: passwordSchema.optional() });

/** Creates `email` as a confirmed admin, or promotes the existing account with that e-mail (its password unchanged). */
export async function createOrPromoteAdmin(db: Db, input: AdminInput): Promise<AdminResult> {
  const parsed = adminInputSchema.safeParse({
    ...input,
    firstName: input.firstName ?? DEFAULT_ADMIN_NAME.firstName,
    lastName: input.lastName ?? DEFAULT_ADMIN_NAME.lastName,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('VALIDATION', issue.message, { [String(issue.path[0] ?? 'input')]: issue.message });
  }
  const data = parsed.data;

  const existing = await findUserByEmail(db, data.email);
  if (existing) return promote(db, existing);

  if (!data.password) {
    const message = `No account uses ${data.email}; a password is needed to create it`;
    throw new AppError('VALIDATION', message, { password: message });
  }
  try {
    const created = await createUserAccount(db, { ...data, password: data.password, company: '', role: 'admin', emailVerified: true });
    return { action: 'created', userId: created.id, email: created.email };
  } catch (error) {
    // Someone signed up with this e-mail between our look-up and our insert: promote that account instead.
    const raced = error instanceof AppError && error.code === 'CONFLICT' ? await findUserByEmail(db, data.email) : null;
    if (raced) return promote(db, raced);
    throw error;
  }
}

async function promote(db: Db, existing: { id: string; email: string; role: string; emailVerified: boolean }): Promise<AdminResult> {
  const base = { userId: existing.id, email: existing.email, emailVerified: existing.emailVerified };
  if (existing.role === 'admin') return { action: 'already-admin', ...base };
  await setRole(db, existing.id, 'admin');
  return { action: 'promoted', ...base, previousRole: existing.role as Role };
}

/** The one line the command prints. */
export function describeAdminResult(result: AdminResult, context: { where: string; signInUrl: string; passwordGiven: boolean }): string {
  const unconfirmed =
    'emailVerified' in result && !result.emailVerified
      ? ' Its e-mail is not confirmed yet: with SMTP_URL set it must be confirmed before it can sign in.'
      : '';
  const ignored = context.passwordGiven ? ' (the --password given was not used)' : '';
  switch (result.action) {
    case 'created':
      return `Created admin account ${result.email} (e-mail confirmed) in ${context.where}. Sign in at ${context.signInUrl}`;
    case 'promoted':
      return `Promoted existing account ${result.email} from ${ROLE_LABELS[result.previousRole]?.toLowerCase() ?? result.previousRole} to admin in ${context.where}; its password is unchanged${ignored}.${unconfirmed}`;
    case 'already-admin':
      return `${result.email} is already an admin in ${context.where}; nothing changed, its password is unchanged${ignored}.${unconfirmed}`;
  }
}

async function main(argv: string[]) {
  const flags = parseFlags(argv, ['email', 'password', 'first-name', 'last-name']);
  if (!flags.email) throw new UsageError('Missing --email');
  const config = loadConfig();
  const database = await openCliDatabase(config);
  try {
    const result = await createOrPromoteAdmin(database.db, {
      email: flags.email,
      password: flags.password,
      firstName: flags['first-name'],
      lastName: flags['last-name'],
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'VALIDATION') throw new UsageError(error.message);
      throw error;
    });
    const where = databaseName(config);
    console.log(describeAdminResult(result, { where, signInUrl: `${config.appUrl}/auth`, passwordGiven: flags.password !== undefined }));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  await runCli(USAGE, () => main(process.argv.slice(2)));
}
