// The signed-in user's answer (/api/account/me), declared once for the OpenAPI document, the handler and the service
// (docs/decisions/060); here rather than in routes.ts so the service needs nothing from its routes (docs/conventions.md rule 11).
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../shared/roles';

export const meSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), role: z.enum(ROLES), emailVerified: z.boolean() }),
    profile: z.object({ firstName: z.string(), lastName: z.string(), company: z.string() }),
  })
  .openapi('Me');
export type Me = z.infer<typeof meSchema>;
