// The patch that brings a board's rows up to date in the browser (docs/decisions/109), and the one that brings its data
// up to date from the stream's patch (decision 128): loaded only when a board shown changes (a score saved), not with the
// page's first load (R41's 90 KB on a real day); TV mode, whose pages turn, loads it at once (tv-boards.tsx).
import { applyBoardPatch, type BoardPatch } from '../../shared/stream-patch';
import { markupHtml, type BoardMarkup } from './board-rows';
import type { Leaderboard } from './queries';

/**
 * The boards with `patch` applied: answers `lost` when the page cannot apply it (it shows another version of the board,
 * or none of an active tournament's), and the stream must send the boards again. A patch older than the board shown (a
 * read answered a newer one first) changes nothing.
 */
export function patchBoards(boards: Leaderboard[], patch: BoardPatch, active: string[] | null): { boards: Leaderboard[]; lost: boolean } {
  const shown = boards.find((b) => b.tournament.id === patch.tournamentId);
  if (!shown) return { boards, lost: !active || active.includes(patch.tournamentId) };
  if (Date.parse(shown.updatedAt) >= Date.parse(patch.updatedAt)) return { boards, lost: false };
  const next = applyBoardPatch(shown, patch);
  if (!next) return { boards, lost: true };
  return { boards: boards.map((b) => (b === shown ? next : b)), lost: false };
}

/** One element from its HTML (a <template> parses a table row as well as a list item). */
function elementOf(html: string): Element {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.firstElementChild!;
}

/**
 * Brings `host` (showing `shown`) to `next`: a row whose HTML is unchanged keeps its element (moved if its team moved); a
 * changed row is replaced, a new team's row added, a gone team's removed. Anything around the rows changed (the columns,
 * the tournament's name): the whole board is written again.
 */
export function patchBoard(host: Element, shown: BoardMarkup, next: BoardMarkup): void {
  if (shown.open !== next.open || shown.close !== next.close) {
    host.innerHTML = markupHtml(next);
    return;
  }
  const list = host.querySelector('tbody') ?? host;
  const before = new Map<string, { html: string; element: Element | undefined }>();
  shown.rows.forEach((row, i) => before.set(row.key, { html: row.html, element: list.children[i] }));
  const kept = new Set<Element>();
  const ordered = next.rows.map((row) => {
    const old = before.get(row.key);
    if (old?.element && old.html === row.html) {
      kept.add(old.element);
      return old.element;
    }
    return elementOf(row.html);
  });
  for (const element of [...list.children]) if (!kept.has(element)) element.remove();
  let cursor = list.firstElementChild;
  for (const element of ordered) {
    if (element === cursor) cursor = cursor.nextElementSibling;
    else list.insertBefore(element, cursor);
  }
}
