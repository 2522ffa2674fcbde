// An admin gives an unpaid team more time, or an expired one its place back while places remain (R24).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { extendHoldSchema } from '../../shared/payment-schemas';
import type { PaymentStatus } from '../../shared/payment-status';
import { api, errorMessage } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Field } from '../ui/field';

type Answer = ApiAnswer<'/api/admin/teams/:id/extend', 'post'>;

function useHoldAction(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'extend'; hours: number } | { kind: 'reinstate' }) =>
      api<Answer>(`/api/admin/teams/${teamId}/${action.kind}`, {
        method: 'POST',
        body: action.kind === 'extend' ? { hours: action.hours } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function HoldActions({ team }: { team: { id: string; name: string; paymentStatus: PaymentStatus; holdUntil: string | null } }) {
  const action = useHoldAction(team.id);
  const [hours, setHours] = useState('24');
  const [error, setError] = useState<string>();

  if (team.paymentStatus === 'expired') {
    const reinstate = () =>
      action.mutate(
        { kind: 'reinstate' },
        {
          onSuccess: ({ team: t }) => notify.success(`${team.name} reinstated until ${formatDateTime(t.holdUntil, { withZone: true })}`),
          onError: (e) => notify.error(errorMessage(e, 'Failed to reinstate the team')),
        },
      );
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-50 px-3 py-2">
        <p className="text-red-900">The hold ran out and the place was released.</p>
        <Button size="sm" onClick={reinstate} disabled={action.isPending}>
          {action.isPending ? 'Reinstating…' : 'Reinstate'}
        </Button>
      </div>
    );
  }
  if ((team.paymentStatus !== 'hold' && team.paymentStatus !== 'pending') || !team.holdUntil) return null;

  const extend = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = extendHoldSchema.safeParse({ hours });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    action.mutate(
      { kind: 'extend', hours: parsed.data.hours },
      {
        onSuccess: ({ team: t }) => notify.success(`Deadline moved to ${formatDateTime(t.holdUntil, { withZone: true })}`),
        onError: (err) => notify.error(errorMessage(err, 'Failed to extend the deadline')),
      },
    );
  };
  return (
    <form onSubmit={extend} className="flex flex-col gap-2 rounded-md bg-stone-50 px-3 py-2 sm:flex-row sm:items-end sm:justify-between">
      <p className="sm:pb-2">
        Places kept until <strong>{formatDateTime(team.holdUntil, { withZone: true })}</strong>
      </p>
      <div className="flex items-end gap-2">
        <Field
          label="Extend by (hours)"
          inputMode="numeric"
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          error={error}
          className="w-36"
        />
        <Button type="submit" variant="secondary" disabled={action.isPending}>
          {action.isPending ? 'Extending…' : 'Extend'}
        </Button>
      </div>
    </form>
  );
}
