// The silent auction's bidding rules (R53, R54) as one pure function: the lot's standing and a bid in, the new standing and
// the bid rows to record out, or the refusal. The server applies it under the lot's row lock (server/auction/bidding.ts);
// the bid form uses `nextMinimumCents` for its hint. docs/decisions/110 tells the choices the rules leave open.

/** The soft close (R53): a bid in the last two minutes moves the lot's close to two minutes after the bid. */
export const SOFT_CLOSE_MS = 2 * 60_000;

export interface LotRules {
  openingBidCents: number;
  minRaiseCents: number;
  buyNowCents: number | null;
}

/** What the lot row holds of the bidding so far: null current bid and leader before the first bid. */
export interface Standing {
  currentBidCents: number | null;
  leaderBidderId: string | null;
  leaderMaxCents: number | null;
}

/**
 * A bid as the bidder places it: `bid` is that amount exactly (a bid at the buy-now price buys the lot); `max` is the most
 * the bidder will pay, the portal bidding for them only as far as needed (proxy bidding).
 */
export interface BidAttempt {
  bidderId: string;
  kind: 'bid' | 'max';
  amountCents: number;
}

/** One row of the lot's bid history, in order; `proxy` when the portal bid for the bidder. */
export interface BidRow {
  bidderId: string;
  amountCents: number;
  maxCents: number;
  proxy: boolean;
}

export type BidOutcome =
  | {
      ok: true;
      standing: Standing & { currentBidCents: number; leaderBidderId: string; leaderMaxCents: number };
      rows: BidRow[];
      /** The bidder who led before and no longer does (they get the outbid e-mail), or null. */
      outbidBidderId: string | null;
      /** Whether the bidder placing this bid leads after it. */
      leading: boolean;
      /** A bid at the buy-now price: the lot closes now. */
      boughtNow: boolean;
    }
  | { ok: false; reason: 'too-low'; minimumCents: number };

/** The least bid the lot takes now: the opening bid first, then the current bid plus the minimum raise. */
export function nextMinimumCents(lot: LotRules, standing: Pick<Standing, 'currentBidCents'>): number {
  return standing.currentBidCents == null ? lot.openingBidCents : standing.currentBidCents + lot.minRaiseCents;
}

/** Whether the lot can still be bought at its buy-now price: it has one, and the bidding has not reached it. */
export function buyNowOpen(lot: LotRules, standing: Pick<Standing, 'currentBidCents'>): lot is LotRules & { buyNowCents: number } {
  return lot.buyNowCents != null && (standing.currentBidCents ?? 0) < lot.buyNowCents;
}

/**
 * Applies one bid. The rules (R54):
 * - a bid or a maximum below `nextMinimumCents` is refused;
 * - a bid at (or above) the buy-now price while it is open buys the lot at that price;
 * - the first bid leads at its amount (a maximum: at the opening bid);
 * - the leader raising their own maximum keeps the current bid and records no bid row (nothing shown changed);
 * - a challenger whose maximum is above the leader's leads at the least that beats it: min(their maximum, the leader's
 *   maximum + the raise), never below a plain bid's own amount; the leader's proxy first bids up to its maximum;
 * - otherwise the leader's proxy answers at min(their maximum, the challenger's + the raise); of two equal maximums the
 *   earlier (the leader) wins, at that amount.
 */
export function applyBid(lot: LotRules, standing: Standing, attempt: BidAttempt): BidOutcome {
  const minimumCents = nextMinimumCents(lot, standing);
  const { bidderId, amountCents } = attempt;
  if (amountCents < minimumCents) return { ok: false, reason: 'too-low', minimumCents };
  const leader = standing.leaderBidderId;
  const current = standing.currentBidCents;
  const outbid = leader && leader !== bidderId ? leader : null;

  if (attempt.kind === 'bid' && buyNowOpen(lot, standing) && amountCents >= lot.buyNowCents) {
    const price = lot.buyNowCents;
    return {
      ok: true,
      standing: { currentBidCents: price, leaderBidderId: bidderId, leaderMaxCents: price },
      rows: [{ bidderId, amountCents: price, maxCents: price, proxy: false }],
      outbidBidderId: outbid,
      leading: true,
      boughtNow: true,
    };
  }

  if (leader == null || current == null || standing.leaderMaxCents == null) {
    const shown = attempt.kind === 'bid' ? amountCents : lot.openingBidCents;
    return {
      ok: true,
      standing: { currentBidCents: shown, leaderBidderId: bidderId, leaderMaxCents: amountCents },
      rows: [{ bidderId, amountCents: shown, maxCents: amountCents, proxy: false }],
      outbidBidderId: null,
      leading: true,
      boughtNow: false,
    };
  }

  const leaderMax = standing.leaderMaxCents;
  if (leader === bidderId) {
    const leaderMaxCents = Math.max(leaderMax, amountCents);
    return {
      ok: true,
      standing: { currentBidCents: current, leaderBidderId: leader, leaderMaxCents },
      rows: [],
      outbidBidderId: null,
      leading: true,
      boughtNow: false,
    };
  }

  if (amountCents > leaderMax) {
    const shown = Math.max(attempt.kind === 'bid' ? amountCents : 0, Math.min(amountCents, leaderMax + lot.minRaiseCents));
    const rows: BidRow[] = [];
    // The old leader's proxy went as far as its maximum before losing: the history shows it.
    if (leaderMax > current) rows.push({ bidderId: leader, amountCents: leaderMax, maxCents: leaderMax, proxy: true });
    rows.push({ bidderId, amountCents: shown, maxCents: amountCents, proxy: attempt.kind === 'max' && shown < amountCents });
    return {
      ok: true,
      standing: { currentBidCents: shown, leaderBidderId: bidderId, leaderMaxCents: amountCents },
      rows,
      outbidBidderId: leader,
      leading: true,
      boughtNow: false,
    };
  }

  // The leader holds: the challenger's bid (a maximum is spent in full) and the leader's proxy answer.
  const answer = Math.min(leaderMax, amountCents + lot.minRaiseCents);
  return {
    ok: true,
    standing: { currentBidCents: answer, leaderBidderId: leader, leaderMaxCents: leaderMax },
    rows: [
      { bidderId, amountCents, maxCents: amountCents, proxy: false },
      { bidderId: leader, amountCents: answer, maxCents: leaderMax, proxy: true },
    ],
    outbidBidderId: null,
    leading: false,
    boughtNow: false,
  };
}

/** The soft close (R53): a bid at `now` within the last two minutes moves the close to two minutes after it. */
export function closeAfterBid(closesAt: Date, now: Date): Date {
  const extended = new Date(now.getTime() + SOFT_CLOSE_MS);
  return closesAt.getTime() - now.getTime() < SOFT_CLOSE_MS ? extended : closesAt;
}
