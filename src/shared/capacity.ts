// Places left at a level of a tournament (R13): the level's places and the tournament's cap, whichever is tighter.

export function placesLeft(level: { maxTeams: number; taken: number }, tournament: { maxTeams: number | null; taken: number }): number {
  const atLevel = level.maxTeams - level.taken;
  const inTournament = tournament.maxTeams == null ? Infinity : tournament.maxTeams - tournament.taken;
  return Math.max(0, Math.min(atLevel, inTournament));
}

export const onlyPlacesLeftMessage = (n: number) => `Only ${n} ${n === 1 ? 'place' : 'places'} left at this level`;
export const TOURNAMENT_FULL_MESSAGE = 'The tournament is full';
export const SOLD_OUT_LABEL = 'Sold out';
