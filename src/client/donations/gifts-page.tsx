// Admin → Gifts (R35): every gift of a tournament (card and offline, with status and refunds) and staff's form to record a
// gift received by cheque, cash or transfer. Refunds and status changes are the ledger's (Payments).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../shared/zod';
import { formatMoney } from '../../shared/money';
import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS, offlineGiftSchema } from '../../shared/fundraising-schemas';
import { centsToInput } from '../../shared/tournament-schemas';
import { FormDialog } from '../admin/form-dialog';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { notifyFailure } from '../admin/notify-failure';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { activeTournamentsQuery } from '../registration/queries';
import { Link } from '../router';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { giftsQuery, useRecordGift } from './queries';

type OfflineGiftValues = z.input<typeof offlineGiftSchema>;
type OfflineGift = z.output<typeof offlineGiftSchema>;

export function GiftsPage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const gifts = useQuery(giftsQuery(tournamentId));
  const [recording, setRecording] = useState(false);
  const currency = gifts.data?.currency ?? tournaments.data?.currency ?? 'USD';
  const rows = gifts.data?.gifts ?? [];
  return (
    <div className="flex flex-col gap-5">
      <title>Gifts · Admin · Golf Tournament</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Gifts</h1>
          <p className="text-sm text-stone-600">Gifts by card and those received by cheque, cash or transfer. Refunds are on Payments.</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {tournamentId ? <TournamentPicker {...picker} className="sm:w-72" /> : null}
          {tournamentId ? (
            <Button onClick={() => setRecording(true)} className="whitespace-nowrap">
              <Plus aria-hidden className="size-4" />
              Record a gift
            </Button>
          ) : null}
        </div>
      </div>
      <ListState
        loading={tournaments.isPending || (Boolean(tournamentId) && gifts.isPending)}
        error={tournaments.isError || gifts.isError}
        empty={!tournamentId || (gifts.isSuccess && rows.length === 0)}
        emptyText={tournamentId ? 'No gifts yet.' : 'No active tournaments yet.'}
        onRetry={() => void (tournaments.isError ? tournaments.refetch() : gifts.refetch())}
      />
      {rows.length > 0 ? (
        <Table caption="Gifts" busy={gifts.isFetching}>
          <thead>
            <tr>
              <Th>Donor</Th>
              <Th>Amount</Th>
              <Th>Status</Th>
              <Th>On the wall</Th>
              <Th>How</Th>
              <Th>Date</Th>
              <Th>
                <span className="sr-only">Receipt</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <Tr key={g.id}>
                <Td>
                  <span className="font-medium">{g.name}</span>
                  <span className="block text-xs text-stone-600">{g.email || 'No e-mail'}</span>
                  {g.dedication ? <span className="block text-xs text-stone-600">{g.dedication}</span> : null}
                </Td>
                <Td className="tabular-nums">
                  {formatMoney(g.amountCents, currency)}
                  {g.refundedCents > 0 ? (
                    <span className="block text-xs text-red-700">Refunded {formatMoney(g.refundedCents, currency)}</span>
                  ) : null}
                </Td>
                <Td>
                  <PaymentBadge status={g.paymentStatus} />
                </Td>
                <Td>{g.showName ? g.name : 'Anonymous'}</Td>
                <Td>{g.offline ? g.note || 'Offline' : 'Card'}</Td>
                <Td className="whitespace-nowrap">{new Date(g.createdAt).toLocaleDateString('en-US')}</Td>
                <Td>
                  {g.paymentStatus === 'paid' ? (
                    <Link
                      to={`/receipts/${g.paymentId}`}
                      className="whitespace-nowrap font-medium text-brand-800 underline underline-offset-4"
                    >
                      Receipt<span className="sr-only"> of {g.name}</span>
                    </Link>
                  ) : null}
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {recording ? <RecordGiftDialog tournamentId={tournamentId} currency={currency} onClose={() => setRecording(false)} /> : null}
    </div>
  );
}

function RecordGiftDialog({ tournamentId, currency, onClose }: { tournamentId: string; currency: string; onClose: () => void }) {
  const form = useForm<OfflineGiftValues, unknown, OfflineGift>({
    resolver: zodResolver(offlineGiftSchema),
    defaultValues: { tournamentId, amount: '', name: '', email: '', dedication: '', showName: false, method: 'cheque', note: '' },
  });
  const record = useRecordGift();
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    record.mutate(
      { ...input, amount: centsToInput(input.amount) },
      {
        onSuccess: () => {
          notify.success('Gift recorded');
          onClose();
        },
        onError: (error) => {
          applyServerErrors(form, error);
          notifyFailure('Failed to record the gift')(error);
        },
      },
    ),
  );
  return (
    <FormDialog title="Record a gift" onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" {...field('amount')} />
          <SelectField label="Received by" {...field('method')}>
            <LabelledOptions values={OFFLINE_METHODS} labels={OFFLINE_METHOD_LABELS} />
          </SelectField>
          <Field label="Donor's name" autoComplete="off" {...field('name')} />
          <Field label="E-mail" type="email" autoComplete="off" hint="Optional: for the receipt" {...field('email')} />
        </div>
        <Field label="Note" hint="e.g. cheque number" autoComplete="off" {...field('note')} />
        <Field label="Dedication" hint="Optional" autoComplete="off" {...field('dedication')} />
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" className="size-4 accent-brand-700" {...form.register('showName')} />
          Show the name on the donor wall
        </label>
        <FormActions onCancel={onClose} label="Record gift" busyLabel="Recording…" busy={record.isPending} />
      </form>
    </FormDialog>
  );
}
