// Home while a tournament is open (R40): each open tournament's own page, the soonest first. Every text staff
// wrote is shown as text (React escapes it; line breaks kept by CSS), never as HTML. A part with nothing in it (no course,
// no schedule, no levels, no sponsors) is left out rather than shown empty.
import { resultsPath } from '../../shared/results';
import { formatMoney } from '../../shared/money';
import { SOLD_OUT_LABEL } from '../../shared/capacity';
import { calendarPath, earlyEndText, mapSearchUrl } from '../../shared/event-page';
import type { OpenEvents } from '../lib/first-load-reads';
import { formatDateRange } from '../lib/format';
import { Link } from '../router';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { OFF_SCREEN } from '../ui/off-screen';
import { CalendarCheck } from '../ui/shell-icons';

type Event = OpenEvents['events'][number];

const placesText = (n: number) => (n === 0 ? SOLD_OUT_LABEL : `${n} ${n === 1 ? 'place' : 'places'} left`);

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function EventCard({ event, currency, heading }: { event: Event; currency: string; heading: 'h1' | 'h2' }) {
  const Heading = heading;
  const map = mapSearchUrl(event);
  const part = (name: string) => `${name}-${event.id}`;
  return (
    <article aria-labelledby={part('event')} className="overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      {event.heroImage ? (
        // R40: the event's picture, sized before it loads (3:1, the 1280 and 640 px variants the server made); styled
        // inline so its rules weigh on Home only when a tournament has one (R41's 90 KB, docs/decisions/082).
        <img
          src={event.heroImage.url}
          srcSet={`${event.heroImage.smallUrl} 640w, ${event.heroImage.url} 1280w`}
          sizes="(min-width: 1280px) 1280px, 100vw"
          width={1280}
          height={427}
          alt={event.name}
          fetchPriority="high"
          className="w-full"
          style={{ aspectRatio: '3 / 1', objectFit: 'cover', height: 'auto' }}
        />
      ) : null}
      <header className="flex flex-col items-start gap-4 bg-brand-900 px-5 py-8 text-white sm:px-8 sm:py-12">
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{event.organisation}</p>
        <Heading id={part('event')} className="max-w-3xl text-3xl leading-tight font-bold sm:text-5xl">
          {event.name}
        </Heading>
        <p className="text-lg text-brand-100">
          {formatDateRange(event.startDate, event.endDate)}
          {event.course ? ` · ${event.course.name}` : ''}
        </p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          {event.registrationOpen ? (
            <Button asChild size="lg" variant="light">
              <Link to="/register">Register Your Team</Link>
            </Button>
          ) : (
            <>
              <p className="font-semibold">Registration is closed</p>
              {event.finished ? (
                // R59: after the day, the results page (it keeps working once the tournament is closed).
                <Link to={resultsPath(event.id)} className="font-semibold text-white underline underline-offset-4 hover:text-brand-100">
                  See the results
                </Link>
              ) : (
                <Link to="/leaderboard" className="font-semibold text-white underline underline-offset-4 hover:text-brand-100">
                  Live leaderboard
                </Link>
              )}
            </>
          )}
          <Link to={`/give?tournament=${event.id}`} className="font-semibold text-white underline underline-offset-4 hover:text-brand-100">
            Give
          </Link>
          {event.auction ? (
            <Link to={`/auction/${event.id}`} className="font-semibold text-white underline underline-offset-4 hover:text-brand-100">
              Silent auction
            </Link>
          ) : null}
          <a
            href={calendarPath(event.id)}
            download
            className="inline-flex items-center gap-2 font-semibold text-white underline underline-offset-4 hover:text-brand-100"
          >
            <CalendarCheck aria-hidden className="size-5" />
            Add to calendar
          </a>
        </div>
        <Raised raisedCents={event.raisedCents} goalCents={event.goalCents} currency={currency} />
      </header>

      {/* Below a phone's first screen (the heading fills it): laid out only when scrolled near (docs/decisions/126). */}
      <div className={cn('grid gap-8 px-5 py-8 sm:px-8 lg:grid-cols-3', OFF_SCREEN)}>
        {/* First on a phone: when and where come before the rest. */}
        <div className="flex flex-col gap-8 lg:col-start-3 lg:row-start-1">
          {event.schedule.length > 0 ? (
            <Section title="Schedule" id={part('schedule')}>
              <ul className="flex flex-col gap-1.5 text-stone-800">
                {event.schedule.map((line, i) => (
                  // Lines are shown in the order written; two may read the same.
                  <li key={i} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {event.course || event.address ? (
            <Section title="The course" id={part('course')}>
              {event.course ? <p className="font-semibold text-stone-900">{event.course.name}</p> : null}
              {event.address ? <p className="whitespace-pre-line break-words text-stone-800">{event.address}</p> : null}
              {map ? (
                <a
                  href={map}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="w-fit font-semibold text-brand-800 underline underline-offset-4"
                >
                  Open in maps<span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </Section>
          ) : null}
        </div>
        <div className="flex flex-col gap-8 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          {event.cause ? (
            <Section title="The cause" id={part('cause')}>
              <p className="whitespace-pre-line break-words text-stone-800">{event.cause}</p>
            </Section>
          ) : null}
          {event.levels.length > 0 ? (
            <Section title="Sponsorship levels" id={part('levels')}>
              <ul className="grid gap-3 sm:grid-cols-2">
                {event.levels.map((level) => (
                  <li key={level.name} className="flex flex-col gap-1 rounded-lg border border-stone-200 p-4">
                    <p className="font-semibold text-stone-900">{level.name}</p>
                    {level.earlyPriceCents !== null && level.earlyUntil ? (
                      // R58: the early price with its last day while it runs, and the regular price after it.
                      <>
                        <p className="text-2xl font-bold tabular-nums text-brand-800">{formatMoney(level.earlyPriceCents, currency)}</p>
                        <p className="text-sm text-stone-700">
                          Early-bird price until {earlyEndText(level.earlyUntil)}, then{' '}
                          <span className="tabular-nums">{formatMoney(level.priceCents, currency)}</span>
                        </p>
                      </>
                    ) : (
                      <p className="text-2xl font-bold tabular-nums text-brand-800">{formatMoney(level.priceCents, currency)}</p>
                    )}
                    {level.description ? (
                      <p className="whitespace-pre-line break-words text-sm text-stone-700">{level.description}</p>
                    ) : null}
                    <p className={level.placesLeft === 0 ? 'text-sm font-semibold text-red-700' : 'text-sm text-stone-700'}>
                      {placesText(level.placesLeft)}
                    </p>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {event.items.length > 0 ? (
            <Section title="Sponsorship items" id={part('items')}>
              <ul className="grid gap-3 sm:grid-cols-2">
                {event.items.map((item, i) => (
                  <li key={i} className="flex flex-col gap-1 rounded-lg border border-stone-200 p-4">
                    <p className="font-semibold text-stone-900">{item.name}</p>
                    <p className="text-2xl font-bold tabular-nums text-brand-800">{formatMoney(item.priceCents, currency)}</p>
                    {item.includes ? <p className="whitespace-pre-line break-words text-sm text-stone-700">{item.includes}</p> : null}
                    <p className={item.placesLeft === 0 ? 'text-sm font-semibold text-red-700' : 'text-sm text-stone-700'}>
                      {placesText(item.placesLeft)}
                    </p>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {event.holeSponsors.length > 0 ? (
            <Section title="Hole sponsors" id={part('holes')}>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {event.holeSponsors.map((hole) => (
                  <li key={hole.holeNumber} className="flex flex-col items-center gap-2 rounded-lg border border-stone-200 p-3 text-center">
                    {hole.logoUrl ? (
                      // Sized and lazy (R41): logos never hold up the page's text.
                      <img
                        src={hole.logoUrl}
                        alt={`${hole.name} logo`}
                        width={160}
                        height={80}
                        loading="lazy"
                        decoding="async"
                        className="h-20 w-40 object-contain"
                      />
                    ) : null}
                    <p className="text-sm font-semibold text-stone-900">{hole.name}</p>
                    <p className="text-xs text-stone-600">Hole {hole.holeNumber}</p>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {event.sponsors.length > 0 ? (
            <Section title="Our sponsors" id={part('sponsors')}>
              <ul className="flex flex-wrap gap-2">
                {event.sponsors.map((name) => (
                  <li key={name} className="rounded-md bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-900">
                    {name}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** `preview`: shown inside the tournament form, where the page's own h1 is the form's. */
/**
 * R38: raised against the goal; raised alone when no goal is set, nothing before the first gift. Its bar is drawn here, not
 * with donations/goal-bar.tsx: shared with lazy pages, that module becomes a chunk of its own, one more request on Home's
 * first load (R41, docs/decisions/108).
 */
function Raised({ raisedCents, goalCents, currency }: { raisedCents: number; goalCents: number | null; currency: string }) {
  if (!goalCents && raisedCents === 0) return null;
  const raised = formatMoney(raisedCents, currency);
  if (!goalCents) return <p className="text-lg font-semibold">{raised} raised</p>;
  const percent = Math.min(100, Math.round((raisedCents / goalCents) * 100));
  return (
    <div className="flex w-full max-w-md flex-col gap-2">
      <p className="text-lg font-semibold">
        {raised} raised of {formatMoney(goalCents, currency)} goal
      </p>
      <div
        role="progressbar"
        aria-label="Raised against the goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-brand-800"
      >
        <div className="h-full rounded-full bg-white" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function EventPages({ events, currency, preview = false }: { events: Event[]; currency: string; preview?: boolean }) {
  const only = events.length === 1;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
      {only || preview ? null : <h1 className="text-2xl font-bold sm:text-3xl">Upcoming events</h1>}
      {events.map((event) => (
        <EventCard key={event.id} event={event} currency={currency} heading={only && !preview ? 'h1' : 'h2'} />
      ))}
    </div>
  );
}
