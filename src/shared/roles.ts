// Roles and what each may reach (R8). The server guards with these; the client only mirrors them.
export const ROLES = ['team_leader', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { team_leader: 'Team leader', moderator: 'Moderator', admin: 'Admin' };

/**
 * Who may call a route: anyone, any signed-in user, tournament-day staff, admins only, or (R60) staff and the volunteer
 * invited for the tournament the request names: a scorer (score entry) or a check-in volunteer (check-in, add-ons sold there).
 */
export type Access = 'public' | 'signed-in' | 'staff' | 'admin' | VolunteerAccess;
export type VolunteerAccess = 'scorer-for-tournament' | 'checkin-for-tournament';

/** R60: what a volunteer is invited as, for one tournament. */
export const VOLUNTEER_ROLES = ['scorer', 'check-in'] as const;
export type VolunteerRole = (typeof VOLUNTEER_ROLES)[number];
export const VOLUNTEER_ROLE_LABELS: Record<VolunteerRole, string> = { scorer: 'Scorer', 'check-in': 'Check-in' };
/** The grant each tournament-scoped access kind asks for. */
export const VOLUNTEER_ACCESS_ROLE: Record<VolunteerAccess, VolunteerRole> = {
  'scorer-for-tournament': 'scorer',
  'checkin-for-tournament': 'check-in',
};
export const isVolunteerAccess = (access: Access): access is VolunteerAccess => access in VOLUNTEER_ACCESS_ROLE;

export function isStaff(role: string | null | undefined): boolean {
  return role === 'admin' || role === 'moderator';
}

export function roleMeets(role: string | null | undefined, access: Access): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signed-in':
      return role != null;
    // By role alone a tournament-scoped route is staff's; a volunteer's grant is checked by the server per request.
    case 'staff':
    case 'scorer-for-tournament':
    case 'checkin-for-tournament':
      return isStaff(role);
    case 'admin':
      return role === 'admin';
  }
}
