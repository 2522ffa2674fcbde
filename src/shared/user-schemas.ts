// The admin Users page's rules and messages (spec §2 Users, §6; R6, R8), used by its form and its routes.
import { z } from './zod';
import { signUpSchema } from './account-schemas';
import { ROLES } from './roles';

export const USERS_PAGE_SIZE = 50;

export const roleSchema = z.enum(ROLES, { error: 'Choose a permission' });

/** An admin creates an account with a chosen permission; its e-mail counts as confirmed. */
export const createUserSchema = signUpSchema.extend({ role: roleSchema });
export type CreateUserInput = z.input<typeof createUserSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });

export const pageSchema = z.coerce
  .number({ error: 'Page must be a whole number from 1' })
  .int('Page must be a whole number from 1')
  .min(1, 'Page must be a whole number from 1')
  .default(1);
export const searchSchema = z.string().trim().max(100, 'Search must be at most 100 characters').optional().default('');

export const listUsersQuerySchema = z.object({ q: searchSchema, page: pageSchema });

/** Messages of the R8 guards, shown as they are by the Users page. */
export const USER_GUARD_MESSAGES = {
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot remove your own admin role',
  lastAdmin: 'The last admin cannot be removed or demoted',
  // Nothing moves a team to another leader: deleting the teams (Admin → Teams) is what the organiser can do first.
  leadsTeams: (n: number) => `This user leads ${n === 1 ? '1 team' : `${n} teams`}: delete the teams first, in Admin → Teams`,
} as const;
