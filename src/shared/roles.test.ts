import { describe, expect, it } from 'vitest';
import { isStaff, roleMeets, ROLE_LABELS, ROLES, type Access } from './roles';

describe('roleMeets (R8)', () => {
  // Rows: who calls (null = no session). Columns: the route's access rule.
  const table: [string | null, Record<Access, boolean>][] = [
    // R60: by role alone a tournament-scoped route is staff's; a volunteer's grant is the server's check (define-route.ts).
    [
      null,
      { public: true, 'signed-in': false, staff: false, admin: false, 'scorer-for-tournament': false, 'checkin-for-tournament': false },
    ],
    [
      'team_leader',
      { public: true, 'signed-in': true, staff: false, admin: false, 'scorer-for-tournament': false, 'checkin-for-tournament': false },
    ],
    [
      'moderator',
      { public: true, 'signed-in': true, staff: true, admin: false, 'scorer-for-tournament': true, 'checkin-for-tournament': true },
    ],
    ['admin', { public: true, 'signed-in': true, staff: true, admin: true, 'scorer-for-tournament': true, 'checkin-for-tournament': true }],
  ];
  for (const [role, expected] of table) {
    for (const [access, allowed] of Object.entries(expected)) {
      it(`${role ?? 'anonymous'} ${allowed ? 'may' : 'may not'} call a ${access} route`, () => {
        expect(roleMeets(role, access as Access)).toBe(allowed);
      });
    }
  }

  it('gives an unknown role no more than a team leader', () => {
    expect(roleMeets('superuser', 'staff')).toBe(false);
    expect(roleMeets('superuser', 'admin')).toBe(false);
  });

  it('counts moderators and admins as staff', () => {
    expect(ROLES.filter((role) => isStaff(role))).toEqual(['moderator', 'admin']);
    expect(isStaff(null)).toBe(false);
  });

  it('labels every role', () => {
    expect(ROLE_LABELS).toEqual({ team_leader: 'Team leader', moderator: 'Moderator', admin: 'Admin' });
  });
});
