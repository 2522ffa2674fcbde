/**
 * What a phone's first screen does not show is not styled or laid out until it is scrolled near (content-visibility: auto;
 * its height meanwhile an estimate, then the last one drawn): the board's cards below the first five, the side games under
 * them, an event's details under its heading (docs/decisions/109, 126). Not on a TV, whose pages are measured from the real
 * heights (leaderboard/tv-boards.tsx).
 */
export const OFF_SCREEN = '[content-visibility:auto] [contain-intrinsic-size:auto_8rem]';
