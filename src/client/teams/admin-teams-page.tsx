// /admin/teams: every team, searchable, sortable and paged on the server; a row opens its details. Staff read; admins change (R8).
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { SortDirection, TeamSort } from '../../shared/admin-schemas';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { useMe } from '../auth/session';
import { formatDateTime } from '../lib/format';
import { useFailureToast } from '../lib/use-failure-toast';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { DownloadLink } from '../ui/download-link';
import { Field } from '../ui/field';
import { Pagination } from '../ui/pagination';
import { SelectField } from '../ui/select-field';
import { PaymentStatusOptions } from '../ui/select-options';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { AddTeamDialog } from './add-team-dialog';
import { adminTeamsQuery, teamListSearch, type TeamListParams } from './admin-queries';
import { TeamDetailsDialog } from './team-details-dialog';

const MOBILE_SORTS: { value: `${TeamSort}:${SortDirection}`; label: string }[] = [
  { value: 'registered:desc', label: 'Newest first' },
  { value: 'registered:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Team A–Z' },
  { value: 'name:desc', label: 'Team Z–A' },
  { value: 'company:asc', label: 'Company A–Z' },
  { value: 'players:asc', label: 'Fewest players' },
  { value: 'status:asc', label: 'Payment status' },
];

const COLUMNS: { sort: TeamSort; label: string; className?: string }[] = [
  { sort: 'name', label: 'Team' },
  { sort: 'company', label: 'Company' },
  { sort: 'players', label: 'Players', className: 'text-right' },
  { sort: 'status', label: 'Payment' },
  { sort: 'registered', label: 'Registered' },
];

const UNFILTERED: TeamListParams = { tournamentId: '', status: '', q: '', sort: 'registered', dir: 'desc', page: 1 };

export function AdminTeamsPage() {
  const isAdmin = useMe().data?.user.role === 'admin';
  // The tournaments come with every answer; the unfiltered one (cached, the page's first) offers them before a filter applies.
  const choices = useQuery({ ...adminTeamsQuery(UNFILTERED), select: (d) => d.tournaments });
  const { tournamentId, picker } = useChosenTournament(choices.data, { anyLabel: 'All tournaments' });
  // `params.tournamentId`: the tournament its page number is of; another one starts at page 1.
  const [params, setParams] = useState<TeamListParams>(UNFILTERED);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const query = { ...params, q, tournamentId, page: params.tournamentId === tournamentId ? params.page : 1 };
  const list = useQuery(adminTeamsQuery(query));
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  useFailureToast(list.isError, 'Failed to load teams');

  const change = (patch: Partial<TeamListParams>) => setParams((p) => ({ ...p, tournamentId, page: 1, ...patch }));
  const sortBy = (sort: TeamSort) =>
    setParams((p) => ({
      ...p,
      page: 1,
      sort,
      dir: p.sort === sort ? (p.dir === 'asc' ? 'desc' : 'asc') : sort === 'registered' || sort === 'players' ? 'desc' : 'asc',
    }));
  const data = list.data;

  return (
    <div className="flex flex-col gap-4">
      <title>Teams · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Teams</h1>
        <div className="flex gap-2">
          <DownloadLink href={`/api/admin/teams/export.csv?${teamListSearch(query, false)}`} label="Export CSV" />
          {isAdmin ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden className="size-4" /> Add Team
            </Button>
          ) : null}
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-3 [&>*]:min-w-0 [&_select]:min-w-0">
        <Field
          label="Search"
          type="search"
          placeholder="Team or company"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            change({});
          }}
        />
        <TournamentPicker {...picker} className="" />
        <SelectField label="Payment" value={params.status} onChange={(e) => change({ status: e.target.value })}>
          <PaymentStatusOptions anyLabel="Any status" />
        </SelectField>
      </div>

      {data && data.total > 0 ? (
        // A phone: one card per team, the sort as a choice (the table's headers sort on a wider screen).
        <div
          aria-busy={list.isFetching || undefined}
          className={cn('flex flex-col gap-3 sm:hidden', list.isFetching && 'opacity-70 transition-opacity')}
        >
          <SelectField
            label="Sort by"
            value={`${params.sort}:${params.dir}`}
            onChange={(e) => {
              const [sort, dir] = e.target.value.split(':') as [TeamSort, SortDirection];
              change({ sort, dir });
            }}
          >
            {MOBILE_SORTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <ul aria-label="Teams" className="flex flex-col gap-2">
            {data.teams.map((team) => (
              <li key={team.id} className="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white p-3">
                <div className="flex items-start justify-between gap-2">
                  <button
                    type="button"
                    className="text-left font-medium text-brand-900 underline-offset-2 hover:underline"
                    onClick={() => setOpenId(team.id)}
                  >
                    {team.name}
                  </button>
                  <PaymentBadge status={team.paymentStatus} />
                </div>
                <p className="text-sm text-stone-700">
                  {team.company || 'No company'} · {team.playerCount} {team.playerCount === 1 ? 'player' : 'players'}
                </p>
                <p className="text-xs text-stone-600">
                  {team.tournamentName} · {formatDateTime(team.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {data && data.total > 0 ? (
        <Table caption="Teams" busy={list.isFetching} className="hidden sm:block">
          <thead>
            <tr>
              {COLUMNS.map((c) => {
                const active = params.sort === c.sort;
                return (
                  <Th
                    key={c.sort}
                    className={c.className}
                    aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={() => sortBy(c.sort)}>
                      {c.label}
                      {active ? (
                        params.dir === 'asc' ? (
                          <ArrowUp aria-hidden className="size-3.5" />
                        ) : (
                          <ArrowDown aria-hidden className="size-3.5" />
                        )
                      ) : null}
                    </button>
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {data.teams.map((team) => (
              <Tr key={team.id} className="cursor-pointer" onClick={() => setOpenId(team.id)}>
                <Td>
                  <button
                    type="button"
                    className="text-left font-medium text-brand-900 hover:underline"
                    onClick={(e) => {
                      e.stopPropagation();
                      setOpenId(team.id);
                    }}
                  >
                    {team.name}
                  </button>
                  <span className="block text-xs text-stone-600">{team.tournamentName}</span>
                </Td>
                <Td>{team.company || <span className="text-stone-500">—</span>}</Td>
                <Td className="text-right tabular-nums">{team.playerCount}</Td>
                <Td className="whitespace-nowrap">
                  <PaymentBadge status={team.paymentStatus} />
                </Td>
                <Td className="whitespace-nowrap">{formatDateTime(team.createdAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <ListState
          loading={list.isPending}
          error={list.isError}
          empty={Boolean(data && data.total === 0)}
          emptyText={q || params.status || tournamentId ? 'No teams match these filters.' : 'No teams registered yet.'}
          errorText="Failed to load teams."
          onRetry={() => void list.refetch()}
        />
      )}
      <Pagination of={data} noun="teams" onPage={(page) => setParams((p) => ({ ...p, tournamentId, page }))} />

      <TeamDetailsDialog teamId={openId} canChange={isAdmin} onClose={() => setOpenId(null)} />
      {isAdmin ? <AddTeamDialog open={adding} onOpenChange={setAdding} defaultTournamentId={tournamentId} /> : null}
    </div>
  );
}
