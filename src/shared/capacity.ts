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

const onlySinglePlacesLeftMessage = (n: number) => `Only ${n} single ${n === 1 ? 'place' : 'places'} left`;

/** A team takes four golfer places; a single place (R43) takes one. */
export const GOLFERS_PER_TEAM = 4;
export const SINGLE_PLACES_SOLD_OUT_LABEL = 'No single places left';

/** A cap in teams with what is taken counted in golfer places (R13 counts golfers where singles are sold, R43). */
interface GolferCap {
  maxTeams: number | null;
  golfers: number;
}

/** A cap that never binds: to ask one cap alone (the tournament's, say) through the two-cap functions. */
export const NO_CAP = { maxTeams: Number.MAX_SAFE_INTEGER, golfers: 0 } as const;

/** Golfer places left under both caps: the tighter of the level's and the tournament's. */
export function golferPlacesLeft(level: GolferCap & { maxTeams: number }, tournament: GolferCap): number {
  const left = (cap: GolferCap) => (cap.maxTeams == null ? Infinity : cap.maxTeams * GOLFERS_PER_TEAM - cap.golfers);
  return Math.max(0, Math.min(left(level), left(tournament)));
}

/** Whole teams still fitting when singles have taken some golfer places: a team needs four free places. */
export const teamPlacesLeft = (level: GolferCap & { maxTeams: number }, tournament: GolferCap) =>
  Math.floor(golferPlacesLeft(level, tournament) / GOLFERS_PER_TEAM);

/**
 * Why a registration of `teams` teams or `singles` single places does not fit, counted in golfers (R13, R43), worded as
 * capacityRefusal words it (teams in whole places); null when it fits. The form, the event page and the server's locked
 * check decide with this one function.
 */
export function golferCapacityRefusal(
  level: GolferCap & { maxTeams: number },
  tournament: GolferCap,
  wanted: { teams: number; singles: number },
): string | null {
  const golfers = wanted.teams * GOLFERS_PER_TEAM + wanted.singles;
  if (golfers <= golferPlacesLeft(level, tournament)) return null;
  // Seen in whole teams: a cap with 1 to 3 golfer places left has no team place left.
  const inTeams = (cap: GolferCap) => ({ maxTeams: cap.maxTeams, taken: Math.ceil(cap.golfers / GOLFERS_PER_TEAM) });
  if (wanted.singles === 0)
    return capacityRefusal(inTeams(level) as { maxTeams: number; taken: number }, inTeams(tournament), wanted.teams);
  const tournamentLeft = golferPlacesLeft(NO_CAP, tournament);
  if (tournamentLeft === 0) return TOURNAMENT_FULL_MESSAGE;
  const left = golferPlacesLeft(level, tournament);
  return left === 0 ? LEVEL_SOLD_OUT_MESSAGE : onlySinglePlacesLeftMessage(left);
}
