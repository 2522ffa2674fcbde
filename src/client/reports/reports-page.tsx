// /admin/reports (admin only, R8; spec §2 Reports): filter the registrations of a tournament by registration date
// (whole days in the server's TIME_ZONE), team and payment status; Generate shows the matching teams with counts and
// money totals over all of them, and the same report downloads as CSV. The tournament is chosen as on every admin page, in
// the address (docs/decisions/102): choosing one shows its whole report, its filters starting over.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney } from '../../shared/money';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../../shared/payment-status';
import { reportFiltersSchema, type ReportFilters } from '../../shared/report-schemas';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { ApiError, errorMessage } from '../lib/api';
import { applyServerErrors } from '../lib/server-errors';
import { formatDate } from '../lib/format';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DownloadLink } from '../ui/download-link';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { NamedOptions, PaymentStatusOptions } from '../ui/select-options';
import { LoadFailed } from '../ui/load-failed';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { reportOptionsQuery, reportQuery, reportSearch, type Report, type ReportParams } from './queries';

type FormValues = { tournamentId: string; teamId: string; from: string; to: string; status: string };
const EMPTY: FormValues = { tournamentId: '', teamId: '', from: '', to: '', status: '' };

export function ReportsPage() {
  const form = useForm<FormValues, unknown, ReportFilters>({ resolver: zodResolver(reportFiltersSchema) as never, defaultValues: EMPTY });
  const { register, handleSubmit, reset, setError, formState } = form;
  // Every tournament (the server's default's teams with them); another tournament's teams in a call of its own.
  const choices = useQuery(reportOptionsQuery(''));
  const labelled = useMemo(
    () => choices.data?.tournaments.map((t) => ({ id: t.id, name: t.active ? `${t.name} (active)` : t.name })),
    [choices.data],
  );
  const { tournamentId, picker } = useChosenTournament(labelled);
  const teamsOf = useQuery({
    ...reportOptionsQuery(tournamentId === choices.data?.tournamentId ? '' : tournamentId),
    enabled: Boolean(tournamentId),
  });
  const options = tournamentId === choices.data?.tournamentId ? choices : teamsOf;
  const [params, setParams] = useState<ReportParams | null>(null);
  const report = useQuery(reportQuery(params));

  // A tournament chosen (or its default arrived): the form takes it, its other filters start over, and its whole report shows.
  useEffect(() => {
    if (!tournamentId) return;
    reset({ ...EMPTY, tournamentId });
    setParams({ ...EMPTY, tournamentId, page: 1 });
  }, [tournamentId, reset]);

  useFailureToast(choices.isError || teamsOf.isError, 'Failed to load data');
  useEffect(() => {
    const error = report.error;
    if (!error) return;
    if (!applyServerErrors({ setError }, error)) notify.error(errorMessage(error, 'Failed to generate the report'));
  }, [report.error, setError]);

  const generate = handleSubmit((values) =>
    setParams({
      tournamentId: values.tournamentId ?? '',
      teamId: values.teamId ?? '',
      from: values.from ?? '',
      to: values.to ?? '',
      status: values.status ?? '',
      page: 1,
    }),
  );
  const noTournaments = choices.data?.tournaments.length === 0;
  // The choices never came: say so with Try again, rather than a select that reads 'Loading…' for good.
  const choicesFailed = choices.isError && !choices.data;
  const canGenerate = Boolean(tournamentId);
  const data = report.data;
  const shown = data && params && !report.isError ? data : null;
  const tournamentName = shown
    ? (choices.data?.tournaments.find((t) => t.id === shown.tournamentId)?.name ??
      shown.tournaments.find((t) => t.id === shown.tournamentId)?.name)
    : null;

  return (
    <div className="flex flex-col gap-4">
      <title>Reports · Admin · Golf Tournament</title>
      <h1 className="text-2xl font-bold">Reports</h1>

      <Card className="p-4 sm:p-5">
        <form
          onSubmit={generate}
          noValidate
          aria-label="Report filters"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 [&>*]:min-w-0 [&_select]:min-w-0"
        >
          <TournamentPicker
            {...picker}
            className="lg:col-span-2"
            disabled={!canGenerate}
            error={formState.errors.tournamentId?.message}
            placeholder={tournamentId ? undefined : noTournaments ? 'No tournaments' : choicesFailed ? 'Not loaded' : 'Loading…'}
          />
          <SelectField label="Team" className="lg:col-span-2" {...register('teamId')} error={formState.errors.teamId?.message}>
            <NamedOptions items={options.data?.teams} anyLabel="All teams" />
          </SelectField>
          <SelectField label="Payment status" className="lg:col-span-2" {...register('status')} error={formState.errors.status?.message}>
            <PaymentStatusOptions anyLabel="Any status" />
          </SelectField>
          <Field
            label="Registered from"
            type="date"
            className="lg:col-span-2"
            {...register('from')}
            error={formState.errors.from?.message}
          />
          <Field label="Registered to" type="date" className="lg:col-span-2" {...register('to')} error={formState.errors.to?.message} />
          <div className="flex items-end lg:col-span-2">
            <Button type="submit" className="h-11 w-full sm:h-10" disabled={!canGenerate}>
              {report.isFetching ? 'Generating…' : 'Generate'}
            </Button>
          </div>
        </form>
      </Card>

      {choicesFailed ? (
        <LoadFailed
          message="Failed to load data."
          onRetry={() => void choices.refetch()}
          className="rounded-lg border border-stone-200 bg-white"
        />
      ) : noTournaments ? (
        <p className="py-8 text-center text-stone-600">There are no tournaments to report on. Create one under Tournaments.</p>
      ) : shown ? (
        <ReportResult
          report={shown}
          tournamentName={tournamentName ?? ''}
          params={params!}
          fetching={report.isFetching}
          onPage={(page) => setParams((p) => (p ? { ...p, page } : p))}
        />
      ) : (
        <ListState
          loading={params != null && report.isPending}
          error={report.isError && !(report.error instanceof ApiError && report.error.fields)}
          empty={false}
          emptyText=""
          onRetry={() => void report.refetch()}
        />
      )}
    </div>
  );
}

function ReportResult({
  report,
  tournamentName,
  params,
  fetching,
  onPage,
}: {
  report: Report;
  tournamentName: string;
  params: ReportParams;
  fetching: boolean;
  onPage: (page: number) => void;
}) {
  const money = (cents: number) => formatMoney(cents, report.currency);
  const { totals } = report;
  const period =
    params.from || params.to
      ? `Registered ${params.from ? `from ${formatDate(params.from)}` : ''}${params.from && params.to ? ' ' : ''}${params.to ? `to ${formatDate(params.to)}` : ''}`
      : 'All registration dates';
  return (
    <section
      aria-labelledby="report-title"
      aria-busy={fetching || undefined}
      className={fetching ? 'flex flex-col gap-4 opacity-70 transition-opacity' : 'flex flex-col gap-4'}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="report-title" className="text-lg font-semibold">
            {tournamentName}
          </h2>
          <p className="text-sm text-stone-600">
            {period} ({report.timeZone})
            {params.status ? ` · ${PAYMENT_STATUS_LABELS[params.status as keyof typeof PAYMENT_STATUS_LABELS]}` : ''}
            {params.teamId ? ' · one team' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <DownloadLink
            href={`/api/admin/reports.csv?${reportSearch({ ...params, tournamentId: params.tournamentId || (report.tournamentId ?? '') }, false)}`}
            label="Download CSV"
          />
          <DownloadLink
            href={`/api/admin/payments/export.csv?tournamentId=${encodeURIComponent(params.tournamentId || (report.tournamentId ?? ''))}`}
            label="Every money line (CSV)"
          />
        </div>
      </div>

      <div aria-label="Totals" role="group" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label="Teams" value={totals.teams.toLocaleString('en-US')} />
        <Stat label="Golfers" value={totals.golfers.toLocaleString('en-US')} />
        <Stat label="Expected" value={money(totals.expectedCents)} />
        <Stat label="Received (paid)" value={money(totals.receivedCents)} tone="text-green-800" />
        <Stat label="Outstanding" value={money(totals.outstandingCents)} tone="text-amber-800" className="col-span-2 lg:col-span-1" />
      </div>
      <p className="text-sm text-stone-600">
        The money here is the team places'. Gifts, sponsorships, add-ons and auction lots are with them on the Payments page and the
        Dashboard.
      </p>
      {totals.byStatus.expired > 0 ? (
        // Expired holds (R24) are counted apart: their money is neither expected nor outstanding.
        <p className="text-sm text-stone-700">
          {totals.byStatus.expired} expired {totals.byStatus.expired === 1 ? 'team' : 'teams'} released {money(totals.expiredCents)} (not
          counted as expected).
        </p>
      ) : null}
      <ul aria-label="Teams by payment status" className="flex flex-wrap gap-2 text-sm">
        {PAYMENT_STATUSES.map((s) => (
          <li key={s} className="flex items-center gap-1.5 rounded-md border border-stone-200 bg-white px-2.5 py-1">
            <PaymentBadge status={s} /> <span className="font-semibold tabular-nums">{totals.byStatus[s]}</span>
          </li>
        ))}
      </ul>

      {report.total === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white py-8 text-center text-stone-700">
          No registrations match these filters.
        </p>
      ) : (
        // A phone: one card per registration, every figure in view.
        <ul aria-label={`Registrations of ${tournamentName}`} className="flex flex-col gap-2 sm:hidden">
          {report.rows.map((r) => (
            <li key={r.id} className="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{r.name}</p>
                  <p className="text-xs text-stone-600">{r.company || 'No company'}</p>
                </div>
                <p className="font-semibold tabular-nums">{money(r.amountCents)}</p>
              </div>
              <div className="flex items-center justify-between gap-2 text-sm text-stone-700">
                <span>
                  {r.levelName ?? 'No level'} · {formatDate(r.registeredOn)}
                </span>
                <PaymentBadge status={r.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {report.total === 0 ? null : (
        <Table caption={`Registrations of ${tournamentName}`} className="hidden sm:block">
          <thead>
            <tr>
              <Th>Team / company</Th>
              <Th>Level</Th>
              <Th>Registered</Th>
              <Th>Status</Th>
              <Th className="text-right">Amount</Th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <Tr key={r.id}>
                <Td>
                  <span className="font-medium">{r.name}</span>
                  <span className="block text-xs text-stone-600">{r.company || 'No company'}</span>
                </Td>
                <Td>{r.levelName ?? <span className="text-stone-500">—</span>}</Td>
                <Td className="whitespace-nowrap">{formatDate(r.registeredOn)}</Td>
                <Td className="whitespace-nowrap">
                  <PaymentBadge status={r.status} />
                </Td>
                <Td className="text-right tabular-nums">{money(r.amountCents)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      {report.pages > 1 ? <Pager report={report} onPage={onPage} /> : null}
    </section>
  );
}

function Stat({ label, value, tone, className }: { label: string; value: string; tone?: string; className?: string }) {
  return (
    <div className={`rounded-lg border border-stone-200 bg-white p-3 shadow-sm sm:p-4 ${className ?? ''}`}>
      <p className="text-sm font-medium text-stone-600">{label}</p>
      <p className={`mt-1 text-xl font-bold tabular-nums sm:text-2xl ${tone ?? ''}`}>{value}</p>
    </div>
  );
}

function Pager({ report, onPage }: { report: Report; onPage: (page: number) => void }) {
  const from = (report.page - 1) * report.pageSize + 1;
  const to = Math.min(report.total, report.page * report.pageSize);
  return (
    <nav aria-label="Report pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
      <p>
        {from}–{to} of {report.total.toLocaleString('en-US')} teams
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={report.page <= 1} onClick={() => onPage(report.page - 1)}>
          Previous
        </Button>
        <span aria-current="page">
          Page {report.page} of {report.pages}
        </span>
        <Button variant="secondary" size="sm" disabled={report.page >= report.pages} onClick={() => onPage(report.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
