// /admin/check-in, shown as Golfers (staff): pick an active tournament, search its golfers (paged on the server), check each in
// (saved with who and when, R19); admins also add golfers and delete them behind a confirmation.
import { useQuery } from '@tanstack/react-query';
import { Plus, ScanLine, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { useMe } from '../auth/session';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { useDebounced } from '../lib/use-debounced';
import { useFailureToast } from '../lib/use-failure-toast';
import { HandicapField } from './handicap-field';
import { activeTournamentsQuery } from '../registration/queries';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Field } from '../ui/field';
import { Pagination } from '../ui/pagination';
import { Switch } from '../ui/switch';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { CheckInTally, useCheckInTally } from './check-in-tally';

import { GolferAddons } from './golfer-addons';
import { golfersQuery, useDeleteGolfer, useSetCheckIn, type Golfer } from './queries';

// R61: the page's first load is at most 120 KB gzip (bench/bundle-size.ts, decision 116). Scan and its QR decoder load
// when Scan is first opened; Add Golfer (its form: zod, react-hook-form) and the delete confirmation (the Radix dialog)
// when first opened, and are fetched ahead when the pointer or the focus reaches their button.
const ScanPanel = lazy(() => import('./scan-panel').then((m) => ({ default: m.ScanPanel })));
const loadAddGolfer = () => import('./add-golfer-dialog');
const AddGolferDialog = lazy(() => loadAddGolfer().then((m) => ({ default: m.AddGolferDialog })));
const loadDialog = () => import('../ui/dialog');
const ConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));
/** Props that fetch a lazy dialog's code as the pointer or the focus reaches the button that opens it. */
const prefetch = (load: () => Promise<unknown>) => {
  const start = () => void load().catch(() => undefined); // a failed fetch is retried, and reported, when the dialog opens
  return { onPointerEnter: start, onFocus: start };
};

const nameOf = (g: Golfer) => `${g.firstName} ${g.lastName}`;
/** spec §8's words for this page, whichever of its lists failed. */
const LOAD_FAILED = 'Failed to load players.';

/** `only`: a check-in volunteer's page (R60) shows their one tournament (the server refuses any other). */
export function GolfersPage({ only }: { only?: string } = {}) {
  const { data: me } = useMe();
  const isAdmin = me?.user.role === 'admin';
  const tournaments = useQuery(activeTournamentsQuery);
  const choices = only ? tournaments.data?.tournaments.filter((t) => t.id === only) : tournaments.data?.tournaments;
  const { tournamentId, picker } = useChosenTournament(choices);
  const currency = tournaments.data?.currency ?? 'USD';
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  // A new search or tournament starts again at page 1 (adjusted while rendering, not in an effect).
  const [pagedFor, setPagedFor] = useState({ q, tournamentId });
  if (pagedFor.q !== q || pagedFor.tournamentId !== tournamentId) {
    setPagedFor({ q, tournamentId });
    setPage(1);
  }
  const golfers = useQuery(golfersQuery(tournamentId, q, page));
  const checkIn = useSetCheckIn();
  const remove = useDeleteGolfer();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Golfer | null>(null);
  const [scanning, setScanning] = useState(false);
  const tally = useCheckInTally(tournamentId);

  useFailureToast(golfers.isError, 'Failed to load players');

  const onCheckIn = (golfer: Golfer, checkedIn: boolean) =>
    checkIn.mutate(
      { id: golfer.id, checkedIn },
      { onError: (error) => notify.error(errorMessage(error, `Failed to save check-in for ${nameOf(golfer)}`)) },
    );
  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify.success(`${nameOf(deleting)} deleted`),
      onError: () => notify.error('Failed to delete golfer'),
      onSettled: () => setDeleting(null),
    });
  };

  const list = choices ?? [];
  const rows = golfers.data?.golfers ?? [];
  return (
    <div className="flex flex-col gap-4">
      <title>Golfers · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Golfers</h1>
        {tournamentId ? (
          <div className="flex flex-wrap gap-2">
            {/* R61: the camera reads a golfer's QR code. */}
            <Button onClick={() => setScanning(true)} disabled={scanning}>
              <ScanLine aria-hidden className="size-4" /> Scan
            </Button>
            {isAdmin ? (
              <Button variant="secondary" onClick={() => setAdding(true)} {...prefetch(loadAddGolfer)}>
                <Plus aria-hidden className="size-4" /> Add Golfer
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {tournaments.isPending ? <ListState loading error={false} empty={false} emptyText="" /> : null}
      {tournaments.isError ? (
        <ListState loading={false} error empty={false} emptyText="" errorText={LOAD_FAILED} onRetry={() => void tournaments.refetch()} />
      ) : null}
      {tournaments.isSuccess && list.length === 0 ? <p className="py-8 text-center text-stone-600">No active tournaments.</p> : null}

      {tournamentId ? (
        <>
          {scanning ? (
            <Suspense fallback={<p className="text-stone-700">Opening Scan…</p>}>
              <ScanPanel tournamentId={tournamentId} onClose={() => setScanning(false)} />
            </Suspense>
          ) : null}
          <CheckInTally tally={tally} />
          <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
            <TournamentPicker {...picker} className="" />
            <Field
              label="Search"
              type="search"
              placeholder="Golfer, e-mail or team"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {golfers.data ? (
            <p className="text-sm text-stone-700" aria-live="polite">
              {q ? `${golfers.data.total.toLocaleString()} golfer(s) match · ` : `${golfers.data.total.toLocaleString()} golfer(s) · `}
              {golfers.data.checkedIn.toLocaleString()} checked in
            </p>
          ) : null}
          <ListState
            loading={golfers.isPending}
            error={golfers.isError && !golfers.data}
            empty={golfers.isSuccess && rows.length === 0}
            emptyText={q ? `No golfers match “${q}”.` : 'No golfers registered for this tournament yet.'}
            errorText={LOAD_FAILED}
            onRetry={() => void golfers.refetch()}
          />
          {rows.length > 0 ? (
            // A phone at the check-in desk: one card per golfer, the switch within reach, no sideways scrolling.
            <ul
              aria-label="Golfers"
              aria-busy={golfers.isPlaceholderData || undefined}
              className={cn('flex flex-col gap-2 sm:hidden', golfers.isPlaceholderData && 'opacity-60')}
            >
              {rows.map((golfer) => (
                <li key={golfer.id} className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white p-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{nameOf(golfer)}</p>
                    <p className="text-sm text-stone-700">{golfer.teamName}</p>
                    {golfer.checkedIn && golfer.checkedInAt ? (
                      <p className="text-xs text-stone-600">
                        {formatDateTime(golfer.checkedInAt)}
                        {golfer.checkedInBy ? ` by ${golfer.checkedInBy}` : ''}
                      </p>
                    ) : null}
                    <GolferAddons golfer={golfer} name={nameOf(golfer)} tournamentId={tournamentId} currency={currency} />
                  </div>
                  <HandicapField golfer={golfer} name={nameOf(golfer)} />
                  <div className="flex flex-col items-center gap-0.5">
                    <Switch
                      checked={golfer.checkedIn}
                      label={`Checked in: ${nameOf(golfer)}`}
                      onChange={(next) => onCheckIn(golfer, next)}
                    />
                    <span aria-hidden className="text-xs text-stone-600">
                      Checked in
                    </span>
                  </div>
                  {isAdmin ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${nameOf(golfer)}`}
                      onClick={() => setDeleting(golfer)}
                      {...prefetch(loadDialog)}
                    >
                      <Trash2 aria-hidden className="size-4 text-red-700" />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {rows.length > 0 ? (
            <Table caption="Golfers" busy={golfers.isPlaceholderData} className="hidden sm:block">
              <thead>
                <tr>
                  <Th>Golfer</Th>
                  <Th>Team</Th>
                  <Th>Handicap Index</Th>
                  <Th>Checked in</Th>
                  <Th>Add-ons</Th>
                  {isAdmin ? (
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((golfer) => (
                  <Tr key={golfer.id}>
                    <Td>
                      <span className="font-medium">{nameOf(golfer)}</span>
                      <span className="block break-all text-xs text-stone-600">{golfer.email}</span>
                    </Td>
                    <Td>{golfer.teamName}</Td>
                    <Td>
                      <HandicapField golfer={golfer} name={nameOf(golfer)} label="Index" />
                    </Td>
                    <Td>
                      <div className="flex items-center gap-3">
                        <Switch
                          checked={golfer.checkedIn}
                          label={`Checked in: ${nameOf(golfer)}`}
                          onChange={(next) => onCheckIn(golfer, next)}
                        />
                        {golfer.checkedIn && golfer.checkedInAt ? (
                          <span className="text-xs text-stone-600">
                            {formatDateTime(golfer.checkedInAt)}
                            {golfer.checkedInBy ? ` by ${golfer.checkedInBy}` : ''}
                          </span>
                        ) : null}
                      </div>
                    </Td>
                    <Td>
                      <GolferAddons golfer={golfer} name={nameOf(golfer)} tournamentId={tournamentId} currency={currency} />
                    </Td>
                    {isAdmin ? (
                      <Td className="text-right">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Delete ${nameOf(golfer)}`}
                          onClick={() => setDeleting(golfer)}
                          {...prefetch(loadDialog)}
                        >
                          <Trash2 aria-hidden className="size-4 text-red-700" />
                        </Button>
                      </Td>
                    ) : null}
                  </Tr>
                ))}
              </tbody>
            </Table>
          ) : null}
          <Pagination of={golfers.data} noun="golfers" onPage={setPage} />
          {isAdmin && adding ? (
            <Suspense fallback={null}>
              <AddGolferDialog tournamentId={tournamentId} open onOpenChange={setAdding} />
            </Suspense>
          ) : null}
        </>
      ) : null}

      {deleting ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete golfer?"
            message={
              <p>
                <strong>{nameOf(deleting)}</strong> will be removed from {deleting.teamName}, with their check-in and scores. This cannot be
                undone.
              </p>
            }
            confirmLabel="Delete Golfer"
            busy={remove.isPending}
            onConfirm={onDelete}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
