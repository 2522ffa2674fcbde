// /results/:tournamentId (R59): a finished tournament's public results, for good: the final board, the side games'
// winners, raised against the goal and thanks to the sponsors. Rendered on the server with its data (http/server-render.ts),
// so a phone on one bar reads it before any script runs; the thank-you e-mail links here.
import { formatMoney } from '../../shared/money';
import { errorMessage } from '../lib/api';
import { formatDateRange } from '../lib/format';
import { resultsRead, useReads } from '../lib/first-load-reads';
import { useRemoteValue } from '../lib/remote-value';
import { Link, useParams } from '../router';
import { PageSpinner } from '../ui/spinner';

export function ResultsPage() {
  const { tournamentId = '' } = useParams();
  const results = useRemoteValue(resultsRead(useReads(), tournamentId));
  if (results.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <title>Results not found · Golf Tournament</title>
        <div className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
          <h1 className="text-xl font-bold">Results not found</h1>
          <p className="mt-2 text-stone-700" role="alert">
            {errorMessage(results.error, 'Failed to load the results')}.
          </p>
          <Link to="/" className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-4">
            Return to Home
          </Link>
        </div>
      </div>
    );
  }
  if (!results.data) return <PageSpinner label="Loading the results…" />;
  const { tournament, organisation, currency, board, sideGames, raisedCents, goalCents, sponsors } = results.data;
  const money = (cents: number) => formatMoney(cents, currency);
  const share = goalCents ? Math.min(100, Math.round((raisedCents / goalCents) * 100)) : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <title>{`Results: ${tournament.name}`}</title>
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Results</p>
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{tournament.name}</h1>
        <p className="text-stone-700">
          {formatDateRange(tournament.startDate, tournament.endDate)} · {organisation}
        </p>
      </header>

      <section aria-labelledby="raised-heading" className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
        <h2 id="raised-heading" className="text-lg font-semibold">
          Raised
        </h2>
        <p className="mt-1 text-3xl font-bold text-brand-900">{money(raisedCents)}</p>
        {goalCents && share != null ? (
          <>
            <p className="text-sm text-stone-700">{`of our ${money(goalCents)} goal (${share}%)`}</p>
            <div className="mt-3 h-3 overflow-hidden rounded-full bg-stone-200" aria-hidden>
              <div className="h-full rounded-full bg-brand-700" style={{ width: `${share}%` }} />
            </div>
          </>
        ) : null}
      </section>

      <section aria-labelledby="board-heading" className="flex flex-col gap-2">
        <h2 id="board-heading" className="text-lg font-semibold">
          Final board
        </h2>
        {board.length === 0 ? (
          <p className="text-stone-700">No scores were recorded.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white shadow-sm">
            {board.map((row) => (
              <li key={`${row.place}-${row.team}`} className="flex items-start gap-3 px-4 py-3">
                <span className="w-9 shrink-0 text-lg font-bold tabular-nums text-brand-900">{row.place}</span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">{row.team}</span>
                  <span className="block text-sm text-stone-600 break-words">{row.players.join(', ')}</span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{row.score}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {sideGames.length > 0 ? (
        <section aria-labelledby="side-games-heading" className="flex flex-col gap-2">
          <h2 id="side-games-heading" className="text-lg font-semibold">
            Side games
          </h2>
          <ul className="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
            {sideGames.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {sponsors.length > 0 ? (
        <section aria-labelledby="sponsors-heading" className="flex flex-col gap-2">
          <h2 id="sponsors-heading" className="text-lg font-semibold">
            Thank you to our sponsors
          </h2>
          <ul className="flex flex-wrap gap-2">
            {sponsors.map((name) => (
              <li key={name} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900 ring-1 ring-brand-700/20">
                {name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="text-stone-700">Thank you to every golfer, sponsor, donor and volunteer who made the day.</p>
    </div>
  );
}
