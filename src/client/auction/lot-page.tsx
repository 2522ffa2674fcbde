// /auction/:tournamentId/lots/:lotId: one lot (R53) with its bid form (R54), made for a phone: signed in, or a golfer
// through their personal link. The standing, the time left and the latest bids stay live; the bidder sees 'You are the
// highest bidder' or 'Outbid' as other bids come in, without a reload.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { bidFormSchema, type BidFormInput } from '../../shared/auction-schemas';
import { formatMoney, parseMoneyToCents } from '../../shared/money';
import { centsToInput } from '../../shared/tournament-schemas';
import { useMe } from '../auth/session';
import { api, ApiError, errorMessage } from '../lib/api';
import { Link, useParams } from '../router';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { LoadFailed } from '../ui/load-failed';
import { PageSpinner } from '../ui/spinner';
import { LiveBadge } from './live-badge';
import { useOneAtATime } from '../lib/use-one-at-a-time';
import {
  lotQuery,
  rememberBidder,
  rememberedBidder,
  timeLeft,
  useApplyStanding,
  useGolferToken,
  useLiveAuction,
  useNow,
  type BidAnswer,
  type LotDetail,
} from './queries';

type Lot = LotDetail['lot'];

function Standing({ lot, yourNumber, youBid, now }: { lot: Lot; yourNumber: number | null; youBid: boolean; now: number }) {
  const leading = yourNumber != null && lot.leader?.number === yourNumber;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-stone-600">{lot.currentBidCents == null ? 'Opening bid' : 'Current bid'}</dt>
          <dd className="text-2xl font-bold text-stone-900" data-testid="current-bid">
            {formatMoney(lot.currentBidCents ?? lot.openingBidCents)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">Time left</dt>
          <dd className="text-2xl font-bold text-stone-900">{lot.closedAt ? 'Closed' : timeLeft(lot.closesAt, now)}</dd>
        </div>
      </dl>
      <p className="text-sm text-stone-700">{lot.bidCount === 0 ? 'No bids yet.' : `Highest bidder: ${lot.leader?.label ?? ''}`}</p>
      {youBid && yourNumber != null ? (
        <p
          role="status"
          className={`rounded-md px-3 py-2 font-semibold ${leading ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
          data-testid="bid-status"
        >
          {leading ? 'You are the highest bidder' : 'Outbid: bid again to lead'}
        </p>
      ) : null}
    </div>
  );
}

function BidForm({ lot, golferToken, onPlaced }: { lot: Lot; golferToken: string | undefined; onPlaced: (answer: BidAnswer) => void }) {
  const [form, setForm] = useState<BidFormInput>({ amount: centsToInput(lot.nextMinimumCents), kind: 'bid', showName: false });
  const [error, setError] = useState<string | undefined>();
  // Another bid raised the least bid above the amount in the field: the field follows (what the bidder typed above it stays).
  const least = lot.nextMinimumCents;
  useEffect(() => {
    setForm((f) => ((parseMoneyToCents(f.amount.trim()) ?? 0) < least ? { ...f, amount: centsToInput(least) } : f));
  }, [least]);
  const place = useMutation({
    mutationFn: (body: { kind: 'bid' | 'max'; amountCents: number; showName: boolean }) =>
      api<BidAnswer>(`/api/auction/${lot.tournamentId}/lots/${lot.id}/bids`, { body: { ...body, golferToken } }),
    onSuccess: (answer) => {
      setError(undefined);
      onPlaced(answer);
      setForm((f) => ({ ...f, amount: centsToInput(answer.lot.nextMinimumCents) }));
    },
    onError: (failure) =>
      setError(
        failure instanceof ApiError && failure.fields?.amountCents
          ? failure.fields.amountCents
          : errorMessage(failure, 'The bid could not be placed'),
      ),
  });
  // A double tap places one bid: the second tap would be refused as below the least bid the first one has just raised.
  const oneAtATime = useOneAtATime();
  const send = (body: { kind: 'bid' | 'max'; amountCents: number; showName: boolean }) =>
    void oneAtATime(() => place.mutateAsync(body).catch(() => undefined));
  const submit = (event: FormEvent, override?: { amountCents: number; kind: 'bid' }) => {
    event.preventDefault();
    if (override) return send({ ...override, showName: form.showName });
    const parsed = bidFormSchema.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data.amountCents < lot.nextMinimumCents) {
      return setError(`Your bid must be at least ${formatMoney(lot.nextMinimumCents)}`);
    }
    send(parsed.data);
  };
  return (
    <form noValidate onSubmit={(e) => submit(e)} className="flex flex-col gap-4" aria-label="Place a bid">
      <Field
        label={form.kind === 'max' ? 'Your maximum' : 'Your bid'}
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        error={error}
        hint={`At least ${formatMoney(lot.nextMinimumCents)}`}
        onChange={(e) => setForm({ ...form, amount: e.currentTarget.value })}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">How to bid</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="kind"
            className="mt-0.5 size-4 accent-brand-800"
            checked={form.kind === 'bid'}
            onChange={() => setForm({ ...form, kind: 'bid' })}
          />
          Bid exactly this amount
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="kind"
            className="mt-0.5 size-4 accent-brand-800"
            checked={form.kind === 'max'}
            onChange={() => setForm({ ...form, kind: 'max' })}
          />
          Bid up to this maximum: the portal bids for me only as far as needed
        </label>
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-800"
          checked={form.showName}
          onChange={(e) => setForm({ ...form, showName: e.currentTarget.checked })}
        />
        Show my name next to my bidder number (otherwise only the number is shown)
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={place.isPending}>
          {place.isPending ? 'Placing…' : 'Place Bid'}
        </Button>
        {lot.buyNowOpen && lot.buyNowCents != null ? (
          <Button
            variant="secondary"
            size="lg"
            disabled={place.isPending}
            onClick={(e) => submit(e, { amountCents: lot.buyNowCents!, kind: 'bid' })}
          >
            Buy Now for {formatMoney(lot.buyNowCents)}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function LotPage() {
  const params = useParams();
  const tournamentId = params.tournamentId ?? '';
  const golferToken = useGolferToken(tournamentId);
  const detail = useQuery(lotQuery(params.lotId ?? ''));
  const live = useLiveAuction(tournamentId, params.lotId);
  const applyStanding = useApplyStanding();
  const { data: me } = useMe();
  const now = useNow();
  const [placed, setPlaced] = useState<{ number: number } | null>(null);
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) return <LoadFailed message="The lot could not be loaded." onRetry={() => void detail.refetch()} />;
  const { lot, bids, auction } = detail.data;
  const yourNumber = placed?.number ?? detail.data.you?.number ?? rememberedBidder(tournamentId);
  const youBid = placed != null || (yourNumber != null && bids.some((bid) => bid.bidder.number === yourNumber));
  const open =
    !lot.closedAt &&
    auction.opensAt != null &&
    lot.closesAt != null &&
    now >= Date.parse(auction.opensAt) &&
    now < Date.parse(lot.closesAt);
  const canBid = Boolean(me) || Boolean(golferToken);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-10">
      <title>{`${lot.title} · Silent Auction · Golf Tournament`}</title>
      <p className="text-sm">
        <Link to={`/auction/${tournamentId}`} className="font-medium text-brand-800 underline underline-offset-2">
          All lots
        </Link>
      </p>
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          {lot.photoUrl ? (
            <img
              src={lot.photoUrl}
              srcSet={`${lot.thumbUrl} 640w, ${lot.photoUrl} 1280w`}
              sizes="(min-width: 1024px) 640px, 100vw"
              alt={lot.title}
              width={1280}
              height={853}
              className="aspect-[3/2] w-full rounded-lg object-cover"
            />
          ) : null}
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">{auction.tournament.name} · Silent Auction</p>
            <h1 className="text-3xl font-bold break-words text-stone-900">{lot.title}</h1>
            {lot.donor ? <p className="text-stone-700">Donated by {lot.donor}</p> : null}
          </div>
          {lot.description ? <p className="whitespace-pre-line text-stone-800">{lot.description}</p> : null}
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-stone-600">Value</dt>
              <dd className="font-semibold">{formatMoney(lot.valueCents)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Minimum raise</dt>
              <dd className="font-semibold">{formatMoney(lot.minRaiseCents)}</dd>
            </div>
            {lot.buyNowCents != null ? (
              <div>
                <dt className="text-stone-600">Buy now</dt>
                <dd className="font-semibold">{formatMoney(lot.buyNowCents)}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="flex flex-col gap-4">
          <Card className="flex flex-col gap-4">
            <div className="flex items-center justify-between gap-3">
              <CardTitle>Bidding</CardTitle>
              <LiveBadge state={live} />
            </div>
            <Standing lot={lot} yourNumber={yourNumber} youBid={youBid} now={now} />
            {placed ? <p className="text-sm text-stone-700">Your bidder number is #{placed.number}.</p> : null}
            {!open ? (
              <p className="rounded-md bg-stone-100 p-3 text-stone-700">
                {lot.closedAt || (lot.closesAt && now >= Date.parse(lot.closesAt))
                  ? 'Bidding on this lot has closed.'
                  : 'Bidding has not opened yet.'}
              </p>
            ) : canBid ? (
              <BidForm
                lot={lot}
                golferToken={me ? undefined : golferToken}
                onPlaced={(answer) => {
                  rememberBidder(tournamentId, answer.you.number);
                  setPlaced({ number: answer.you.number });
                  applyStanding({ ...answer.lot, bids: answer.bids });
                }}
              />
            ) : (
              <p className="text-stone-800">
                <Link
                  to={`/auth?${new URLSearchParams({ next: `/auction/${tournamentId}/lots/${lot.id}` }).toString()}`}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  Log in to bid
                </Link>
                , or open the auction from the personal link in your golfer e-mail.
              </p>
            )}
          </Card>
          <Card className="flex flex-col gap-2">
            <CardTitle>Latest Bids</CardTitle>
            {bids.length === 0 ? (
              <p className="text-sm text-stone-600">No bids yet.</p>
            ) : (
              <ol aria-label="Latest bids" className="flex flex-col divide-y divide-stone-200 text-sm">
                {bids.map((bid) => (
                  <li key={bid.seq} className="flex justify-between gap-3 py-2">
                    <span className="min-w-0 break-words">
                      {bid.bidder.label}
                      {bid.proxy ? <span className="text-stone-500"> (auto)</span> : null}
                    </span>
                    <span className="font-semibold">{formatMoney(bid.amountCents)}</span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
