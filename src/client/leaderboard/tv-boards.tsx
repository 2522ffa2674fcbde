// TV mode's boards (the clubhouse screen, no one at the controls): one page of one board at a time, holding as many rows as
// the screen fits, turning by itself every PAGE_MS through every board's pages, so a full field and every tournament are
// seen in turn without scrolling. The rows per page are measured, not guessed: a TV, a laptop and a phone fit different numbers.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { hasSideGames, type Leaderboard } from './queries';
import { BoardHeading } from './board-heading';
import { LeaderboardBoard } from './leaderboard-board';
import { loadBoardPatch } from './board-patch-loader';
import { SideGamesBoard } from './side-games-board';
import type { LiveState } from './live-state';
import { formatMoney } from '../../shared/money';
import { GoalBar } from '../donations/goal-bar';
import { useReads } from '../lib/first-load-reads';
import { useRemoteValue } from '../lib/remote-value';
import { Link } from '../router';
import { Button } from '../ui/button';
import { Minimize, Pause, Play } from 'lucide-react';

/** TV mode's controls in the page's header: pause the pages, and out of TV mode (a link: it works before the scripts). */
export function TvControls({ paused, onPause }: { paused: boolean; onPause: () => void }) {
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onPause}>
        {paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
        {paused ? 'Resume pages' : 'Pause pages'}
      </Button>
      <Button variant="ghost" size="sm" asChild>
        <Link to="/leaderboard">
          <Minimize aria-hidden className="size-4" />
          Exit TV mode
        </Link>
      </Button>
    </>
  );
}

/** Long enough to find one's team in a page of a dozen rows, from across the room. */
export const PAGE_MS = 10_000;

interface TvPage {
  board: Leaderboard;
  /** 0-based page of this board, how many it has, and the rows each holds. */
  index: number;
  count: number;
  rowsPerPage: number;
  /** The board's side games (R44), a page of their own after its rows: the rows fill the screen they are measured for. */
  sideGames?: boolean;
}

/** Every board cut into pages of the rows that fit under its own heading, board after board; a board without rows is one page. */
function pagesOf(boards: Leaderboard[], rowsFor: (boardId: string) => number): TvPage[] {
  return boards.flatMap((board) => {
    const rowsPerPage = rowsFor(board.tournament.id);
    const rowPages = Math.max(1, Math.ceil(board.rows.length / rowsPerPage));
    const count = rowPages + (hasSideGames(board.sideGames) ? 1 : 0);
    return Array.from({ length: count }, (_, index) => ({ board, index, count, rowsPerPage, sideGames: index === rowPages }));
  });
}

interface Fits {
  /** Rows that fit under each board's heading, by tournament, for the boards shown since the screen took its size. */
  byBoard: Record<string, number>;
  /** The guess for a board not shown yet: the one shown's. */
  guess: number;
}

const sameFits = (a: Fits, b: Fits) =>
  a.guess === b.guess &&
  Object.keys(a.byBoard).length === Object.keys(b.byBoard).length &&
  Object.entries(a.byBoard).every(([id, rows]) => b.byBoard[id] === rows);

/**
 * How many rows of each board fit in `area`: measured after each render from the rows shown (table rows or cards), and
 * again when the area or what is drawn in it changes size. Each board has its own: what stands above its rows differs
 * (the fundraising banner with raised and a sponsor's logo, or none), and one number for every board would change as
 * the boards turn and shift the pages, skipping or repeating rows. A board not shown yet is guessed as the one shown;
 * it is measured on its first page, where the guess changes no row shown and no page before it.
 * The tallest row and each board's deepest start seen are kept until the area changes size (or the rows' kind), so the
 * numbers settle at once rather than swinging between pages of taller and shorter rows (cards on a phone), or a sponsor's
 * caption on one line and on two.
 */
function useRowsThatFit(area: RefObject<HTMLElement | null>): (boardId: string) => number {
  const [fits, setFits] = useState<Fits>({ byBoard: {}, guess: 8 });
  const [, setSize] = useState('');
  const seen = useRef({ size: '', stride: 0, tops: new Map<string, number>() });

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    // The area, and what is drawn in it: a part that grows above the rows without this component drawing again (the
    // fundraising banner once its read arrives, a heading line that wraps) moves the rows down, so they are measured again.
    const content = element.firstElementChild;
    const observer = new ResizeObserver(() =>
      setSize(`${element.clientWidth}x${element.clientHeight}/${content?.getBoundingClientRect().height ?? 0}`),
    );
    observer.observe(element);
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [area]);

  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    // The board drawn, as its section names it: the rows measured are that board's.
    const shownBoard = element.querySelector('[data-board]')?.getAttribute('data-board');
    const items = [...element.querySelectorAll<HTMLElement>('[data-team]')];
    if (!shownBoard || items.length === 0) return;
    // The rows' kind is part of the key: taking over the server's page, the app draws the server's cards for a frame
    // (the media query answered as the server did) before the TV's table; kept, the cards' height (a third more, with a
    // countback and net scores) left a third of a TV empty.
    const size = `${element.clientWidth}x${element.clientHeight}:${items[0]!.tagName}`;
    if (seen.current.size !== size) seen.current = { size, stride: 0, tops: new Map() };
    const boxes = items.map((item) => item.getBoundingClientRect());
    const gap = boxes.length > 1 ? Math.max(0, boxes[1]!.top - boxes[0]!.bottom) : 0;
    const stride = Math.max(...boxes.map((box) => box.height)) + gap;
    const top = boxes[0]!.top - element.getBoundingClientRect().top;
    const { tops } = seen.current;
    seen.current.stride = Math.max(seen.current.stride, stride);
    tops.set(shownBoard, Math.max(tops.get(shownBoard) ?? 0, top));
    const fit = (start: number) => Math.max(1, Math.floor((element.clientHeight - start + gap) / seen.current.stride));
    const byBoard = Object.fromEntries([...tops].map(([id, start]) => [id, fit(start)]));
    const next = { byBoard, guess: byBoard[shownBoard]! };
    if (!sameFits(next, fits)) setFits(next);
  });

  return (boardId) => fits.byBoard[boardId] ?? fits.guess;
}

export function TvBoards({ boards, live, paused }: { boards: Leaderboard[]; live: LiveState; paused: boolean }) {
  const area = useRef<HTMLDivElement>(null);
  const rowsFor = useRowsThatFit(area);
  const [turn, setTurn] = useState(0);
  const pages = pagesOf(boards, rowsFor);
  // The pages turn by patching the rows shown (docs/decisions/109): their code at once, so a turn is never a frame late.
  useEffect(() => void loadBoardPatch().catch(() => undefined), []);

  useEffect(() => {
    if (paused || pages.length <= 1) return;
    const timer = setInterval(() => setTurn((n) => n + 1), PAGE_MS);
    return () => clearInterval(timer);
  }, [paused, pages.length]);

  const page = pages[turn % pages.length]!;
  const boardId = page.board.tournament.id;
  const start = page.index * page.rowsPerPage;
  const shown = { ...page.board, rows: page.board.rows.slice(start, start + page.rowsPerPage) };
  return (
    <div ref={area} className="min-h-0 flex-1 overflow-hidden">
      <section aria-labelledby={`board-${boardId}`} data-board={boardId} className="flex flex-col gap-3">
        <TvFundraising tournamentId={boardId} turn={turn} />
        <BoardHeading board={page.board} live={live} tv page={page.count > 1 ? { index: page.index, count: page.count } : undefined} />
        {page.sideGames ? (
          <SideGamesBoard sideGames={page.board.sideGames} tv />
        ) : (
          <LeaderboardBoard board={shown} tv emptyText="No scores yet. The board fills in as teams save their scores." />
        )}
      </section>
    </div>
  );
}

/** How often the screen asks again for raised and the sponsors (R38): a gift made during the round shows within a minute. */
const FUNDRAISING_REFRESH_MS = 60_000;

/**
 * R38, R36 on the clubhouse screen: raised against the goal for the board shown, and one hole sponsor's logo, the next one
 * at every turn of the pages (so each sponsor is seen in turn between the boards). Read from the event page's answer.
 */
function TvFundraising({ tournamentId, turn }: { tournamentId: string; turn: number }) {
  const reads = useReads();
  const events = useRemoteValue(reads.events, { retry: () => true });
  useEffect(() => {
    const timer = setInterval(() => void reads.events.refetch(), FUNDRAISING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reads.events]);
  const event = events.data?.events.find((e) => e.id === tournamentId);
  if (!event) return null;
  const currency = events.data!.currency;
  const withLogos = event.holeSponsors.filter((s) => s.logoUrl);
  const sponsor = withLogos.length > 0 ? withLogos[turn % withLogos.length]! : null;
  const showRaised = event.goalCents !== null || event.raisedCents > 0;
  if (!showRaised && !sponsor) return null;
  return (
    // Wraps on a phone: the sponsor's card goes under raised rather than squeezing it to a letter a line.
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 rounded-lg bg-brand-900 px-5 py-3 text-white">
      {showRaised ? (
        <div className="flex min-w-48 flex-1 flex-col gap-2">
          <p className="text-xl font-semibold xl:text-3xl">
            {formatMoney(event.raisedCents, currency)} raised
            {event.goalCents ? ` of ${formatMoney(event.goalCents, currency)} goal` : ''}
          </p>
          {event.goalCents ? (
            <GoalBar
              raisedCents={event.raisedCents}
              goalCents={event.goalCents}
              className="max-w-xl bg-brand-800"
              barClassName="bg-white"
            />
          ) : null}
        </div>
      ) : null}
      {sponsor ? (
        <figure className="flex max-w-full min-w-0 items-center gap-3 rounded-md bg-white px-3 py-2 text-stone-900">
          <img
            src={sponsor.logoUrl!}
            alt={`${sponsor.name} logo`}
            width={160}
            height={80}
            className="h-12 w-24 object-contain xl:h-16 xl:w-32"
          />
          <figcaption className="min-w-0 text-sm font-semibold">
            Hole {sponsor.holeNumber}: {sponsor.name}
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
