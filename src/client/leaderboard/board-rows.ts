// One board's rows as HTML (R22, R28–R31), for the server's first HTML and for the browser alike (docs/decisions/109). React
// does not render or hydrate the rows: a 36-team board is some 750 elements, and hydrating them was most of a phone's work
// on the day (Lighthouse's main-thread work and its longest task). The server's rows are kept as they are; a live update
// replaces only the rows whose HTML changed and moves the others (board-patch.ts). Names only: the board is public (R11);
// every text from the data is escaped.
import { formatToPar, type LeaderboardRow } from '../../shared/tournament-day';
import type { Leaderboard } from './queries';
import { cn } from '../ui/cn';
import { OFF_SCREEN } from '../ui/off-screen';

/** A board's markup: the rows (each keyed by its team), and what is around them inside the host element. */
export interface BoardMarkup {
  /** Before the rows (the table's caption, columns and heading; nothing for the cards). */
  open: string;
  rows: { key: string; html: string }[];
  close: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** Text, or an attribute's value, escaped as React's server renderer escapes it (the same bytes either way). Numbers need none. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Between two pieces of text, as React writes them: each stays a text node of its own, so the browser lays the text out
 * exactly as it did when React rendered the rows (shaping across one text node moved right-aligned text by a subpixel).
 */
const TEXT_BREAK = '<!-- -->';

const toParClass = (toPar: number) => (toPar < 0 ? 'text-red-700' : 'text-stone-900');
/** The score the board ranks on: net with net scoring, else gross. */
const ranked = (row: LeaderboardRow) => row.netToPar ?? row.toPar;

const countbackNote = (row: LeaderboardRow, className?: string) =>
  row.countback
    ? `<span class="${cn('block text-xs font-medium whitespace-nowrap text-stone-600', className)}">${row.countback} on countback</span>`
    : '';

/** R31: where the team started ('Start 1A'), once the draw is made. */
const startNote = (row: LeaderboardRow, className: string) =>
  row.start
    ? `<span class="${cn('text-xs font-normal whitespace-nowrap text-stone-600', className)}">Start ${TEXT_BREAK}${escapeHtml(row.start)}</span>`
    : '';

/** A golfer's strokes so far; before their first score a dash, read as 'no score yet' (a 0 read as a total of nothing). */
const playerTotal = (total: number | null) =>
  total === null
    ? '<span class="font-semibold text-stone-600" title="No score yet"><span aria-hidden="true">—</span><span class="sr-only">no score yet</span></span>'
    : `<span class="font-semibold tabular-nums">${total}</span>`;

// The board lists a team's players in a fixed order (R11: names only, no ids in the page).
const playerTotals = (row: LeaderboardRow, withTotals: boolean, className?: string | false) =>
  `<ul aria-label="${escapeHtml(row.teamName)} players" class="${cn('flex flex-wrap gap-x-4', className)}">${row.players
    .map(
      (player) =>
        `<li class="whitespace-nowrap">${escapeHtml(player.name)}${TEXT_BREAK} ${withTotals ? playerTotal(player.total) : ''}</li>`,
    )
    .join('')}</ul>`;

const tag = (name: string, className: string, content: string, attributes = '') =>
  `<${name}${attributes} class="${className}">${content}</${name}>`;

/** The table of a wide screen or a TV (large type, fixed columns so every row has the same height and pages fit). */
function tableMarkup(board: Leaderboard, tv: boolean): BoardMarkup {
  const net = board.rules.netScoring;
  // A scramble's strokes are the team's: per-player totals would say nothing.
  const withTotals = board.rules.format !== 'scramble';
  const th = cn('whitespace-nowrap border-b-2 border-stone-300 px-3 py-2 font-semibold text-stone-700', tv && 'py-1.5 text-lg xl:text-2xl');
  const td = cn('border-b border-stone-200 px-3 align-middle', tv ? 'py-1.5' : 'py-2');
  const widths = net ? [7, 26, 9, 9, 6, 7, 6, 30] : [7, 33, 10, 7, 8, 35];
  const right = cn(th, 'text-right');
  const heads = [
    tag('th', cn(th, !tv && 'w-12'), 'Pos', ' scope="col"'),
    tag('th', th, 'Team', ' scope="col"'),
    ...(net
      ? [tag('th', right, 'Net', ' scope="col"'), tag('th', right, 'Gross', ' scope="col"')]
      : [tag('th', right, 'To par', ' scope="col"')]),
    tag('th', right, 'Thru', ' scope="col"'),
    tag('th', right, 'Total', ' scope="col"'),
    ...(net ? [tag('th', right, '<abbr title="Team handicap">Hcp</abbr>', ' scope="col"')] : []),
    tag('th', th, 'Players', ' scope="col"'),
  ];
  const open =
    `<table class="${cn('w-full text-left', tv ? 'table-fixed text-2xl xl:text-3xl' : 'text-sm')}">` +
    `<caption class="sr-only">${escapeHtml(board.tournament.name)}${TEXT_BREAK} leaderboard</caption>` +
    (tv ? `<colgroup>${widths.map((w) => `<col style="width:${w}%"/>`).join('')}</colgroup>` : '') +
    `<thead><tr>${heads.join('')}</tr></thead><tbody>`;
  const rows = board.rows.map((row) => {
    const name = escapeHtml(row.teamName);
    const cells = [
      // On a TV the position's column is a narrow fixed one: 'lost on countback' goes under the team's name, where it fits.
      tag('td', cn(td, 'font-bold tabular-nums'), escapeHtml(row.positionLabel) + (tv ? '' : countbackNote(row))),
      tag(
        'th',
        cn(td, 'font-semibold'),
        tv ? `<span class="line-clamp-2">${name}</span>${countbackNote(row, 'text-sm xl:text-base')}` : name + startNote(row, 'block'),
        ' scope="row"',
      ),
      tag('td', cn(td, 'text-right font-bold tabular-nums', toParClass(ranked(row))), formatToPar(ranked(row))),
      net ? tag('td', cn(td, 'text-right tabular-nums', toParClass(row.toPar)), formatToPar(row.toPar)) : '',
      tag('td', cn(td, 'text-right tabular-nums'), String(row.thru)),
      tag('td', cn(td, 'text-right tabular-nums'), String(row.total)),
      net ? tag('td', cn(td, 'text-right tabular-nums'), String(row.handicap ?? '—')) : '',
      tag(
        'td',
        cn(td, tv ? 'text-base xl:text-xl' : 'text-xs text-stone-700'),
        playerTotals(row, withTotals, tv && 'grid grid-cols-2 gap-x-4 [&>li]:truncate'),
      ),
    ];
    return { key: row.teamId, html: `<tr data-team="${name}">${cells.join('')}</tr>` };
  });
  return { open, rows, close: '</tbody></table>' };
}

/** The cards of a phone (in TV mode too: six columns do not fit 390 px); the host is the list itself. */
function cardsMarkup(board: Leaderboard, tv: boolean): BoardMarkup {
  const net = board.rules.netScoring;
  const withTotals = board.rules.format !== 'scramble';
  const rows = board.rows.map((row) => {
    const name = escapeHtml(row.teamName);
    const score =
      tag(
        'p',
        cn('text-2xl font-bold tabular-nums', toParClass(ranked(row))),
        // With net scoring the visible 'Net' names the score (a hidden 'Net ' too had it read twice).
        (net ? '<span class="mr-1 text-xs font-semibold text-stone-600">Net</span>' : '<span class="sr-only">To par </span>') +
          formatToPar(ranked(row)),
      ) +
      (net
        ? tag(
            'p',
            'text-xs text-stone-700',
            `Gross ${TEXT_BREAK}${formatToPar(row.toPar)}${row.handicap != null ? `${TEXT_BREAK} · Hcp ${row.handicap}` : ''}`,
          )
        : '') +
      // Figures in even widths, so totals line up card under card (one element: the whole line's digits).
      tag('p', 'text-xs text-stone-700 tabular-nums', `Thru ${TEXT_BREAK}${row.thru}${TEXT_BREAK} · Total ${TEXT_BREAK}${row.total}`);
    const html = tag(
      'li',
      cn('flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-3', !tv && OFF_SCREEN),
      tag('p', 'w-10 shrink-0 text-lg font-bold tabular-nums', `<span class="sr-only">Position </span>${escapeHtml(row.positionLabel)}`) +
        tag(
          'div',
          'min-w-0 flex-1',
          `<p class="font-semibold">${name}</p>` +
            startNote(row, 'block') +
            countbackNote(row) +
            playerTotals(row, withTotals, 'mt-1 text-xs text-stone-700'),
        ) +
        tag('div', 'shrink-0 text-right', score),
      ` data-team="${name}"`,
    );
    return { key: row.teamId, html };
  });
  return { open: '', rows, close: '' };
}

export const boardMarkup = (board: Leaderboard, wide: boolean, tv: boolean): BoardMarkup =>
  wide ? tableMarkup(board, tv) : cardsMarkup(board, tv);

export const markupHtml = (markup: BoardMarkup) => markup.open + markup.rows.map((row) => row.html).join('') + markup.close;
