// The answers about accounts for admins, declared once for the OpenAPI document, the handlers and the service
// (docs/decisions/060); here rather than in routes.ts so the service needs nothing from its routes (docs/conventions.md rule 11).
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../shared/roles';

export const adminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string(),
    role: z.enum(ROLES),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    teamsLed: z.number(),
  })
  .openapi('AdminUser');
export type AdminUser = z.infer<typeof adminUser>;
export const userPage = z.object({ users: z.array(adminUser), total: z.number(), page: z.number(), pageSize: z.number() });
export type UserPage = z.infer<typeof userPage>;
