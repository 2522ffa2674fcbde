// A team's score sheet (R21), shared by staff (/admin/score-entry) and the team's leader (/register/scores/:teamId): a grid
// on a wide screen, one hole at a time on a phone. Saving keeps the changed cells on the phone and sends them when it can
// (R32, outbox.ts): each hole says 'Unsaved changes', 'Saved on this phone' or 'Synced', the bar counts the saves
// waiting, and a cell someone else changed meanwhile is shown with both values to choose from. Leaving the page with
// unsaved scores asks first.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SCORE_MESSAGES } from '../../shared/score-schemas';
import { formatLabel } from '../../shared/formats';
import { startingHoleLabel } from '../../shared/tournament-day';
import type { ScoreSheet } from './queries';
import { errorMessage, failureCause } from '../lib/api';
import { notify } from '../lib/toast';
import { useMediaQuery } from '../lib/use-media-query';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { PageSpinner } from '../ui/spinner';
import { HoleByHole } from './hole-by-hole';
import { queueSave, resolveConflict } from './outbox';
import { scoreSheetQuery } from './queries';
import {
  cellsFromScores,
  changedCells,
  collectScores,
  entryRows,
  holeChanged,
  sameCells,
  teamTotal,
  withChanges,
  withOwnEdits,
  type Cells,
} from './score-cells';
import { ScoreGrid } from './score-grid';
import { useOnline } from '../offline/use-online';
import { ConflictList, waitingText, type HoleSync } from './sync-status';
import { useTeamOutbox } from './use-team-outbox';

/** `onUnsavedChange` tells the page whether there is anything unsaved (the staff page asks before switching teams). */
export function ScoreEntry({ teamId, onUnsavedChange }: { teamId: string; onUnsavedChange?: (unsaved: boolean) => void }) {
  const sheet = useQuery(scoreSheetQuery(teamId));
  if (sheet.isPending) return <PageSpinner label="Loading scores…" />;
  if (sheet.isError) {
    return (
      <div role="alert" className="rounded-lg border border-stone-200 bg-white p-5 text-red-700">
        <p>{errorMessage(sheet.error, 'Failed to load scores')}</p>
        {failureCause(sheet.error) !== 'refused' ? (
          <Button variant="secondary" className="mt-3" onClick={() => void sheet.refetch()}>
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  return <ScoreForm key={teamId} sheet={sheet.data} onUnsavedChange={onUnsavedChange} />;
}

export const LEAVE_UNSAVED = 'Your scores are not saved yet. Leave without saving them?';

/**
 * While scores are unsaved, leaving asks first: closing or reloading the page (the browser's own question) and following
 * a link inside the app (ours; declarative routing has no navigation blocker, so the click is caught before the router).
 */
function useConfirmLeaving(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || window.confirm(LEAVE_UNSAVED)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [unsaved]);
}

function ScoreForm({ sheet: loaded, onUnsavedChange }: { sheet: ScoreSheet; onUnsavedChange?: (unsaved: boolean) => void }) {
  // A scramble shows (and sends) its one Team row; the other formats a row per golfer.
  const sheet = { ...loaded, players: entryRows(loaded.players, loaded.rules) };
  const teamId = sheet.team.id;
  const outbox = useTeamOutbox(teamId);
  const online = useOnline();
  // What this phone holds: the card as last read from the server, with the saves not yet synced laid over it.
  const saved = useMemo(() => withChanges(cellsFromScores(sheet.scores), outbox.saves), [sheet.scores, outbox.saves]);
  const [cells, setCells] = useState<Cells>(saved);
  const previous = useRef(saved);
  // A save synced, another scorer's card arrived, or the outbox was read: keep what is typed and not saved on top.
  useEffect(() => {
    if (sameCells(previous.current, saved)) return;
    const before = previous.current;
    previous.current = saved;
    setCells((typed) => withOwnEdits(before, typed, saved));
  }, [saved]);
  const wide = useMediaQuery('(min-width: 768px)');
  const unsaved = !sameCells(cells, saved);
  useConfirmLeaving(unsaved);
  useEffect(() => {
    onUnsavedChange?.(unsaved);
    return () => onUnsavedChange?.(false);
  }, [unsaved, onUnsavedChange]);

  if (sheet.holes.length === 0) {
    return (
      <p className="rounded-lg border border-stone-200 bg-white p-5 text-stone-700">
        {sheet.tournament.name} has no golf course yet. Scores can be entered once the organiser assigns its course.
      </p>
    );
  }

  const onChange = (key: string, text: string) => setCells((current) => ({ ...current, [key]: text }));
  const onSave = () => {
    const { scores, invalid } = collectScores(cells, sheet.players, sheet.holes);
    if (invalid.length > 0) return notify.error(SCORE_MESSAGES.strokes);
    const changes = changedCells(saved, cells, sheet.players, sheet.holes);
    if (changes.length === 0) return scores.length === 0 ? notify.error(SCORE_MESSAGES.noScores) : notify.success('Scores saved');
    // Kept on the phone first (R32): the outbox sends it now, or when the connection returns.
    queueSave(teamId, changes).then(
      () => notify.success(navigator.onLine ? 'Scores saved' : 'Saved on this phone. They are sent when the connection returns.'),
      () => notify.error('Failed to save scores: this browser would not keep them. Your scores are still here: try again.'),
    );
  };

  const { invalid } = collectScores(cells, sheet.players, sheet.holes);
  const waiting = new Set(outbox.saves.flatMap((save) => save.changes.map((c) => c.holeNumber)));
  const onServer = new Set(sheet.scores.map((s) => s.holeNumber));
  // A hole with a change not saved yet says so first: its old 'Synced' would be about other numbers than those shown.
  const holeStatus = (hole: number): HoleSync =>
    holeChanged(saved, cells, sheet.players, hole) ? 'unsaved' : waiting.has(hole) ? 'phone' : onServer.has(hole) ? 'synced' : null;
  const status = unsaved
    ? 'Unsaved changes'
    : (waitingText(outbox.saves.length, online) ??
      (collectScores(saved, sheet.players, sheet.holes).scores.length > 0 ? 'All scores synced' : 'No scores yet'));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-1">
        <div>
          <h2 className="text-xl font-semibold">{sheet.team.name}</h2>
          <p className="text-sm text-stone-700">
            {sheet.tournament.name}
            {sheet.team.startingHole != null ? ` · Starting hole ${startingHoleLabel(sheet.team.startingHole, sheet.team.startGroup)}` : ''}
            {` · ${formatLabel(sheet.rules)}`}
          </p>
        </div>
        <p className="text-sm text-stone-700">
          Team total{' '}
          <span className="text-lg font-bold tabular-nums text-stone-900">{teamTotal(cells, sheet.players, sheet.holes, sheet.rules)}</span>
        </p>
      </div>

      <ConflictList conflicts={outbox.conflicts} players={sheet.players} onResolve={(c, keep) => void resolveConflict(c, keep)} />
      {outbox.refused ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {outbox.refused}
        </p>
      ) : null}

      {wide ? (
        <ScoreGrid sheet={sheet} cells={cells} onChange={onChange} holeStatus={holeStatus} />
      ) : (
        <HoleByHole sheet={sheet} cells={cells} onChange={onChange} holeStatus={holeStatus} />
      )}

      {invalid.length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {SCORE_MESSAGES.strokes}. An empty box is no score.
        </p>
      ) : null}

      <div className="sticky bottom-0 z-40 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 bg-white px-4 py-2 shadow-sm sm:mx-0 sm:rounded-lg sm:border">
        <p
          aria-live="polite"
          data-sync-status
          className={cn('min-w-0 flex-1 text-sm', outbox.saves.length > 0 ? 'font-medium text-amber-900' : 'text-stone-700')}
        >
          {status}
        </p>
        <Button size="lg" onClick={onSave}>
          Save Scores
        </Button>
      </div>
    </div>
  );
}
