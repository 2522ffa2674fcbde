// The side games under the board, hydrated on demand (R41's 90 KB on a real day, docs/decisions/081). The server renders
// them into the first HTML as before (prerender waits for the lazy chunk); in the browser their code (side-games-board and
// shared/contests, ~1.5 KB gzip) is fetched only when their place comes within 300 px of the viewport or when a live update
// changes them. Until then React keeps the server's HTML as it is (a dehydrated Suspense boundary): the text is there and
// readable (it has nothing interactive). Below a 36-team board, a first load does not fetch it at all.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { hasSideGames, type Leaderboard } from './queries';

type SideGames = Leaderboard['sideGames'];

let release: () => void = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
let sideGamesModule: Promise<typeof import('./side-games-board')> | undefined;

/** Fetches the side games' code (once) and lets a boundary still waiting for the viewport hydrate. */
function loadSideGames() {
  release();
  return (sideGamesModule ??= import('./side-games-board'));
}

// Outside a browser (the server's prerender) the chunk loads at once: the first HTML carries the side games.
const SideGamesBoard = lazy(() =>
  (typeof document === 'undefined' ? Promise.resolve() : released).then(loadSideGames).then((m) => ({ default: m.SideGamesBoard })),
);

/**
 * The side games as the board last showed them. A live update reaches the (maybe still dehydrated) boundary only once their
 * code is here: an update to a dehydrated boundary would make React drop the server's HTML and show the fallback (nothing)
 * until the chunk came. The boundary's element is the same object until then, so React leaves it alone.
 */
export function SideGamesSlot({ sideGames }: { sideGames: SideGames }) {
  const [shown, setShown] = useState(sideGames);
  useEffect(() => {
    // The event stream's first message is the board the page already shows (a new object, the same side games).
    if (sideGames === shown || JSON.stringify(sideGames) === JSON.stringify(shown)) return;
    void loadSideGames().then(() => setShown(sideGames));
  }, [sideGames, shown]);
  // Their place below the board: within 300 px of the viewport, the code comes (the server's HTML, when the page was
  // hydrated, stays on screen until then; rendered afresh, the place is empty until then).
  const place = useRef<HTMLDivElement>(null);
  const shows = hasSideGames(shown);
  useEffect(() => {
    const element = place.current;
    if (!shows || !element) return;
    if (typeof IntersectionObserver === 'undefined') return void loadSideGames();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void loadSideGames();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shows]);
  const content = useMemo(
    () => (
      <Suspense fallback={null}>
        <SideGamesBoard sideGames={shown} />
      </Suspense>
    ),
    [shown],
  );
  return shows ? <div ref={place}>{content}</div> : null;
}
