// The silent auction's forms and messages (R53, R54): the staff's lots and auction times, and a bid. Amounts are integer
// cents in the API; the forms turn "250.00" into cents with parseMoneyToCents.
import { z } from './zod';
import { nameText, optionalNameText, optionalText, tooLongMessage } from './field-schemas';
import { MAX_PRICE_CENTS } from './tournament-schemas';
import { formatMoney, parseMoneyToCents } from './money';

export const LOT_MESSAGES = {
  title: 'Title is required',
  value: 'Enter a value of 0 or more, with at most two decimals',
  openingBid: 'Enter an opening bid from 1.00, with at most two decimals',
  minRaise: 'Enter a minimum raise from 1.00, with at most two decimals',
  buyNow: 'Enter a buy-now price with at most two decimals, or leave it empty',
  buyNowLow: 'The buy-now price must be above the opening bid',
  tooHigh: 'Amount is too high',
  times: 'Set both the opening and the closing time, or neither',
  timesOrder: 'The auction must close after it opens',
  time: 'Enter a date and time',
  openingBidLocked: 'Bids have been placed: the opening bid can no longer change',
  hasBids: 'This lot has bids and cannot be deleted',
  notFound: 'Auction lot not found',
  imageGone: 'The photo was not found: upload it again',
} as const;
const M = LOT_MESSAGES;

/** A lot as the API takes it (R53): FMV, opening bid, minimum raise and buy-now in cents; the photo an uploaded image's id. */
export const lotSchema = z
  .object({
    title: nameText(M.title, 120),
    description: optionalText(2000),
    imageId: z.guid({ error: M.imageGone }).nullable().default(null),
    valueCents: z.int({ error: M.value }).min(0, M.value).max(MAX_PRICE_CENTS, M.tooHigh).default(0),
    openingBidCents: z.int({ error: M.openingBid }).min(100, M.openingBid).max(MAX_PRICE_CENTS, M.tooHigh),
    minRaiseCents: z.int({ error: M.minRaise }).min(100, M.minRaise).max(MAX_PRICE_CENTS, M.tooHigh),
    buyNowCents: z.int({ error: M.buyNow }).min(1, M.buyNow).max(MAX_PRICE_CENTS, M.tooHigh).nullable().default(null),
    donor: optionalNameText(120),
  })
  .superRefine((lot, ctx) => {
    if (lot.buyNowCents != null && lot.buyNowCents <= lot.openingBidCents) {
      ctx.addIssue({ code: 'custom', path: ['buyNowCents'], message: M.buyNowLow });
    }
  });
export type LotInput = z.input<typeof lotSchema>;

const instantText = z.iso.datetime({ offset: true, error: M.time });

/** When the tournament's auction opens and closes (R53); both null: no auction. */
export const auctionTimesSchema = z
  .object({ opensAt: instantText.nullable(), closesAt: instantText.nullable() })
  .superRefine((times, ctx) => {
    if ((times.opensAt == null) !== (times.closesAt == null)) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: M.times });
    else if (times.opensAt && times.closesAt && Date.parse(times.closesAt) <= Date.parse(times.opensAt)) {
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: M.timesOrder });
    }
  });

export const BID_MESSAGES = {
  amount: 'Enter a whole amount of cents above zero: a bid such as 120.00',
  notOpen: 'Bidding on this auction has not opened yet',
  closed: 'Bidding on this lot has closed',
  noAuction: 'This tournament has no auction open for bids',
  who: 'Sign in, or open the auction from your personal golfer link, to bid',
  link: 'The golfer link is not valid: guessed, mistyped, replaced, or the golfer was removed',
  otherTournament: 'This lot belongs to another tournament’s auction',
  lotNotFound: 'Auction lot not found',
} as const;

/** The least a bid may be now: what a refusal of a low bid says. */
export const bidTooLowMessage = (minimumCents: number, currency = 'USD') =>
  `Your bid must be at least ${formatMoney(minimumCents, currency)}`;

/**
 * A bid (R54): `bid` places exactly that amount; `max` is the most the bidder will pay, the portal bidding for them only as
 * far as needed. `showName`: the bidder allows their name beside their number on the public pages. A golfer bidding
 * through their personal link (R42) sends its token.
 */
export const bidSchema = z.object({
  kind: z.enum(['bid', 'max']).default('bid'),
  amountCents: z.int({ error: BID_MESSAGES.amount }).min(1, BID_MESSAGES.amount).max(MAX_PRICE_CENTS, M.tooHigh),
  showName: z.boolean().default(false),
  golferToken: z.string().max(200, tooLongMessage(200)).optional(),
});

// ── The forms: typed text turned into the API's bodies ──────────────────────────────────────────────────────────────────
const centsOf = (text: string, message: string, min: number, ctx: z.RefinementCtx): number => {
  const cents = parseMoneyToCents(text.trim());
  if (cents == null || cents < min) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  if (cents > MAX_PRICE_CENTS) {
    ctx.addIssue({ code: 'custom', message: M.tooHigh });
    return z.NEVER;
  }
  return cents;
};
const moneyText = (message: string, min: number) => z.string().transform((text, ctx) => centsOf(text, message, min, ctx));
/** Money that may be left empty (null). */
const optionalMoneyText = (message: string, min: number) =>
  z.string().transform((text, ctx) => (text.trim() === '' ? null : centsOf(text, message, min, ctx)));
export const lotFormSchema = z
  .object({
    title: nameText(M.title, 120),
    description: optionalText(2000),
    imageId: z.string().nullable(),
    value: moneyText(M.value, 0),
    openingBid: moneyText(M.openingBid, 100),
    minRaise: moneyText(M.minRaise, 100),
    buyNow: optionalMoneyText(M.buyNow, 1),
    donor: optionalNameText(120),
  })
  .superRefine((lot, ctx) => {
    if (lot.buyNow != null && lot.buyNow <= lot.openingBid) ctx.addIssue({ code: 'custom', path: ['buyNow'], message: M.buyNowLow });
  })
  .transform(({ value, openingBid, minRaise, buyNow, ...rest }) => ({
    ...rest,
    valueCents: value,
    openingBidCents: openingBid,
    minRaiseCents: minRaise,
    buyNowCents: buyNow,
  }));
export type LotFormInput = z.input<typeof lotFormSchema>;

/** The bid form: the amount as typed, a bid or a maximum, and the name tick. */
export const bidFormSchema = z
  .object({
    amount: moneyText(BID_MESSAGES.amount, 1),
    kind: z.enum(['bid', 'max']),
    showName: z.boolean(),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type BidFormInput = z.input<typeof bidFormSchema>;
