// Where a signed-in visitor's own page is (R10, R60): staff go to /admin; someone whose only part here is volunteering
// (a grant, no team) to /volunteer, their work; everyone else to /register, their teams (which links their volunteer
// work too, when they have both).
import { useQuery } from '@tanstack/react-query';
import { isStaff } from '../../shared/roles';
import { myTeamsQuery } from '../registration/queries';
import { myGrantsQuery } from '../volunteers/queries';
import type { Me } from './session';

/** The signed-in visitor's own page, or null while it is still being looked up (or for no one signed in). */
export function useOwnPage(me: Me | null | undefined): string | null {
  const leaderOrVolunteer = Boolean(me) && !isStaff(me!.user.role);
  const grants = useQuery({ ...myGrantsQuery, enabled: leaderOrVolunteer });
  const teams = useQuery({ ...myTeamsQuery, enabled: leaderOrVolunteer });
  if (!me) return null;
  if (isStaff(me.user.role)) return '/admin';
  // Either lookup failing is no reason to keep someone waiting: /register is where a leader starts.
  if (grants.isError || teams.isError) return '/register';
  if (grants.isPending || teams.isPending) return null;
  return grants.data.length > 0 && teams.data.length === 0 ? '/volunteer' : '/register';
}
