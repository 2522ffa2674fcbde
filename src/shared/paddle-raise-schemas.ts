// The paddle raise (R56): staff open a raise with its giving levels, record raised paddles by bidder number (R54), guests
// pledge from their phones. The forms and the routes share these rules and messages.
import { z } from './zod';
import { nameText, optionalEmail, requiredText, tournamentChoice, choiceId } from './field-schemas';
import { GIFT_MESSAGES, MAX_GIFT_CENTS, MIN_GIFT_CENTS } from './fundraising-schemas';

export const MAX_LEVELS = 8;

export const PADDLE_MESSAGES = {
  title: 'Give the raise a title, e.g. Fund a year of swimming lessons',
  levels: 'Type the giving levels, largest first, e.g. 5,000 / 1,000 / 500 / 100',
  levelRange: 'Each level must be from 5.00 to 100,000.00',
  levelCount: `At most ${MAX_LEVELS} levels`,
  levelTwice: 'Each level only once',
  bidderNumber: 'Type the bidder number (the number on the paddle)',
  level: 'Choose one of the giving levels',
  guestName: "The guest's name is required",
  anotherOpen: 'Another raise is open for this tournament: close it before opening a new one.',
  closed: 'This raise is closed: no more pledges are taken.',
  notALevel: "Choose one of this raise's giving levels.",
  raiseNotFound: 'Paddle raise not found',
  pledgeNotFound: 'Pledge not found',
  undoPaid: 'This pledge is paid: refund it from Payments instead.',
  linkInvalid: 'This link is not valid. Ask the organisers for your personal link.',
} as const;

export const unknownBidder = (number: number) =>
  `No bidder #${number} in this tournament. Check the paddle, or add the guest as a bidder. Nothing was recorded.`;

/** "5,000 / 1,000 / 500 / 100" (commas are thousands), or an array of amounts, into cents, largest first. */
const levels = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: PADDLE_MESSAGES.levels })
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value.map(String) : value.split(/[\s/;|]+/))
      .map((part) => part.replace(/[,\s]/g, ''))
      .filter(Boolean);
    if (parts.length === 0) {
      ctx.addIssue({ code: 'custom', message: PADDLE_MESSAGES.levels });
      return z.NEVER;
    }
    if (parts.length > MAX_LEVELS) {
      ctx.addIssue({ code: 'custom', message: PADDLE_MESSAGES.levelCount });
      return z.NEVER;
    }
    const cents: number[] = [];
    for (const part of parts) {
      const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(part);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: GIFT_MESSAGES.amount });
        return z.NEVER;
      }
      const amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
      if (amount < MIN_GIFT_CENTS || amount > MAX_GIFT_CENTS) {
        ctx.addIssue({ code: 'custom', message: PADDLE_MESSAGES.levelRange });
        return z.NEVER;
      }
      cents.push(amount);
    }
    if (new Set(cents).size !== cents.length) {
      ctx.addIssue({ code: 'custom', message: PADDLE_MESSAGES.levelTwice });
      return z.NEVER;
    }
    return cents.sort((a, b) => b - a);
  });

/** Staff open a raise: its title and giving levels (R56). */
export const openRaiseSchema = z.object({
  tournamentId: tournamentChoice,
  title: requiredText(PADDLE_MESSAGES.title, 120),
  levels,
});
export type OpenRaiseInput = z.output<typeof openRaiseSchema>;
export type OpenRaiseValues = z.input<typeof openRaiseSchema>;

/** One of the raise's levels, in cents (the server checks it is one). */
const levelCents = z.number({ error: PADDLE_MESSAGES.level }).int(PADDLE_MESSAGES.level).positive(PADDLE_MESSAGES.level);

/** The keypad: a level and the number on the raised paddle. */
export const keypadPledgeSchema = z.object({
  amountCents: levelCents,
  bidderNumber: z.coerce
    .number({ error: PADDLE_MESSAGES.bidderNumber })
    .int(PADDLE_MESSAGES.bidderNumber)
    .min(1, PADDLE_MESSAGES.bidderNumber)
    .max(99_999, PADDLE_MESSAGES.bidderNumber),
});
export type KeypadPledgeInput = z.output<typeof keypadPledgeSchema>;

/** A guest's pledge from their phone: the level tapped and whether their name may show on the screen (R35, R54). */
export const guestPledgeSchema = z.object({
  raiseId: choiceId(PADDLE_MESSAGES.raiseNotFound),
  amountCents: levelCents,
  showName: z.boolean({ error: 'showName must be true or false' }).default(false),
});
export type GuestPledgeInput = z.output<typeof guestPledgeSchema>;

/** Pay pledges by card: the payer's own pending pledges. */
export const payPledgesSchema = z.object({
  pledgeIds: z.array(choiceId(PADDLE_MESSAGES.pledgeNotFound)).min(1, PADDLE_MESSAGES.pledgeNotFound).max(50),
});

/** Staff add a dinner guest without an account as a bidder (R54): a new number. */
export const addBidderSchema = z.object({
  tournamentId: tournamentChoice,
  name: nameText(PADDLE_MESSAGES.guestName, 100),
  email: optionalEmail,
  showName: z.boolean({ error: 'showName must be true or false' }).default(false),
});
export type AddBidderInput = z.output<typeof addBidderSchema>;
export type AddBidderValues = z.input<typeof addBidderSchema>;
