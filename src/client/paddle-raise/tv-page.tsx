// /paddle/:tournamentId/tv: the paddle raise on the projector (R56). The raise's title, the total pledged rising live, the
// number of pledges and the latest ones with the names their pledgers allowed (their paddle number otherwise), over the
// feed's event stream (the leaderboard's machinery, docs/decisions/112): a pledge through any server process shows here
// without a reload. Covers the site's header and footer, like the leaderboard's TV mode.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../shared/money';
import { useParams } from '../router';
import { cn } from '../ui/cn';
import { boardQuery, levelLabel, PADDLE_EVENTS_URL, type PaddleBoard } from './queries';

type Board = Omit<PaddleBoard, 'currency'>;
type Live = 'connecting' | 'live' | 'reconnecting';

/** When the server refuses the stream outright (EventSource then gives up), try again after this long. */
const RETRY_AFTER_CLOSE_MS = 5_000;

/** The newest board of this tournament from the stream (null until one came). */
function useLiveBoard(tournamentId: string): { board: Board | null; live: Live } {
  const [board, setBoard] = useState<Board | null>(null);
  const [live, setLive] = useState<Live>('connecting');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const source = new EventSource(PADDLE_EVENTS_URL);
    let retry: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => setLive('live');
    source.addEventListener('paddle-raise', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as Board;
      if (next.tournament.id !== tournamentId) return;
      setBoard((current) => (current && Date.parse(current.updatedAt) > Date.parse(next.updatedAt) ? current : next));
    });
    source.onerror = () => {
      setLive('reconnecting');
      if (source.readyState === EventSource.CLOSED) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_AFTER_CLOSE_MS);
    };
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [tournamentId, attempt]);
  return { board, live };
}

export function PaddleTvPage() {
  const tournamentId = useParams().tournamentId ?? '';
  const first = useQuery(boardQuery(tournamentId));
  const { board: pushed, live } = useLiveBoard(tournamentId);
  const board = pushed ?? first.data ?? null;
  const currency = first.data?.currency ?? 'USD';
  const raise = board?.raise ?? null;

  useEffect(() => {
    // Full screen on a projector: asked for once the page has a click (browsers allow it only then).
    const enter = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);
    window.addEventListener('click', enter, { once: true });
    return () => window.removeEventListener('click', enter);
  }, []);

  return (
    <div className="fixed inset-0 z-40 flex flex-col gap-6 overflow-hidden bg-brand-900 px-6 py-6 text-white sm:px-12 sm:py-10">
      <title>{`${raise?.title ?? 'Paddle raise'} · TV`}</title>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-base font-medium text-brand-100 sm:text-xl">{board?.tournament.name ?? 'Paddle raise'}</p>
          <h1 className="text-3xl font-bold sm:text-5xl xl:text-6xl">
            {raise?.title ?? (first.isError ? 'No paddle raise yet' : 'Loading…')}
          </h1>
        </div>
        <p
          className={cn(
            'flex shrink-0 items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold',
            live === 'live' ? 'bg-green-800 text-white' : 'bg-brand-800 text-brand-100',
          )}
        >
          <span aria-hidden className={cn('size-2 rounded-full', live === 'live' ? 'bg-white' : 'bg-brand-100')} />
          {live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting' : 'Reconnecting'}
        </p>
      </div>
      {raise ? (
        <div className="grid min-h-0 flex-1 gap-6 lg:grid-cols-[3fr_2fr]">
          <div className="flex flex-col justify-center gap-3">
            <p className="text-lg font-medium text-brand-100 sm:text-2xl">{raise.open ? 'Pledged so far' : 'Pledged in total'}</p>
            <p data-testid="paddle-total" className="text-6xl font-extrabold tabular-nums sm:text-8xl xl:text-9xl" aria-live="polite">
              {formatMoney(raise.pledgedCents, currency)}
            </p>
            <p className="text-xl tabular-nums sm:text-3xl">
              {raise.count} {raise.count === 1 ? 'pledge' : 'pledges'}
              {raise.open ? ` · Levels ${raise.levelsCents.map((c) => levelLabel(c, currency)).join(' · ')}` : ' · Thank you!'}
            </p>
          </div>
          <section aria-labelledby="tv-latest" className="flex min-h-0 flex-col gap-3">
            <h2 id="tv-latest" className="text-lg font-semibold text-brand-100 sm:text-2xl">
              Latest pledges
            </h2>
            <ol className="flex min-h-0 flex-col gap-2 overflow-hidden">
              {raise.latest.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 rounded-lg bg-brand-800 px-4 py-3 text-xl sm:text-3xl">
                  <span className="min-w-0 truncate font-semibold">{p.label}</span>
                  <span className="shrink-0 font-bold tabular-nums">{levelLabel(p.amountCents, currency)}</span>
                </li>
              ))}
              {raise.latest.length === 0 ? <li className="text-xl text-brand-100 sm:text-2xl">Raise your paddle!</li> : null}
            </ol>
          </section>
        </div>
      ) : null}
    </div>
  );
}
