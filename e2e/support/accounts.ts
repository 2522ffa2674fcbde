// The confirmed accounts every journey's database starts with, one per role, made through the account service as the
// CLI and the sign-up route make them. Each journey has a database of its own, so fixed addresses never collide.
import { createUserAccount } from '../../src/server/account/service';
import { hashOncePerPassword } from '../../src/server/test/hash-once';
import type { Db } from '../../src/server/db/connect';
import type { Role } from '../../src/shared/roles';

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
