// The tournaments, newest first: a table on wide screens, a stack of cards on a phone; on each: Edit, open/close, the
// starting-hole draw and its starting sheet, a copy for the next year, and once it is over its thank-you and results (R59).
import { ClipboardList, Copy, HeartHandshake, Pencil, Power, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../router';
import { notifyFailure } from '../admin/notify-failure';
import { formatDateRange } from '../lib/format';
import { notify } from '../lib/toast';
import { AssignTeamsButton } from '../starting-holes/assign-teams-button';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ActionsTh, ListState, Table, Td, Th, Tr } from '../ui/table';
import { ConfirmDialog } from '../ui/dialog';
import { isFinished, resultsPath } from '../../shared/results';
import { CopyTournamentDialog } from './copy-tournament-dialog';
import { useSendThankYou, useSetTournamentActive, type AdminTournamentItem } from './queries';

/** The browser's own zone: only whether to offer the thank-you (the server decides in the organisation's, and refuses early). */
const over = (t: AdminTournamentItem) => isFinished(t.startDate, t.endDate, new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/** R59: after a confirmation, every golfer, sponsor and donor gets one thank-you (sent again: only those not thanked yet). */
function ThankYouButton({ tournament }: { tournament: AdminTournamentItem }) {
  const [open, setOpen] = useState(false);
  const send = useSendThankYou();
  const confirm = () =>
    send.mutate(tournament.id, {
      onSuccess: ({ recipientCount }) =>
        notify.success(`Thank-you queued for ${recipientCount} ${recipientCount === 1 ? 'person' : 'people'}: follow it on Messages`),
      onError: notifyFailure('Thank-you not sent'),
      onSettled: () => setOpen(false),
    });
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <HeartHandshake aria-hidden className="size-4" />
        Send Thank-you<span className="sr-only"> for {tournament.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Send the thank-you?"
        message={
          <p>
            Every golfer, sponsor and donor of <strong>{tournament.name}</strong> gets one e-mail with the final board, the side-game
            winners, what was raised and a link to the results page. Anyone already thanked is not written to again.
          </p>
        }
        confirmLabel="Send Thank-you"
        busy={send.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

interface ListProps {
  tournaments: AdminTournamentItem[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onEdit: (id: string) => void;
}

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        active ? 'bg-green-100 text-green-900 ring-green-700/30' : 'bg-stone-200 text-stone-800 ring-stone-600/30',
      )}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}

const teamsLabel = (t: AdminTournamentItem) => `${t.teamsRegistered} / ${t.maxTeams ?? 'no limit'}`;

/** A date range that may break at its dash, never inside a date: the table keeps its room for the buttons. */
function Dates({ t }: { t: AdminTournamentItem }) {
  const [start, end] = formatDateRange(t.startDate, t.endDate).split(' – ');
  return (
    <>
      <span className="whitespace-nowrap">{start}</span>
      {end ? (
        <>
          {' – '}
          <span className="whitespace-nowrap">{end}</span>
        </>
      ) : null}
    </>
  );
}

function Actions({ tournament, onEdit, className }: { tournament: AdminTournamentItem; onEdit: (id: string) => void; className?: string }) {
  const setActive = useSetTournamentActive();
  const [copying, setCopying] = useState(false);
  const finished = over(tournament);
  const toggle = () =>
    setActive.mutate(
      { id: tournament.id, active: !tournament.active },
      {
        onSuccess: () =>
          notify.success(
            `${tournament.name} ${tournament.active ? 'deactivated: registration is closed' : 'activated: registration is open'}`,
          ),
        onError: notifyFailure('Failed to update tournament'),
      },
    );
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button variant="secondary" size="sm" onClick={() => onEdit(tournament.id)}>
        <Pencil aria-hidden className="size-4" />
        Edit<span className="sr-only"> {tournament.name}</span>
      </Button>
      <Button variant="secondary" size="sm" disabled={setActive.isPending} onClick={toggle}>
        <Power aria-hidden className="size-4" />
        {tournament.active ? 'Deactivate' : 'Activate'}
        <span className="sr-only"> {tournament.name}</span>
      </Button>
      <AssignTeamsButton tournament={tournament} />
      <Button asChild variant="secondary" size="sm">
        <Link to={`/admin/tournaments/${tournament.id}/starting-sheet`}>
          <ClipboardList aria-hidden className="size-4" />
          Starting Sheet<span className="sr-only"> of {tournament.name}</span>
        </Link>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setCopying(true)}>
        <Copy aria-hidden className="size-4" />
        Copy<span className="sr-only"> {tournament.name} to a new tournament</span>
      </Button>
      {finished ? (
        <>
          <ThankYouButton tournament={tournament} />
          <Button asChild variant="secondary" size="sm">
            <a href={resultsPath(tournament.id)}>
              <Trophy aria-hidden className="size-4" />
              Results<span className="sr-only"> of {tournament.name}</span>
            </a>
          </Button>
        </>
      ) : null}
      {copying ? <CopyTournamentDialog tournament={tournament} onClose={() => setCopying(false)} /> : null}
    </div>
  );
}

export function TournamentList({ tournaments, loading, error, onRetry, onEdit }: ListProps) {
  const rows = tournaments ?? [];
  if (loading || error || rows.length === 0) {
    return (
      <div className="rounded-lg border border-stone-200 bg-white px-4">
        <ListState
          loading={loading}
          error={error}
          empty={rows.length === 0}
          emptyText="No tournaments yet. Create the first with New Tournament."
          onRetry={onRetry}
        />
      </div>
    );
  }
  return (
    <>
      <Table caption="Tournaments, newest first" className="hidden md:block">
        <thead>
          <tr>
            <Th>Tournament</Th>
            <Th>Status</Th>
            <Th>Teams</Th>
            <Th>Course</Th>
            <ActionsTh />
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <Tr key={t.id}>
              {/* The dates under the name: a column of their own pushed the buttons out of sight beside the admin nav at
                  1280 px with a long name (the demo's). */}
              <Td>
                <span className="font-medium">{t.name}</span>
                <span className="block text-sm text-stone-600">
                  <Dates t={t} />
                </span>
              </Td>
              <Td>
                <ActiveBadge active={t.active} />
              </Td>
              <Td className="whitespace-nowrap">{teamsLabel(t)}</Td>
              <Td className={t.courseName ? '' : 'text-stone-500'}>{t.courseName ?? 'None'}</Td>
              <Td>
                {/* Room for three buttons a line (one a line made every row ~170 px tall at 1280 px; five or seven buttons now). */}
                <Actions tournament={t} onEdit={onEdit} className="xl:min-w-[27rem]" />
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>

      <ul aria-label="Tournaments, newest first" className="flex flex-col gap-3 md:hidden">
        {rows.map((t) => (
          <li key={t.id} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-semibold">{t.name}</h3>
              <ActiveBadge active={t.active} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Dates</dt>
              <dd>{formatDateRange(t.startDate, t.endDate)}</dd>
              <dt className="text-stone-600">Teams</dt>
              <dd>{teamsLabel(t)}</dd>
              <dt className="text-stone-600">Course</dt>
              <dd>{t.courseName ?? 'None'}</dd>
            </dl>
            <div className="mt-3">
              <Actions tournament={t} onEdit={onEdit} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
