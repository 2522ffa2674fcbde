// /auction/:tournamentId: the silent auction's lots (R53), each with its photo, current bid and time left, kept live (R54):
// a bid through any process shows here without a reload.
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../shared/money';
import { Link, useParams } from '../router';
import { LoadFailed } from '../ui/load-failed';
import { PageSpinner } from '../ui/spinner';
import { auctionQuery, timeLeft, useGolferToken, useLiveAuction, useNow, type AuctionLot } from './queries';
import { LiveBadge } from './live-badge';

export function auctionWindow(opensAt: string | null, closesAt: string | null, now: number): string {
  if (!opensAt || !closesAt) return 'Bidding times are not set yet.';
  if (now < Date.parse(opensAt))
    return `Bidding opens ${new Date(opensAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.`;
  return `Bidding closes ${new Date(closesAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}; a late bid gives its lot two more minutes.`;
}

function LotCard({ lot, now }: { lot: AuctionLot; now: number }) {
  const left = timeLeft(lot.closesAt, now);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      {lot.thumbUrl ? (
        <img src={lot.thumbUrl} alt="" width={640} height={427} loading="lazy" className="aspect-[3/2] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold text-stone-900">
          <Link to={`/auction/${lot.tournamentId}/lots/${lot.id}`} className="hover:underline">
            {lot.title}
          </Link>
        </h2>
        {lot.donor ? <p className="text-sm text-stone-600">Donated by {lot.donor}</p> : null}
        <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-stone-600">{lot.currentBidCents == null ? 'Opening bid' : 'Current bid'}</dt>
            <dd className="text-lg font-semibold text-stone-900" data-testid="current-bid">
              {formatMoney(lot.currentBidCents ?? lot.openingBidCents)}
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">Time left</dt>
            <dd className="font-semibold text-stone-900">{lot.closedAt ? 'Closed' : left}</dd>
          </div>
        </dl>
        <p className="text-sm text-stone-600">
          {lot.bidCount === 0 ? 'No bids yet' : `${lot.bidCount} ${lot.bidCount === 1 ? 'bid' : 'bids'} · ${lot.leader?.label ?? ''}`}
        </p>
      </div>
    </li>
  );
}

export function AuctionPage() {
  const tournamentId = useParams().tournamentId ?? '';
  useGolferToken(tournamentId);
  const auction = useQuery(auctionQuery(tournamentId));
  const live = useLiveAuction(tournamentId);
  const now = useNow();
  if (auction.isPending) return <PageSpinner />;
  if (auction.isError) return <LoadFailed message="The auction could not be loaded." onRetry={() => void auction.refetch()} />;
  const { tournament, lots, opensAt, closesAt } = auction.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`Silent Auction · ${tournament.name} · Golf Tournament`}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{tournament.name}</p>
          <h1 className="text-3xl font-bold text-stone-900">Silent Auction</h1>
          <p className="mt-1 text-stone-700">{auctionWindow(opensAt, closesAt, now)}</p>
        </div>
        <LiveBadge state={live} />
      </header>
      {lots.length === 0 ? (
        <p className="rounded-md bg-stone-100 p-4 text-stone-700">No lots yet: come back soon.</p>
      ) : (
        <ul aria-label="Lots" className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {lots.map((lot) => (
            <LotCard key={lot.id} lot={lot} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}
