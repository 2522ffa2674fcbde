// R29's Handicap Index rule, without zod: the one rule and its one message, used by the zod schema (team-schemas.ts) for
// every form and route, and on its own by the check-in page's Handicap Index field, whose first load carries no zod (R61's
// 120 KB, docs/decisions/116).

export const HANDICAP_MESSAGE = 'Handicap Index must be from -10.0 to 54.0, with at most one decimal';

/** R29: a Handicap Index is a number from -10.0 to 54.0 with at most one decimal. */
export const isHandicapIndex = (n: number) => Number.isFinite(n) && n >= -10 && n <= 54 && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9;

/** The form's text: empty is none; anything not a number stays NaN so the rule words the message. */
export const handicapFromText = (value: unknown) =>
  value === '' || value == null
    ? null
    : typeof value === 'number'
      ? value
      : /^\s*-?\d+(\.\d+)?\s*$/.test(String(value))
        ? Number(value)
        : NaN;
