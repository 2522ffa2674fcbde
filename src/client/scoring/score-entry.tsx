// A team's score sheet (R21), shared by staff (/admin/score-entry) and the team's leader (/register/scores/:teamId): a grid
// on a wide screen, one hole at a time on a phone. Saving replaces the team's scores. A failed save keeps every typed
// score on screen to try again; leaving the page with unsaved scores asks first. A save refused because someone else
// saved the card meanwhile reloads it and puts the user's own changes back on top, to check and save again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SCORE_MESSAGES } from '../../shared/score-schemas';
import { formatLabel } from '../../shared/formats';
import { startingHoleLabel, type ScoreSheet } from '../../shared/tournament-day';
import { ApiError, errorMessage, failureCause } from '../lib/api';
import { notify } from '../lib/toast';
import { useMediaQuery } from '../lib/use-media-query';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { PageSpinner } from '../ui/spinner';
import { HoleByHole } from './hole-by-hole';
import { fetchScoreSheet, scoreSheetQuery, useSaveScores } from './queries';
import { cellsFromScores, collectScores, entryRows, sameCells, teamTotal, withOwnEdits, type Cells } from './score-cells';
import { ScoreGrid } from './score-grid';

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

/** Why the last save failed: each is told in its own words (a server fault is not the connection's). */
type Failure = { cause: 'network' | 'server' | 'changed' } | { cause: 'refused'; message: string };

function failureOf(error: unknown): Failure {
  const cause = failureCause(error);
  if (cause !== 'refused') return { cause };
  const refusal = error as ApiError;
  return refusal.status === 409 && refusal.fields?.version ? { cause: 'changed' } : { cause: 'refused', message: refusal.message };
}

const FAILURE_NOTES = {
  network: 'Not saved: the connection dropped. Your scores are still here: save again when you have a connection.',
  server: 'Not saved: the server had a problem (your connection is fine). Your scores are still here: save again in a moment.',
  changed:
    'Someone else saved scores for this team while you were entering yours. Their scores are shown now, with your changes on top: check them and save again.',
} as const;

const failureNote = (failure: Failure) =>
  failure.cause === 'refused' ? `Not saved: ${failure.message.replace(/\.?$/, '.')} Your scores are still here.` : FAILURE_NOTES[failure.cause];

function ScoreForm({ sheet: loaded, onUnsavedChange }: { sheet: ScoreSheet; onUnsavedChange?: (unsaved: boolean) => void }) {
  // A scramble shows (and sends) its one Team row; the other formats a row per golfer.
  const sheet = { ...loaded, players: entryRows(loaded.players, loaded.rules) };
  const [cells, setCells] = useState<Cells>(() => cellsFromScores(sheet.scores));
  const [saved, setSaved] = useState<Cells>(cells);
  const [failure, setFailure] = useState<Failure | null>(null);
  const queryClient = useQueryClient();
  const save = useSaveScores(sheet.team.id);
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
    if (scores.length === 0) return notify.error(SCORE_MESSAGES.noScores);
    const sent = cells;
    save.mutate(
      { scores, version: sheet.version },
      {
        onSuccess: () => {
          setSaved(sent);
          setFailure(null);
          notify.success('Scores saved');
        },
        onError: (error) => {
          const failed = failureOf(error);
          setFailure(failed);
          if (failed.cause === 'refused') return notify.error(`Failed to save scores: ${failed.message}`);
          if (failed.cause !== 'changed') return notify.error('Failed to save scores');
          notify.error(SCORE_MESSAGES.changed);
          void reloadUnderOwnEdits();
        },
      },
    );
  };
  /**
   * The card someone else saved, with the user's own changes (the cells that differ from the card they started from) on
   * top. Fetched by hand rather than refetched: a failed reload must not turn the page into an error and drop what is
   * typed (the next save is refused again and tries again).
   */
  const reloadUnderOwnEdits = async () => {
    const fresh = await fetchScoreSheet(sheet.team.id).catch(() => null);
    if (!fresh) return;
    const theirs = cellsFromScores(fresh.scores);
    setCells((typed) => withOwnEdits(saved, typed, theirs));
    setSaved(theirs);
    queryClient.setQueryData(scoreSheetQuery(sheet.team.id).queryKey, fresh);
  };
  const { invalid } = collectScores(cells, sheet.players, sheet.holes);
  const failed = failure !== null && unsaved;
  const status = failed
    ? failureNote(failure)
    : unsaved
      ? 'Unsaved changes'
      : collectScores(saved, sheet.players, sheet.holes).scores.length > 0
        ? 'All scores saved'
        : 'No scores yet';

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
          Team total <span className="text-lg font-bold tabular-nums text-stone-900">{teamTotal(cells, sheet.players, sheet.holes, sheet.rules)}</span>
        </p>
      </div>

      {wide ? <ScoreGrid sheet={sheet} cells={cells} onChange={onChange} /> : <HoleByHole sheet={sheet} cells={cells} onChange={onChange} />}

      {invalid.length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {SCORE_MESSAGES.strokes}. An empty box is no score.
        </p>
      ) : null}

      <div className="sticky bottom-0 z-40 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 bg-white px-4 py-2 shadow-sm sm:mx-0 sm:rounded-lg sm:border">
        <p aria-live="polite" className={cn('min-w-0 flex-1 text-sm', failed ? 'font-medium text-red-700' : 'text-stone-700')}>
          {status}
        </p>
        <Button size="lg" onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Scores'}
        </Button>
      </div>
    </div>
  );
}
