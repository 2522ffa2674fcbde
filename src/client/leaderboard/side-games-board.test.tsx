// The side games under a phone's board are laid out only when scrolled near (docs/decisions/126); a TV's are always, as its
// pages are measured from them.
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { Leaderboard } from './queries';
import { SideGamesBoard } from './side-games-board';

const sideGames = {
  skins: null,
  contests: [{ contest: 'longest_drive', hole: 2, winner: null }],
} as unknown as Leaderboard['sideGames'];

const sectionClass = (html: string) => /<section aria-label="Side games" class="([^"]*)"/.exec(html)![1];

it('are drawn only when near the screen on a phone, and always on a TV', () => {
  const phone = sectionClass(renderToString(<SideGamesBoard sideGames={sideGames} />));
  expect(phone).toContain('[content-visibility:auto]');
  expect(phone).toContain('[contain-intrinsic-size:auto_8rem]');
  expect(sectionClass(renderToString(<SideGamesBoard sideGames={sideGames} tv />))).not.toContain('content-visibility');
  expect(renderToString(<SideGamesBoard sideGames={sideGames} />)).toContain('Longest drive<!-- --> · Hole <!-- -->2');
});
