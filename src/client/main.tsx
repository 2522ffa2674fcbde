/// <reference types="vite/client" />
// The entry every document names. A phone opening the live board keeps the server's page, kept live by the board's own
// small script (board-island.ts, docs/decisions/133): React is loaded but neither renders nor hydrates until the page
// needs it. Every other page, and the board wherever the island does not serve, is the app's at once (app.tsx).
import { startApp, type Handover } from './app';
import { islandServes, watchTvMode } from './leaderboard/island-gate';
import './index.css';

const root = document.getElementById('root')!;
let island: { stop(): Handover } | undefined;
let started = false;
/** The app takes the page: at once, or when the island hands it over (with the boards it has). Once. */
const start = () => {
  if (started) return;
  started = true;
  startApp(root, island?.stop());
};
watchTvMode(root, start);
if (islandServes(root))
  void import('./leaderboard/board-island').then((module) => {
    if (!started) island = module.startBoardIsland(root, start);
  });
else start();
