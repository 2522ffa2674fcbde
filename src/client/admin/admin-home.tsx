// The admin Dashboard (spec §2): choose an active tournament (default the newest) and see its teams, payments and check-ins.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleDollarSign, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { dashboardQuery } from '../dashboard/queries';
import { formatDateRange } from '../lib/format';
import { activeTournamentsQuery } from '../registration/queries';
import { useFailureToast } from '../lib/use-failure-toast';
import { MoneyCards } from './money-cards';
import { TournamentPicker, useChosenTournament } from './tournament-picker';
import { RaisedChart } from '../dashboard/raised-chart';
import { Card } from '../ui/card';
import { ListState } from '../ui/table';

function StatCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: string; icon: ReactNode }) {
  return (
    <Card compact className="flex items-start justify-between gap-3">
      <div>
        <h2 className="text-sm font-medium text-stone-600">{label}</h2>
        <p className="mt-1 text-3xl font-bold tabular-nums text-stone-900">{value}</p>
        {hint ? <p className="mt-1 text-xs text-stone-600">{hint}</p> : null}
      </div>
      <span aria-hidden className="rounded-full bg-brand-50 p-2 text-brand-800">
        {icon}
      </span>
    </Card>
  );
}

export function AdminHome() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const dashboard = useQuery({ ...dashboardQuery(tournamentId), enabled: Boolean(tournamentId) });
  useFailureToast(tournaments.isError || dashboard.isError, 'Failed to load data');

  const data = dashboard.data;
  return (
    <div className="flex flex-col gap-5">
      <title>Dashboard · Admin · Golf Tournament</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Dashboard</h1>
          {/* Its line is kept while the figures load, so the picker and the cards below do not move down when it comes. */}
          <p className="text-sm text-stone-600">
            {data?.tournament ? formatDateRange(data.tournament.startDate, data.tournament.endDate) : '\u00a0'}
          </p>
        </div>
        {tournaments.isPending || tournamentId ? (
          <TournamentPicker {...picker} className="sm:w-72" loading={tournaments.isPending} />
        ) : null}
      </div>

      <ListState
        loading={tournaments.isPending || (Boolean(tournamentId) && dashboard.isPending)}
        error={(tournaments.isError || dashboard.isError) && !data}
        empty={tournaments.isSuccess && !tournamentId}
        emptyText="No active tournaments yet. Open a tournament to see its figures here."
        onRetry={() => void (tournaments.isError ? tournaments.refetch() : dashboard.refetch())}
      />

      {data?.stats ? (
        <>
          <section
            aria-label="Teams"
            aria-busy={dashboard.isFetching || undefined}
            className={dashboard.isFetching ? 'opacity-60 transition-opacity' : undefined}
          >
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatCard label="Total Teams" value={data.stats.totalTeams} icon={<Users className="size-5" />} />
              <StatCard label="Paid" value={data.stats.paid} icon={<CircleDollarSign className="size-5" />} />
              <StatCard
                label="Pending/Hold"
                value={data.stats.pendingHold}
                hint={data.stats.inProgress ? `${data.stats.inProgress} more in progress` : undefined}
                icon={<Clock className="size-5" />}
              />
              <StatCard
                label="Checked-In"
                value={data.stats.checkedIn}
                hint="Teams with all golfers in"
                icon={<CheckCircle2 className="size-5" />}
              />
            </div>
          </section>
          <MoneyCards
            label="Money"
            expiredCents={data.stats.expiredCents}
            expiredTeams={data.stats.expired}
            expectedCents={data.stats.expectedCents}
            receivedCents={data.stats.receivedCents}
            outstandingCents={data.stats.outstandingCents}
            currency={data.currency}
            cardClassName="sm:p-5"
          />
          {data.raised ? <RaisedChart raised={data.raised} currency={data.currency} /> : null}
        </>
      ) : null}
    </div>
  );
}
