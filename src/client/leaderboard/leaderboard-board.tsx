// One tournament's leaderboard rows (R22, R28–R30): position (ties share it: T2; 'won/lost on countback' where countback
// placed a team), team (with its start, 'Start 1A', once drawn: R31), to par, holes played, total and each player's total;
// with net scoring Net and Gross side by side and the team handicap. Under the board: the countback rule and, for net, the
// allowance used. Names only: the board is public (R11). A table on a wide screen or a TV, a list of cards on a phone.
import { memo, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { COUNTBACK_RULE } from '../../shared/countback';
import { allowanceText } from '../../shared/formats';
import type { Leaderboard } from './queries';
import { useMediaQuery } from '../lib/use-media-query';
import { cn } from '../ui/cn';
import { boardMarkup, markupHtml } from './board-rows';
import { SideGamesSlot } from './side-games-slot';
import { boardPatchLoaded, loadBoardPatch } from './board-patch-loader';

/**
 * The rows, as HTML (board-rows.ts, docs/decisions/109): React writes them once (or, hydrating, keeps the server's) and never
 * renders them again; a changed board is patched row by row. A table on a wide screen, the list of cards on a phone.
 */
function BoardRows({ board, wide, tv }: { board: Leaderboard; wide: boolean; tv: boolean }) {
  const markup = boardMarkup(board, wide, tv);
  // The same object on every render: React sets the HTML when the element is created and leaves it alone after that.
  const [html] = useState(() => ({ __html: markupHtml(markup) }));
  /** What the rows on screen show, and the board they are to show (newer while the patch's code is on its way). */
  const shown = useRef(markup);
  const latest = useRef(markup);
  const host = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    latest.current = markup;
    // The event stream's first message is the board already shown (a new object, the same rows): nothing to do.
    if (markupHtml(markup) === markupHtml(shown.current)) return;
    const patch = () => {
      const boardPatch = boardPatchLoaded();
      if (!host.current || !boardPatch) return;
      boardPatch.patchBoard(host.current, shown.current, latest.current);
      shown.current = latest.current;
    };
    if (boardPatchLoaded()) patch();
    else void loadBoardPatch().then(patch);
  });
  return wide ? (
    <div
      ref={host as RefObject<HTMLDivElement | null>}
      className={cn('overflow-x-auto rounded-lg border border-stone-200 bg-white', tv && 'overflow-hidden border-0 bg-transparent')}
      dangerouslySetInnerHTML={html}
    />
  ) : (
    <ol
      ref={host as RefObject<HTMLOListElement | null>}
      data-board-rows
      aria-label={`${board.tournament.name} leaderboard`}
      className="flex flex-col gap-2"
      dangerouslySetInnerHTML={html}
    />
  );
}

/** What is printed under every board (R29, R30): the allowance used for net, and the countback rule. */
export function BoardNotes({ board }: { board: Leaderboard }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-stone-600">
      {board.rules.netScoring ? <p>Net = gross − handicap. {allowanceText(board.rules.format)}</p> : null}
      <p>{COUNTBACK_RULE}</p>
    </div>
  );
}

/**
 * A table on a wide screen (large type for a TV), cards on a phone (in TV mode too: six columns do not fit 390 px). Drawn
 * again only when its board changes: the page's live state ('Live', 'Reconnecting') changing redraws the heading, not
 * every row (the first message of the event stream came just after hydration and redrew the whole board).
 */
export const LeaderboardBoard = memo(function LeaderboardBoard({
  board,
  tv = false,
  emptyText,
}: {
  board: Leaderboard;
  tv?: boolean;
  emptyText: string;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (board.rows.length === 0)
    return (
      <div className="flex flex-col gap-2">
        <p className={cn('rounded-lg bg-white py-8 text-center text-stone-600', tv && 'bg-transparent text-2xl')}>{emptyText}</p>
        {tv ? null : <SideGamesSlot sideGames={board.sideGames} />}
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      {/* The table and the cards are different elements: switching (a phone turned sideways) writes the other afresh. */}
      <BoardRows key={wide ? 'table' : 'cards'} board={board} wide={wide} tv={tv} />
      {/* A TV pages through rows measured to fit the screen: the notes stay on the page and the score report. */}
      {/* TV mode shows the side games as a page of their own (tv-boards.tsx). */}
      {tv ? null : <BoardNotes board={board} />}
      {tv ? null : <SideGamesSlot sideGames={board.sideGames} />}
    </div>
  );
});
