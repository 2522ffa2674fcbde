// /admin/payments (admin only, R8; routes.tsx sends others back): the payment ledger with filters, totals and CSV; an
// admin records a note or a new state, and the team's payment status follows.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../shared/money';
import type { PaymentStatus } from '../../shared/payment-status';
import { MoneyCards } from '../admin/money-cards';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { TeamStatusNote } from '../admin/team-status-note';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { DownloadLink } from '../ui/download-link';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { Pagination } from '../ui/pagination';
import { SelectField } from '../ui/select-field';
import { PaymentStatusOptions } from '../ui/select-options';
import { ActionsTh, ListState, Table, Td, Th, Tr } from '../ui/table';
import { PaymentDetails } from './payment-details';
import { ledgerQuery, paymentSearch, useUpdatePayment, type PaymentParams, type PaymentRow } from './queries';

/** The day alone, in the reader's time zone, keeps the ledger's Date column narrow; the cell's title has the time. */
const dayOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

const UNFILTERED: PaymentParams = { tournamentId: '', state: '', page: 1 };

export function PaymentsPage() {
  // The tournaments come with every answer; the unfiltered one (cached, the page's first) offers them before a filter applies.
  const choices = useQuery({ ...ledgerQuery(UNFILTERED), select: (d) => d.tournaments });
  const { tournamentId, picker } = useChosenTournament(choices.data, { anyLabel: 'All tournaments' });
  // `filters.tournamentId`: the tournament its page number is of; another one starts at page 1.
  const [filters, setParams] = useState<PaymentParams>(UNFILTERED);
  const params = { ...filters, tournamentId, page: filters.tournamentId === tournamentId ? filters.page : 1 };
  const ledger = useQuery(ledgerQuery(params));
  const [editing, setEditing] = useState<PaymentRow | null>(null);
  useFailureToast(ledger.isError, 'Failed to load data');
  const data = ledger.data;
  const money = (cents: number) => formatMoney(cents, data?.currency);
  const change = (patch: Partial<PaymentParams>) => setParams((p) => ({ ...p, tournamentId, page: 1, ...patch }));

  return (
    <div className="flex flex-col gap-4">
      <title>Payments · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Payments</h1>
        <DownloadLink href={`/api/admin/payments/export.csv?${paymentSearch(params, false)}`} label="Export CSV" />
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl [&>*]:min-w-0 [&_select]:min-w-0">
        <TournamentPicker {...picker} className="" />
        <SelectField label="State" value={params.state} onChange={(e) => change({ state: e.target.value })}>
          <PaymentStatusOptions anyLabel="Any state" />
        </SelectField>
      </div>

      {data ? (
        <MoneyCards
          label="Totals"
          expectedLabel={`Expected (${data.totals.count} records)`}
          expiredCents={data.totals.expiredCents}
          expectedCents={data.totals.expectedCents}
          receivedCents={data.totals.receivedCents}
          outstandingCents={data.totals.outstandingCents}
          currency={data.currency}
        />
      ) : null}

      {data && data.total > 0 ? (
        // A phone: one card per record, the Edit button within reach, no sideways scrolling.
        <ul
          aria-label="Payment records"
          aria-busy={ledger.isFetching || undefined}
          className={cn('flex flex-col gap-2 sm:hidden', ledger.isFetching && 'opacity-70 transition-opacity')}
        >
          {data.payments.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white p-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{p.teamName}</p>
                  <p className="text-xs text-stone-600">
                    {p.tournamentName} · {p.levelName ?? 'No level'}
                  </p>
                </div>
                <p className="text-right font-semibold tabular-nums">
                  {money(p.amountCents)}
                  {p.refundedCents > 0 ? (
                    <span className="block text-xs font-medium text-red-800">Refunded {money(p.refundedCents)}</span>
                  ) : null}
                </p>
              </div>
              <div className="flex items-center justify-between gap-2">
                <div>
                  <PaymentBadge status={p.state} />
                  <TeamStatusNote teamStatus={p.teamStatus} state={p.state} />
                </div>
                <span className="text-xs text-stone-600">{formatDateTime(p.createdAt)}</span>
              </div>
              <div className="flex items-end justify-between gap-2">
                <p className="min-w-0 break-words text-sm text-stone-700">{p.note || 'No note'}</p>
                <Button variant="secondary" size="sm" onClick={() => setEditing(p)} aria-label={`Edit payment of ${p.teamName}`}>
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.total > 0 ? (
        <Table caption="Payment records" busy={ledger.isFetching} className="hidden sm:block">
          <thead>
            <tr>
              <Th>Team</Th>
              <Th>Level</Th>
              <Th className="text-right">Amount</Th>
              <Th>State</Th>
              <Th>Note</Th>
              <Th>Date</Th>
              <ActionsTh />
            </tr>
          </thead>
          <tbody>
            {data.payments.map((p) => (
              <Tr key={p.id}>
                <Td className="min-w-40">
                  <span className="font-medium">{p.teamName}</span>
                  <span className="block text-xs text-stone-600">{p.tournamentName}</span>
                </Td>
                <Td>{p.levelName ?? <span className="text-stone-500">—</span>}</Td>
                <Td className="text-right tabular-nums">
                  {money(p.amountCents)}
                  {p.refundedCents > 0 ? (
                    <span className="block text-xs font-medium text-red-800">Refunded {money(p.refundedCents)}</span>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap">
                  <PaymentBadge status={p.state} />
                  <TeamStatusNote teamStatus={p.teamStatus} state={p.state} />
                </Td>
                <Td className="min-w-40 text-stone-700">
                  {/* Two lines at most; the whole note is in the title and the Edit dialog. */}
                  <span className="line-clamp-2" title={p.note || undefined}>
                    {p.note || '—'}
                  </span>
                </Td>
                <Td className="whitespace-nowrap" title={formatDateTime(p.createdAt)}>
                  {dayOf(p.createdAt)}
                </Td>
                <Td className="text-right">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(p)} aria-label={`Edit payment of ${p.teamName}`}>
                    Edit
                  </Button>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <ListState
          loading={ledger.isPending}
          error={ledger.isError}
          empty={Boolean(data && data.total === 0)}
          emptyText={params.state || params.tournamentId ? 'No payment records match these filters.' : 'No payment records yet.'}
          onRetry={() => void ledger.refetch()}
        />
      )}
      <Pagination of={data} noun="records" onPage={(page) => setParams((p) => ({ ...p, tournamentId, page }))} />

      <Dialog
        open={editing != null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing ? `Payment of ${editing.teamName}` : 'Payment'}
        description="A new state becomes the team's payment status."
      >
        {editing ? (
          <>
            <EditPayment payment={editing} currency={data?.currency} onDone={() => setEditing(null)} />
            <PaymentDetails payment={data?.payments.find((p) => p.id === editing.id) ?? editing} currency={data?.currency} />
          </>
        ) : null}
      </Dialog>
    </div>
  );
}

function EditPayment({ payment, currency, onDone }: { payment: PaymentRow; currency?: string; onDone: () => void }) {
  const [state, setState] = useState<PaymentStatus>(payment.state);
  const [note, setNote] = useState(payment.note);
  const update = useUpdatePayment();
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    update.mutate(
      { id: payment.id, state: state === 'expired' ? undefined : state, note },
      {
        onSuccess: () => {
          notify.success('Payment updated');
          onDone();
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to update payment status')),
      },
    );
  };
  return (
    <form onSubmit={save} className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        {formatMoney(payment.amountCents, currency)} · {payment.levelName ?? 'No level'} · {payment.tournamentName}
      </p>
      {payment.state === 'expired' ? (
        // Its place was released: only Reinstate (Admin → Teams) gives it back, while one remains (R24). The note can change.
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          Expired: the team's place was released. Reinstate the team in Admin → Teams to change this payment's state.
        </p>
      ) : (
        <SelectField label="State" value={state} onChange={(e) => setState(e.target.value as PaymentStatus)}>
          <PaymentStatusOptions settable />
        </SelectField>
      )}
      <Field label="Note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder="e.g. Cheque #123 received" />
      <FormActions onCancel={onDone} label="Save" busyLabel="Saving…" busy={update.isPending} />
    </form>
  );
}
