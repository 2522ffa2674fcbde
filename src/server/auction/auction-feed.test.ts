// Who hears which bid (R54, decision 117): a lot's page hears its own lot's bids, each of them, and nothing of the other
// lots; the list page hears every lot, each lot's newest standing at most once per interval. A fake LISTEN connection
// hands the feed its notifications; the list's interval runs on a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import type { StreamSubscriber } from '../leaderboard/leaderboard-feed';
import { createAuctionFeed, LIST_EVERY_MS, type AuctionFeed } from './auction-feed';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const decoder = new TextDecoder();

/** A page's stream that keeps what it was sent: each event's name and its lot's bid count. */
function page() {
  const heard: string[] = [];
  const subscriber: StreamSubscriber = {
    queue(_key, _version, event) {
      const [name, data] = decoder.decode(event).split('\n');
      const parsed = JSON.parse(data!.slice('data: '.length)) as { id?: string; bidCount?: number };
      heard.push(name === 'event: lot' ? `${parsed.id}:${parsed.bidCount}` : name!.slice('event: '.length));
    },
    sendActive() {},
    send() {},
    heartbeat() {},
    close() {},
  };
  return { heard, subscriber };
}

let notify: (payload: string) => void;
let feed: AuctionFeed;
const bid = (lotId: string, bidCount: number, tournamentId = 't1') =>
  notify(JSON.stringify({ tournamentId, lotId, lot: { id: lotId, bidCount, bids: [] } }));

beforeEach(async () => {
  vi.useFakeTimers();
  const database = {
    async listen(_channel: string, handlers: { onNotify: (payload: string) => void; onReady?: () => void }) {
      notify = handlers.onNotify;
      handlers.onReady?.();
      return { stop: async () => {}, notify: async () => {} };
    },
  } as unknown as Database;
  feed = createAuctionFeed({ database, logger: quiet });
  await feed.ready();
});
afterEach(async () => {
  await feed.close();
  vi.useRealTimers();
});

describe('the auction feed', () => {
  it("sends a lot's page each bid on its lot and none on the tournament's other lots", () => {
    const lotA = page();
    const lotB = page();
    feed.subscribe('t1', lotA.subscriber, 'A');
    feed.subscribe('t1', lotB.subscriber, 'B');
    bid('B', 1);
    bid('A', 1);
    bid('A', 2);
    bid('A', 1, 't2');
    expect(lotA.heard).toEqual(['A:1', 'A:2']);
    expect(lotB.heard).toEqual(['B:1']);
  });

  it('sends the list page the first bid at once, then each lot’s newest standing once per interval', () => {
    const list = page();
    feed.subscribe('t1', list.subscriber);
    bid('A', 1);
    expect(list.heard).toEqual(['A:1']);
    bid('A', 2);
    bid('B', 1);
    bid('A', 3);
    expect(list.heard).toEqual(['A:1']);
    vi.advanceTimersByTime(LIST_EVERY_MS);
    expect(list.heard).toEqual(['A:1', 'A:3', 'B:1']);
    vi.advanceTimersByTime(LIST_EVERY_MS);
    expect(list.heard).toEqual(['A:1', 'A:3', 'B:1']);
  });

  it('sends every page of the tournament a change to its lots at once', () => {
    const list = page();
    const lotA = page();
    feed.subscribe('t1', list.subscriber);
    feed.subscribe('t1', lotA.subscriber, 'A');
    bid('B', 1);
    notify(JSON.stringify({ tournamentId: 't1', lotId: null, lot: null }));
    expect(list.heard).toEqual(['B:1', 'lots']);
    expect(lotA.heard).toEqual(['lots']);
  });
});
