// The silent auction's reads and the live stream of its lots (R53, R54): a lot event patches the lot in every cached read
// of its tournament (the list, the lot's page) without a reload; a 'lots' event (staff changed something, or the stream
// came back after a drop) reads them again.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type Auction = ApiAnswer<'/api/auction/:tournamentId'>;
export type AuctionLot = Auction['lots'][number];
export type LotDetail = ApiAnswer<'/api/auction/lots/:id'>;
export type BidAnswer = ApiAnswer<'/api/auction/:tournamentId/lots/:lotId/bids', 'post'>;
type Standing = BidAnswer['lot'];
type BidView = BidAnswer['bids'][number];
export type LiveLot = Standing & { bids: BidView[] };

export const auctionQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['auction', tournamentId],
    queryFn: ({ signal }) => api<Auction>(`/api/auction/${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

export const lotQuery = (lotId: string) =>
  queryOptions({
    queryKey: ['auction-lot', lotId],
    queryFn: ({ signal }) => api<LotDetail>(`/api/auction/lots/${lotId}`, { signal }),
  });

/** A standing newer than the one shown (more bids, or the same bids with a later close): a late read must not undo a push. */
const isNewer = (shown: { bidCount: number; closesAt: string | null }, incoming: Standing) =>
  incoming.bidCount > shown.bidCount || (incoming.bidCount === shown.bidCount && (incoming.closesAt ?? '') !== (shown.closesAt ?? ''));

/** Puts a lot's new standing (and its new bids) into every cached read of it. */
export function useApplyStanding() {
  const client = useQueryClient();
  return (live: LiveLot) => {
    const { bids, ...standing } = live;
    client.setQueryData<Auction>(['auction', live.tournamentId], (auction) =>
      auction
        ? { ...auction, lots: auction.lots.map((lot) => (lot.id === live.id && isNewer(lot, standing) ? { ...lot, ...standing } : lot)) }
        : auction,
    );
    client.setQueryData<LotDetail>(['auction-lot', live.id], (detail) => {
      if (!detail || !isNewer(detail.lot, standing)) return detail;
      const known = new Set(detail.bids.map((bid) => bid.seq));
      const added = bids.filter((bid) => !known.has(bid.seq));
      return {
        ...detail,
        lot: { ...detail.lot, ...standing },
        bids: [...added, ...detail.bids].sort((a, b) => b.seq - a.seq).slice(0, 20),
      };
    });
  };
}

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Keeps the tournament's lots live while the page is open (one EventSource; it re-opens by itself after a drop): a lot's
 * page (`lotId`) hears that lot's bids only, the list every lot's newest standing about once a second.
 */
export function useLiveAuction(tournamentId: string | undefined, lotId?: string): LiveState {
  const client = useQueryClient();
  const apply = useApplyStanding();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (!tournamentId) return;
    const source = new EventSource(`/api/auction/${tournamentId}/events${lotId ? `?lot=${encodeURIComponent(lotId)}` : ''}`);
    source.onopen = () => {
      setState('live');
      // Bids placed while the stream was down went unheard: read the lots again.
      void client.invalidateQueries({ queryKey: ['auction', tournamentId] });
      void client.invalidateQueries({ queryKey: ['auction-lot'] });
    };
    source.onerror = () => setState('reconnecting');
    source.addEventListener('lot', (event) => apply(JSON.parse((event as MessageEvent<string>).data) as LiveLot));
    source.addEventListener('lots', () => {
      void client.invalidateQueries({ queryKey: ['auction', tournamentId] });
      void client.invalidateQueries({ queryKey: ['auction-lot'] });
    });
    return () => source.close();
  }, [tournamentId, lotId, client]);
  return state;
}

/** A golfer bidding through their personal link (R42): the token comes in the address's fragment (never sent to a server
 * nor in a Referer), is kept for the tab, and the fragment is removed from the address bar. */
export function useGolferToken(tournamentId: string): string | undefined {
  const key = `auction-golfer:${tournamentId}`;
  const [token] = useState(() => {
    if (typeof window === 'undefined') return undefined;
    const fromLink = /(?:^#|&)golfer=([^&]+)/.exec(window.location.hash)?.[1];
    if (fromLink) {
      sessionStorage.setItem(key, decodeURIComponent(fromLink));
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    }
    return sessionStorage.getItem(key) ?? undefined;
  });
  return token;
}

/** The bidder number this tab bid under (answered by the bid), for 'You are the highest bidder' / 'Outbid'. */
export function rememberedBidder(tournamentId: string): number | null {
  const value = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(`auction-bidder:${tournamentId}`);
  return value ? Number(value) : null;
}
export function rememberBidder(tournamentId: string, number: number) {
  sessionStorage.setItem(`auction-bidder:${tournamentId}`, String(number));
}

/** "2 h 5 min", "3 min 20 s", "Closed": what is left until `closesAt` at `now`. */
export function timeLeft(closesAt: string | null, now: number): string {
  if (!closesAt) return 'Not scheduled';
  const ms = Date.parse(closesAt) - now;
  if (ms <= 0) return 'Closed';
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h >= 24) return `${Math.floor(h / 24)} d ${h % 24} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m >= 2) return `${m} min`;
  return `${m > 0 ? `${m} min ` : ''}${s % 60} s`;
}

/** The current time, ticking each second: the time left counts down without a reload. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
