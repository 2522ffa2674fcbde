// Places left at a level of a tournament (R13): the level's places and the tournament's cap, whichever is tighter.

export function placesLeft(level: { maxTeams: number; taken: number }, tournament: { maxTeams: number | null; taken: number }): number {
  const atLevel = level.maxTeams - level.taken;
  const inTournament = tournament.maxTeams == null ? Infinity : tournament.maxTeams - tournament.taken;
  return Math.max(0, Math.min(atLevel, inTournament));
}

export const onlyPlacesLeftMessage = (n: number) => `Only ${n} ${n === 1 ? 'place' : 'places'} left at this level`;
export const TOURNAMENT_FULL_MESSAGE = 'The tournament is full';
export const SOLD_OUT_LABEL = 'Sold out';
export const LEVEL_SOLD_OUT_MESSAGE = 'This level is sold out';
export const onlyPlacesLeftInTournamentMessage = (n: number) => `Only ${n} ${n === 1 ? 'place' : 'places'} left in this tournament`;

/**
 * Why `teamCount` more teams do not fit, named by the cap that binds (R13): the tournament's when it is the tighter (or
 * full), else the level's. Null when they fit.
 */
export function capacityRefusal(
  level: { maxTeams: number; taken: number },
  tournament: { maxTeams: number | null; taken: number },
  teamCount: number,
): string | null {
  if (teamCount <= placesLeft(level, tournament)) return null;
  const atLevel = Math.max(0, level.maxTeams - level.taken);
  const inTournament = tournament.maxTeams == null ? Infinity : Math.max(0, tournament.maxTeams - tournament.taken);
  if (inTournament === 0) return TOURNAMENT_FULL_MESSAGE;
  if (inTournament < atLevel) return onlyPlacesLeftInTournamentMessage(inTournament);
  return atLevel === 0 ? LEVEL_SOLD_OUT_MESSAGE : onlyPlacesLeftMessage(atLevel);
}
