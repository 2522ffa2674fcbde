// Roles and what each may reach (R8). The server guards with these; the client only mirrors them.
export const ROLES = ['team_leader', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { team_leader: 'Team leader', moderator: 'Moderator', admin: 'Admin' };

/** Who may call a route: anyone, any signed-in user, tournament-day staff, or admins only. */
export type Access = 'public' | 'signed-in' | 'staff' | 'admin';

export function isStaff(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'moderator';
}

export function roleMeets(role: string | null | undefined, access: Access): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signed-in':
      return role != null;
    case 'staff':
      return isStaff(role);
    case 'admin':
      return role === 'admin';
  }
}
