// /admin/score-report (staff, R8, R22, R28–R30, R32): any tournament's leaderboard, active or not: position (T2 for ties,
// or won/lost on countback), team, to par (Net and Gross with net scoring), holes played, total and each player's total;
// below it, any team's score history (R32).
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { AdminHeading } from '../admin/admin-heading';
import { formatDateTime } from '../lib/format';
import { useFailureToast } from '../lib/use-failure-toast';
import { LeaderboardBoard } from '../leaderboard/leaderboard-board';
import { Button } from '../ui/button';
import { LoadFailed } from '../ui/load-failed';
import { ListState } from '../ui/table';
import { TournamentPicker } from '../admin/tournament-picker';
import { ChoicesState, useChosenScoringTournament } from './chosen-tournament';
import { scoreReportQuery } from './queries';
import { ScoreHistory } from './score-history';

export function ScoreReportPage() {
  const { choices, tournament, picker } = useChosenScoringTournament();
  const report = useQuery(scoreReportQuery(tournament?.id ?? ''));

  useFailureToast(report.isError, 'Failed to load score report');

  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Score Report">
        Teams with at least one score, ranked by strokes against the par of the holes each has played (net, where the tournament scores
        net); ties among finished teams are decided by countback.
      </AdminHeading>

      <ChoicesState choices={choices} />

      {tournament ? (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <TournamentPicker {...picker} />
            <div className="flex items-center gap-3 text-sm text-stone-600">
              {/* The button first: the time arriving beside it does not move it. */}
              <Button variant="secondary" size="sm" onClick={() => void report.refetch()} disabled={report.isFetching}>
                <RefreshCw aria-hidden className="size-4" />
                Refresh
              </Button>
              {report.data ? <span>Updated {formatDateTime(report.data.updatedAt)}</span> : null}
            </div>
          </div>
          {report.isError && !report.data ? (
            <LoadFailed
              message="Failed to load score report."
              onRetry={() => void report.refetch()}
              className="rounded-lg border border-stone-200 bg-white"
            />
          ) : report.data ? (
            <LeaderboardBoard board={report.data} emptyText="No scores yet for this tournament." />
          ) : (
            <ListState loading error={false} empty={false} emptyText="" />
          )}
          {/* Below the board: shown once the board has come, or it would be pushed down on arrival. */}
          {report.isPending ? null : <ScoreHistory key={tournament.id} teams={tournament.teams} />}
        </>
      ) : null}
    </div>
  );
}
