// Side games (R44): the organiser's choices, a contest result as staff enter it, and the words the screens use.
import { z } from './zod';
import { SKINS_MODES } from './skins';
import { CONTESTS, MAX_DISTANCE, type Contest } from './contests';

const holeList = z
  .array(z.number({ error: 'Choose holes from the course' }).int().min(1).max(36), { error: 'Choose holes from the course' })
  .max(36)
  .transform((holes) => [...new Set(holes)].sort((a, b) => a - b));

export const sideGameSettingsSchema = z.object({
  skins: z.enum(SKINS_MODES, { error: 'Choose how skins are played' }),
  closestToPinHoles: holeList,
  longestDriveHoles: holeList,
});
export type SideGameSettings = z.output<typeof sideGameSettingsSchema>;

export const CHOOSE_TEAM = 'Choose the winning team';
export const distanceMessage = (contest: Contest) =>
  contest === 'longest_drive' ? 'Enter the yards, 0 to 500' : 'Enter the distance, up to 100 ft';

export const contestResultSchema = z
  .object({
    contest: z.enum(CONTESTS, { error: 'Choose the contest' }),
    hole: z.number({ error: 'Choose the hole' }).int('Choose the hole').min(1, 'Choose the hole').max(36, 'Choose the hole'),
    teamId: z.guid({ error: CHOOSE_TEAM }),
    playerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.guid('Choose a golfer of the team').optional()),
    distance: z.number({ error: 'Enter the distance' }).int('Whole numbers only').min(0, 'Enter the distance'),
    holeInOne: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.distance > MAX_DISTANCE[value.contest])
      ctx.addIssue({ code: 'custom', path: ['distance'], message: distanceMessage(value.contest) });
    if (value.holeInOne && value.contest !== 'closest_to_pin')
      ctx.addIssue({ code: 'custom', path: ['holeInOne'], message: 'A hole in one is noted on a closest-to-the-pin hole' });
  });
export type ContestResult = z.output<typeof contestResultSchema>;

/** Each contest hole, by hole: what cart signs and the starting sheet mark. */
export function contestHolesOf(settings: Pick<SideGameSettings, 'closestToPinHoles' | 'longestDriveHoles'>) {
  return [
    ...settings.closestToPinHoles.map((hole) => ({ contest: 'closest_to_pin' as const, hole })),
    ...settings.longestDriveHoles.map((hole) => ({ contest: 'longest_drive' as const, hole })),
  ].sort((a, b) => a.hole - b.hole || a.contest.localeCompare(b.contest));
}
