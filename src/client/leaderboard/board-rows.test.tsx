// @vitest-environment happy-dom
// The board's rows as HTML and their patch (docs/decisions/109): the server's rows are kept as they are when the page is
// taken over, and a live update changes only the rows that changed, moving the others.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { enableActEnvironment } from '../test/act-environment';
import type { Leaderboard } from './queries';
import { boardOf, boardRow } from '../test/board-fixtures';
import { boardMarkup, markupHtml } from './board-rows';
import { patchBoard } from './board-patch';
import { LeaderboardBoard } from './leaderboard-board';
import { loadBoardPatch } from './board-patch-loader';

const row = boardRow;

const first = boardOf([row('a', 1, -2), row('b', 2, 0), row('c', 3, 1)]);

/** The host element of a board shown from `board`, as the page would have it. */
function shown(board: Leaderboard, wide: boolean) {
  const host = document.createElement(wide ? 'div' : 'ol');
  host.innerHTML = markupHtml(boardMarkup(board, wide, false));
  return host;
}
const teams = (host: Element) => [...host.querySelectorAll('[data-team]')].map((e) => e.getAttribute('data-team'));

describe.each([
  ['cards', false],
  ['table', true],
])('patchBoard (%s)', (_, wide) => {
  it('replaces only the row whose score changed, in its place', () => {
    const host = shown(first, wide);
    const [a, b, c] = host.querySelectorAll('[data-team]');
    const next = boardOf([row('a', 1, -2), row('b', 2, -1), row('c', 3, 1)]);
    patchBoard(host, boardMarkup(first, wide, false), boardMarkup(next, wide, false));
    const after = host.querySelectorAll('[data-team]');
    expect(after[0]).toBe(a);
    expect(after[1]).not.toBe(b);
    expect(after[1]!.textContent).toContain('-1');
    expect(after[2]).toBe(c);
    expect(host.innerHTML).toBe(markupHtml(boardMarkup(next, wide, false)));
  });

  it('moves a team that changes place, and writes the rows whose position changed', () => {
    const host = shown(first, wide);
    const c = host.querySelector('[data-team="Team c"]');
    const next = boardOf([row('c', 1, -4), row('a', 2, -2), row('b', 3, 0)]);
    patchBoard(host, boardMarkup(first, wide, false), boardMarkup(next, wide, false));
    expect(teams(host)).toEqual(['Team c', 'Team a', 'Team b']);
    expect(host.innerHTML).toBe(markupHtml(boardMarkup(next, wide, false)));
    expect(host.querySelector('[data-team="Team c"]')).not.toBe(c);
  });

  it('moves an unchanged row without writing it again (two tied teams change order)', () => {
    const tied = boardOf([row('a', 1, -2, { positionLabel: 'T1' }), row('b', 1, -2, { positionLabel: 'T1' }), row('c', 3, 1)]);
    const host = shown(tied, wide);
    const [a, b, c] = host.querySelectorAll('[data-team]');
    const next = boardOf([row('b', 1, -2, { positionLabel: 'T1' }), row('a', 1, -2, { positionLabel: 'T1' }), row('c', 3, 1)]);
    patchBoard(host, boardMarkup(tied, wide, false), boardMarkup(next, wide, false));
    expect([...host.querySelectorAll('[data-team]')]).toEqual([b, a, c]);
  });

  it('keeps every element of a board that did not change (the event stream sends the shown board again)', () => {
    const host = shown(first, wide);
    const before = [...host.querySelectorAll('[data-team]')];
    patchBoard(host, boardMarkup(first, wide, false), boardMarkup(structuredClone(first), wide, false));
    expect([...host.querySelectorAll('[data-team]')]).toEqual(before);
  });

  it('adds a new team in its place and removes a team that is gone', () => {
    const host = shown(first, wide);
    const next = boardOf([row('a', 1, -2), row('d', 2, -1), row('c', 3, 1)]);
    patchBoard(host, boardMarkup(first, wide, false), boardMarkup(next, wide, false));
    expect(teams(host)).toEqual(['Team a', 'Team d', 'Team c']);
    expect(host.innerHTML).toBe(markupHtml(boardMarkup(next, wide, false)));
  });

  it('keeps rows whose team stays where it was when others come and go', () => {
    const host = shown(first, wide);
    const a = host.querySelector('[data-team="Team a"]');
    const next = boardOf([row('a', 1, -2)]);
    patchBoard(host, boardMarkup(first, wide, false), boardMarkup(next, wide, false));
    expect(teams(host)).toEqual(['Team a']);
    expect(host.querySelector('[data-team]')).toBe(a);
  });
});

it('writes the whole board again when what is around the rows changed (net scoring switched on: other columns)', () => {
  const host = shown(first, true);
  const net = { ...first, rules: { ...first.rules, netScoring: true } };
  patchBoard(host, boardMarkup(first, true, false), boardMarkup(net, true, false));
  expect(host.innerHTML).toBe(markupHtml(boardMarkup(net, true, false)));
  expect(host.querySelector('thead')!.textContent).toContain('Gross');
});

it('escapes every text of the data (a team named like markup stays text)', () => {
  const board = boardOf([row('x', 1, 0, { teamName: '<img src=x onerror=alert(1)> & "Co"', players: [{ name: '<b>Bo</b>', total: 3 }] })]);
  for (const wide of [false, true]) {
    const host = shown(board, wide);
    expect(host.querySelector('img, b')).toBeNull();
    expect(host.textContent).toContain('<img src=x onerror=alert(1)> & "Co"');
    expect(host.querySelector('[data-team]')!.getAttribute('data-team')).toBe('<img src=x onerror=alert(1)> & "Co"');
  }
});

it("shows a golfer without a score yet as a dash read 'no score yet', not as a total of 0", () => {
  const board = boardOf([
    row('x', 1, 0, {
      players: [
        { name: 'Ann Lee', total: 4 },
        { name: 'Cy Ray', total: null },
      ],
    }),
  ]);
  for (const wide of [false, true]) {
    const [ann, cy] = shown(board, wide).querySelectorAll('ul[aria-label="Team x players"] > li');
    expect(ann!.textContent).toBe('Ann Lee 4');
    expect(cy!.textContent).toBe('Cy Ray —no score yet');
    expect(cy!.querySelector('[aria-hidden="true"]')!.textContent).toBe('—');
  }
});

// hydrateRoot is called directly here.
enableActEnvironment();

it("takes over the server's rows as they are, and patches them when a score arrives", async () => {
  // A phone: the cards, as the server renders them.
  vi.spyOn(window, 'matchMedia').mockReturnValue({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as MediaQueryList);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LeaderboardBoard board={first} emptyText="No scores yet." />);
  document.body.append(container);
  const [a, b, c] = container.querySelectorAll('[data-team]');
  const errors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, <LeaderboardBoard board={first} emptyText="No scores yet." />, {
      onRecoverableError: (error) => errors.push(error),
    }),
  );
  expect(errors).toEqual([]);
  // Hydrating kept the server's elements, and React took none of them over (no fiber of its own on a row or inside one):
  // the rows cost the phone nothing to hydrate.
  expect([...container.querySelectorAll('[data-team]')]).toEqual([a, b, c]);
  const reactOwned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  expect(reactOwned(container.querySelector('ol')!)).toBe(true);
  expect([...container.querySelectorAll('ol *')].filter(reactOwned)).toEqual([]);

  // A score saved: team c moves to the top.
  const next = boardOf([row('c', 1, -4), row('a', 2, -2), row('b', 3, 0)]);
  await act(async () => root.render(<LeaderboardBoard board={next} emptyText="No scores yet." />));
  // The patch's code is fetched with the first change (board-patch.ts).
  await act(() => loadBoardPatch());
  expect(teams(container)).toEqual(['Team c', 'Team a', 'Team b']);
  expect(container.querySelector('ol')!.innerHTML).toBe(markupHtml(boardMarkup(next, false, false)));
  expect(container.querySelector('[data-team="Team c"]')!.textContent).toContain('-4');
  await act(async () => root.unmount());
  container.remove();
});

describe("a phone's cards (issue 37: the document's size is the phone's work on the day)", () => {
  // A demo-like row: drawn start, countback, four players, net scoring.
  const netBoard = {
    ...boardOf(
      ['a', 'b', 'c'].map((id, i) =>
        row(id, i + 1, -3, {
          positionLabel: 'T1',
          countback: 'won',
          start: `${i + 1}A`,
          netToPar: -9,
          handicap: 6,
          players: ['Ann', 'Bo', 'Cy', 'Di'].map((name) => ({ name: `${name} ${id}`, total: 33 })),
        }),
      ),
    ),
    rules: { format: 'scramble', bestBalls: null, netScoring: true },
  } as unknown as Leaderboard;

  it('are at most 17 elements each (with a start, countback, net and four players)', () => {
    const host = shown(netBoard, false);
    const counts = [...host.querySelectorAll('[data-team]')].map((card) => card.querySelectorAll('*').length + 1);
    expect(counts).toEqual([17, 17, 17]);
  });

  it("name the net score once for a screen reader (the visible 'Net'), and the gross score beside it", () => {
    const card = shown(netBoard, false).querySelector('[data-team]')!;
    expect(card.querySelectorAll('.sr-only')).toHaveLength(1);
    expect(card.querySelector('.text-2xl')!.textContent).toBe('Net-9');
    expect(card.textContent).toContain('Gross -3 · Hcp 6');
    expect(card.textContent).toContain('Thru 9 · Total 33');
  });

  it('are drawn only when near the screen on a phone, and always on a TV (whose pages are measured from them)', () => {
    const phone = shown(netBoard, false).querySelector('[data-team]')!;
    expect(phone.className).toContain('[content-visibility:auto]');
    expect(phone.className).toContain('[contain-intrinsic-size:auto_8rem]');
    const tv = document.createElement('ol');
    tv.innerHTML = markupHtml(boardMarkup(netBoard, false, true));
    expect(tv.querySelector('[data-team]')!.className).not.toContain('content-visibility');
  });
});

it("puts 'won on countback' under the team's name on a TV (the position's column is too narrow), beside the position elsewhere", () => {
  const board = boardOf([row('a', 1, -2, { countback: 'won' }), row('b', 2, -2, { countback: 'lost' })]);
  const cells = (tv: boolean) => {
    const host = document.createElement('div');
    host.innerHTML = markupHtml(boardMarkup(board, true, tv));
    const first = host.querySelector('[data-team="Team a"]')!;
    return { position: first.querySelector('td')!.textContent, team: first.querySelector('th')!.textContent };
  };
  expect(cells(true)).toEqual({ position: '1', team: 'Team awon on countback' });
  expect(cells(false).position).toBe('1won on countback');
});
