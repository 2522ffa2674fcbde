// The side games' contests (R44) and how a distance reads: no zod here, the public board imports it.
export const CONTESTS = ['closest_to_pin', 'longest_drive'] as const;
export type Contest = (typeof CONTESTS)[number];
export const CONTEST_LABELS: Record<Contest, string> = { closest_to_pin: 'Closest to the pin', longest_drive: 'Longest drive' };
export const CONTEST_SHORT: Record<Contest, string> = { closest_to_pin: 'CTP', longest_drive: 'LD' };

/** Closest to the pin is measured in inches (entered as feet and inches), longest drive in yards. */
export const MAX_DISTANCE: Record<Contest, number> = { closest_to_pin: 100 * 12, longest_drive: 500 };

export function formatDistance(contest: Contest, distance: number, holeInOne = false): string {
  if (holeInOne) return 'Hole in one!';
  if (contest === 'longest_drive') return `${distance} yd`;
  const feet = Math.floor(distance / 12);
  const inches = distance % 12;
  return feet === 0 ? `${inches} in` : inches === 0 ? `${feet} ft` : `${feet} ft ${inches} in`;
}

/** "Closest to the pin: holes 3, 7 · Longest drive: hole 9", for cart signs and the starting sheet; '' without contests. */
export function contestHolesText(holes: readonly { contest: Contest; hole: number }[]): string {
  return CONTESTS.flatMap((contest) => {
    const list = holes.filter((h) => h.contest === contest).map((h) => h.hole);
    return list.length ? [`${CONTEST_LABELS[contest]}: hole${list.length > 1 ? 's' : ''} ${list.join(', ')}`] : [];
  }).join(' · ');
}
