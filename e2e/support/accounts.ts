// The confirmed accounts every journey's database starts with, one per role, made through the account service as the
// CLI and the sign-up route make them. Each journey has a database of its own, so fixed addresses never collide.
import { createUserAccount, findUserByEmail } from '../../src/server/account/service';
import { acceptInvitation, inviteVolunteer } from '../../src/server/volunteers/service';
import { hashOncePerPassword } from '../../src/server/test/hash-once';
import type { Db } from '../../src/server/db/connect';
import type { Role, VolunteerRole } from '../../src/shared/roles';

export const E2E_PASSWORD = 'fairway-birdie-42';

export interface E2eAccount {
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export const E2E_ACCOUNTS = {
  leader: { role: 'team_leader', firstName: 'Lee', lastName: 'Leader', email: 'lee.leader@e2e.example.org', password: E2E_PASSWORD },
  moderator: {
    role: 'moderator',
    firstName: 'Morgan',
    lastName: 'Moderator',
    email: 'morgan.moderator@e2e.example.org',
    password: E2E_PASSWORD,
  },
  admin: { role: 'admin', firstName: 'Ada', lastName: 'Admin', email: 'ada.admin@e2e.example.org', password: E2E_PASSWORD },
} as const satisfies Record<string, E2eAccount>;

export async function seedAccounts(db: Db): Promise<void> {
  for (const { role, ...account } of Object.values(E2E_ACCOUNTS)) {
    await createUserAccount(db, { ...account, company: '', role, emailVerified: true }, hashOncePerPassword);
  }
}

/** `account` volunteers for `role` at the tournament today (R60): invited by the admin account and accepted, as the e-mail's link does. */
export async function grantVolunteer(db: Db, account: E2eAccount, tournamentId: string, role: VolunteerRole): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const [admin, volunteer] = [await findUserByEmail(db, E2E_ACCOUNTS.admin.email), await findUserByEmail(db, account.email)];
  if (!admin || !volunteer) throw new Error('seed the accounts first (seedAccounts)');
  const { token } = await inviteVolunteer(db, { tournamentId, email: account.email, role, until: today }, admin.id, today);
  await acceptInvitation(db, token, { userId: volunteer.id, email: account.email }, today, new Date());
}
