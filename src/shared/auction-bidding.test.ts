import { describe, expect, it } from 'vitest';
import { applyBid, closeAfterBid, nextMinimumCents, SOFT_CLOSE_MS, type BidAttempt, type LotRules, type Standing } from './auction-bidding';

const lot: LotRules = { openingBidCents: 10_000, minRaiseCents: 1_000, buyNowCents: 50_000 };
const empty: Standing = { currentBidCents: null, leaderBidderId: null, leaderMaxCents: null };
const bid = (bidderId: string, amountCents: number): BidAttempt => ({ bidderId, kind: 'bid', amountCents });
const max = (bidderId: string, amountCents: number): BidAttempt => ({ bidderId, kind: 'max', amountCents });

/** Applies bids in order, answering the final standing (every one must be accepted). */
function run(...attempts: BidAttempt[]): Standing {
  return attempts.reduce((standing, attempt) => {
    const outcome = applyBid(lot, standing, attempt);
    if (!outcome.ok) throw new Error(`refused ${JSON.stringify(attempt)}`);
    return outcome.standing;
  }, empty);
}

describe('the minimum bid (R54)', () => {
  it('is the opening bid first, then the current bid plus the minimum raise', () => {
    expect(nextMinimumCents(lot, { currentBidCents: null })).toBe(10_000);
    expect(nextMinimumCents(lot, { currentBidCents: 12_000 })).toBe(13_000);
  });

  it('refuses a first bid below the opening bid and a bid below current + raise, naming the least', () => {
    expect(applyBid(lot, empty, bid('a', 9_999))).toEqual({ ok: false, reason: 'too-low', minimumCents: 10_000 });
    const standing = run(bid('a', 10_000));
    expect(applyBid(lot, standing, bid('b', 10_999))).toEqual({ ok: false, reason: 'too-low', minimumCents: 11_000 });
    expect(applyBid(lot, standing, max('b', 10_500))).toMatchObject({ ok: false, minimumCents: 11_000 });
  });
});

describe('proxy bidding (R54)', () => {
  it('a first maximum leads at the opening bid, keeping the maximum secret on the row', () => {
    const outcome = applyBid(lot, empty, max('a', 30_000));
    expect(outcome).toMatchObject({ ok: true, leading: true, outbidBidderId: null });
    expect(outcome.ok && outcome.standing).toEqual({ currentBidCents: 10_000, leaderBidderId: 'a', leaderMaxCents: 30_000 });
  });

  it('bids for the leader only as far as needed against a lower challenger: min(max, challenger + raise)', () => {
    const outcome = applyBid(lot, run(max('a', 30_000)), bid('b', 15_000));
    expect(outcome).toMatchObject({ ok: true, leading: false, outbidBidderId: null });
    expect(outcome.ok && outcome.standing).toEqual({ currentBidCents: 16_000, leaderBidderId: 'a', leaderMaxCents: 30_000 });
    expect(outcome.ok && outcome.rows).toEqual([
      { bidderId: 'b', amountCents: 15_000, maxCents: 15_000, proxy: false },
      { bidderId: 'a', amountCents: 16_000, maxCents: 30_000, proxy: true },
    ]);
  });

  it('stops at the leader’s maximum when the challenger comes within one raise of it', () => {
    const outcome = applyBid(lot, run(max('a', 30_000)), bid('b', 29_500));
    expect(outcome.ok && outcome.standing.currentBidCents).toBe(30_000);
    expect(outcome.ok && outcome.standing.leaderBidderId).toBe('a');
  });

  it('of two equal maximums the earlier wins, at that amount', () => {
    const outcome = applyBid(lot, run(max('a', 30_000)), max('b', 30_000));
    expect(outcome).toMatchObject({ ok: true, leading: false, outbidBidderId: null });
    expect(outcome.ok && outcome.standing).toEqual({ currentBidCents: 30_000, leaderBidderId: 'a', leaderMaxCents: 30_000 });
  });

  it('a higher maximum leads at min(new max, old max + raise) and outbids the old leader', () => {
    const higher = applyBid(lot, run(max('a', 30_000)), max('b', 50_000));
    expect(higher).toMatchObject({ ok: true, leading: true, outbidBidderId: 'a' });
    expect(higher.ok && higher.standing).toEqual({ currentBidCents: 31_000, leaderBidderId: 'b', leaderMaxCents: 50_000 });
    // The old leader's proxy went to its maximum first: the history shows it, in order, below the new bid.
    expect(higher.ok && higher.rows.map((r) => [r.bidderId, r.amountCents, r.proxy])).toEqual([
      ['a', 30_000, true],
      ['b', 31_000, true],
    ]);
    const justAbove = applyBid(lot, run(max('a', 30_000)), max('b', 30_400));
    expect(justAbove.ok && justAbove.standing.currentBidCents).toBe(30_400);
  });

  it('a plain bid above the leader’s maximum is placed at its own amount', () => {
    const outcome = applyBid(lot, run(max('a', 30_000)), bid('b', 45_000));
    expect(outcome.ok && outcome.standing).toEqual({ currentBidCents: 45_000, leaderBidderId: 'b', leaderMaxCents: 45_000 });
  });

  it('the leader raising their own maximum changes no bid shown and records no row', () => {
    const outcome = applyBid(lot, run(max('a', 20_000)), max('a', 40_000));
    expect(outcome).toMatchObject({ ok: true, leading: true, outbidBidderId: null, rows: [] });
    expect(outcome.ok && outcome.standing).toEqual({ currentBidCents: 10_000, leaderBidderId: 'a', leaderMaxCents: 40_000 });
  });

  it('every accepted bid raises the bid shown, and the highest maximum ends as leader', () => {
    const maxima = [12_000, 40_000, 25_000, 40_000, 39_000, 41_500, 15_000];
    let standing = empty;
    let shown = 0;
    maxima.forEach((amount, i) => {
      const outcome = applyBid(lot, standing, max(`b${i}`, amount));
      if (!outcome.ok) return;
      expect(outcome.standing.currentBidCents).toBeGreaterThan(shown);
      shown = outcome.standing.currentBidCents;
      standing = outcome.standing;
    });
    expect(standing.leaderBidderId).toBe('b5');
    expect(standing.currentBidCents).toBe(41_000); // the second highest (40,000) + one raise
  });
});

describe('buy now (R53)', () => {
  it('a bid at the buy-now price takes the lot at that price, over any maximum', () => {
    const outcome = applyBid(lot, run(max('a', 60_000)), bid('b', 50_000));
    expect(outcome).toMatchObject({ ok: true, boughtNow: true, leading: true, outbidBidderId: 'a' });
    expect(outcome.ok && outcome.standing).toEqual({ currentBidCents: 50_000, leaderBidderId: 'b', leaderMaxCents: 50_000 });
  });

  it('a maximum above the buy-now price is proxy bidding, not a purchase', () => {
    const outcome = applyBid(lot, empty, max('a', 60_000));
    expect(outcome).toMatchObject({ ok: true, boughtNow: false });
  });
});

describe('the soft close (R53)', () => {
  const closesAt = new Date('2026-06-10T21:00:00Z');
  it('moves the close to two minutes after a bid in the last two minutes', () => {
    const tenSecondsBefore = new Date(closesAt.getTime() - 10_000);
    expect(closeAfterBid(closesAt, tenSecondsBefore)).toEqual(new Date(tenSecondsBefore.getTime() + SOFT_CLOSE_MS));
  });
  it('leaves it alone for an earlier bid', () => {
    expect(closeAfterBid(closesAt, new Date(closesAt.getTime() - SOFT_CLOSE_MS))).toEqual(closesAt);
  });
});
