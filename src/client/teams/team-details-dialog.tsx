// A team's details for staff: contact, players with their e-mails and phones (R11), payment records; admins may change the
// payment status or delete the team (R8, R15).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../shared/money';
import { TeamStatusNote } from '../admin/team-status-note';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../shared/payment-status';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { PaymentStatusOptions } from '../ui/select-options';
import { ListState } from '../ui/table';
import { HoldActions } from './hold-actions';
import { adminTeamQuery, useDeleteTeam, useSetTeamStatus, type AdminTeamDetail } from './admin-queries';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What goes with a team when it is deleted, in words; its starting hole only once the draw has given it one. */
export function deletionSummary(removes: AdminTeamDetail['removes'], startingHole: number | null): string {
  const counts = [
    plural(removes.players, 'player'),
    plural(removes.payments, 'payment record'),
    plural(removes.scores, 'score'),
    plural(removes.checkins, 'check-in'),
  ];
  return startingHole == null ? counts.join(', ') : `${counts.join(', ')}, and its starting hole (${startingHole})`;
}

export function TeamDetailsDialog({ teamId, canChange, onClose }: { teamId: string | null; canChange: boolean; onClose: () => void }) {
  return (
    <Dialog open={teamId != null} onOpenChange={(open) => !open && onClose()} title="Team details" wide>
      {teamId ? <TeamDetails teamId={teamId} canChange={canChange} onClose={onClose} /> : null}
    </Dialog>
  );
}

function TeamDetails({ teamId, canChange, onClose }: { teamId: string; canChange: boolean; onClose: () => void }) {
  const detail = useQuery(adminTeamQuery(teamId));
  const setStatus = useSetTeamStatus(teamId);
  const remove = useDeleteTeam();
  const [status, setStatusChoice] = useState<PaymentStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  useFailureToast(detail.isError, 'Failed to load players');

  if (!detail.data)
    return <ListState loading={detail.isPending} error={detail.isError} empty={false} emptyText="" onRetry={() => void detail.refetch()} />;
  const { team, currency } = detail.data;
  const chosen = status || team.paymentStatus;

  const update = () =>
    setStatus.mutate(chosen, {
      onSuccess: () => notify.success(`Payment status set to ${PAYMENT_STATUS_LABELS[chosen]}`),
      onError: (error) => notify.error(errorMessage(error, 'Failed to update payment status')),
    });
  const confirmDelete = () =>
    remove.mutate(team.id, {
      onSuccess: () => {
        notify.success(`Team ${team.name} deleted`);
        setConfirming(false);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to delete team')),
    });

  return (
    <div className="flex flex-col gap-5 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-semibold text-stone-900">{team.name}</p>
          <p className="text-stone-600">
            {team.tournament.name}
            {team.level ? ` · ${team.level.name} (${formatMoney(team.level.priceCents, currency)})` : ''}
          </p>
        </div>
        <PaymentBadge status={team.paymentStatus} />
      </div>

      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-stone-600">Company</dt>
        <dd>{team.company || 'Not specified'}</dd>
        <dt className="font-medium text-stone-600">Contact</dt>
        <dd className="break-words">
          {[team.contactName, team.contactEmail, team.contactPhone].filter(Boolean).join(' · ') || 'Not specified'}
        </dd>
        <dt className="font-medium text-stone-600">Registered</dt>
        <dd>{formatDateTime(team.createdAt)}</dd>
      </dl>

      <section>
        <h3 className="font-semibold text-stone-900">Players ({team.players.length})</h3>
        {team.players.length === 0 ? (
          <p className="mt-1 text-stone-600">No players yet.</p>
        ) : (
          <ol aria-label="Players" className="mt-2 divide-y divide-stone-100 rounded-md border border-stone-200">
            {team.players.map((p, i) => (
              <li key={p.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
                <span className="w-16 shrink-0 text-xs font-semibold text-stone-600">Player {i + 1}</span>
                <span className="font-medium sm:flex-1">
                  {p.firstName} {p.lastName}
                </span>
                <span className="break-all text-stone-600">
                  {p.email}
                  {p.phone ? ` · ${p.phone}` : ''}
                  {p.answeredBy === 'golfer' ? (
                    <span className="block text-xs">
                      {p.answeredAt ? `Answered ${formatDateTime(p.answeredAt)}` : 'Asked to answer: not yet'}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section>
        <h3 className="font-semibold text-stone-900">Payment records</h3>
        {team.payments.length === 0 ? (
          <p className="mt-1 text-stone-600">No payment records.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100 rounded-md border border-stone-200">
            {team.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <span className="font-medium tabular-nums">{formatMoney(p.amountCents, currency)}</span>
                <span>
                  <PaymentBadge status={p.state} />
                  <TeamStatusNote teamStatus={team.paymentStatus} state={p.state} />
                </span>
                <span className="w-full text-stone-600 sm:w-auto sm:flex-1 sm:text-right">{p.note || 'No note'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {canChange ? <HoldActions team={team} /> : null}

      {canChange ? (
        <div className="flex flex-col gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:items-end sm:justify-between">
          {/* An expired team comes back only through Reinstate above, which checks a place remains (R24). */}
          {team.paymentStatus === 'expired' ? (
            <span />
          ) : (
            <div className="flex items-end gap-2">
              <SelectField
                label="Payment status"
                value={chosen}
                onChange={(e) => setStatusChoice(e.target.value as PaymentStatus)}
                className="w-44 [&_select]:min-w-0"
              >
                <PaymentStatusOptions settable />
              </SelectField>
              <Button className="whitespace-nowrap" onClick={update} disabled={setStatus.isPending || chosen === team.paymentStatus}>
                {setStatus.isPending ? 'Updating…' : 'Update Status'}
              </Button>
            </div>
          )}
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      ) : (
        <p className="border-t border-stone-200 pt-4 text-stone-600">Read only: only admins change payment status or delete teams.</p>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${team.name}?`}
        message={
          <p>
            This deletes the team <strong>{team.name}</strong> and everything that goes with it:{' '}
            {deletionSummary(team.removes, team.startingHole)}. This cannot be undone.
          </p>
        }
        confirmLabel="Delete team"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
