// Admin → Auction Results (R55): every lot of the chosen tournament with its state, winner (bidder number and name), the
// amount won and its payment; each lot's bid history opens under its row; 'Mark paid' records a winner's payment at the
// checkout table (cash, cheque or the card terminal) in the ledger; the CSV has one row per lot.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney } from '../../shared/money';
import {
  CHECKOUT_METHOD_LABELS,
  CHECKOUT_METHODS,
  LOT_STATE_LABELS,
  lotPaidSchema,
  type LotPaidInput,
} from '../../shared/auction-results-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { FormDialog } from '../admin/form-dialog';
import { notifyFailure } from '../admin/notify-failure';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { bindFields } from '../lib/bind-fields';
import { formatDateTime } from '../lib/format';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { activeTournamentsQuery } from '../registration/queries';
import { Link } from '../router';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { DownloadLink } from '../ui/download-link';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { auctionResultsQuery, useMarkLotPaid, type ResultLot } from './won-lots-queries';

const STATE_TONES = { open: 'text-sky-900 bg-sky-100', sold: 'text-green-900 bg-green-100', unsold: 'text-stone-800 bg-stone-200' };

export function AuctionResultsPage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const results = useQuery(auctionResultsQuery(tournamentId));
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [paying, setPaying] = useState<ResultLot | null>(null);
  const currency = results.data?.currency ?? tournaments.data?.currency ?? 'USD';
  const money = (cents: number | null) => (cents == null ? '—' : formatMoney(cents, currency));
  const lots = results.data?.lots ?? [];
  const sold = lots.filter((l) => l.state === 'sold');
  const paidCents = sold.filter((l) => l.paymentStatus === 'paid').reduce((sum, l) => sum + (l.wonCents ?? 0), 0);
  const wonCents = sold.reduce((sum, l) => sum + (l.wonCents ?? 0), 0);
  const toggle = (id: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="flex flex-col gap-5">
      <AdminHeading
        title="Auction Results"
        actions={
          tournamentId ? (
            <DownloadLink href={`/api/admin/auction-results/export.csv?tournamentId=${tournamentId}`} label="Export CSV" />
          ) : null
        }
      >
        Each lot&apos;s winner, what they owe and whether they have paid. Record a payment taken at the checkout table here.
      </AdminHeading>
      <TournamentPicker {...picker} className="max-w-md" />
      {lots.length > 0 ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Lots" value={String(lots.length)} />
          <Stat label="Sold" value={`${sold.length} of ${lots.length}`} />
          <Stat label="Won" value={money(wonCents)} />
          <Stat label="Paid" value={money(paidCents)} />
        </dl>
      ) : null}
      <ListState
        loading={tournaments.isPending || (Boolean(tournamentId) && results.isPending)}
        error={tournaments.isError || results.isError}
        empty={!tournamentId || (results.isSuccess && lots.length === 0)}
        emptyText={tournamentId ? 'No auction lots yet: staff add them on Admin → Auction.' : 'No active tournaments yet.'}
        onRetry={() => void (tournaments.isError ? tournaments.refetch() : results.refetch())}
      />
      {lots.length > 0 ? (
        <Table caption="Auction lots and their results" busy={results.isFetching}>
          <thead>
            <tr>
              <Th>Lot</Th>
              <Th>State</Th>
              <Th>Winner</Th>
              <Th className="text-right">Won</Th>
              <Th className="text-right">Value</Th>
              <Th>Payment</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {lots.map((lot) => (
              <Fragment key={lot.id}>
                <Tr>
                  <Td>
                    <button
                      type="button"
                      className="flex items-start gap-1 text-left font-medium"
                      aria-expanded={open.has(lot.id)}
                      onClick={() => toggle(lot.id)}
                    >
                      {open.has(lot.id) ? (
                        <ChevronDown aria-hidden className="mt-0.5 size-4 shrink-0" />
                      ) : (
                        <ChevronRight aria-hidden className="mt-0.5 size-4 shrink-0" />
                      )}
                      <span>
                        <span className="sr-only">Bids on </span>
                        {lot.title}
                        <span className="block text-xs font-normal text-stone-600">
                          {lot.bidCount === 1 ? '1 bid' : `${lot.bidCount} bids`}
                          {lot.donor ? ` · from ${lot.donor}` : ''}
                        </span>
                      </span>
                    </button>
                  </Td>
                  <Td>
                    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[lot.state]}`}>
                      {LOT_STATE_LABELS[lot.state]}
                    </span>
                    {lot.state === 'open' && lot.closesAt ? (
                      <span className="block text-xs whitespace-nowrap text-stone-600">Closes {closingTime(lot.closesAt)}</span>
                    ) : null}
                  </Td>
                  <Td>
                    {lot.winner ? (
                      <>
                        <span className="font-medium">#{lot.winner.number}</span> {lot.winner.name}
                        <span className="block text-xs text-stone-600 [overflow-wrap:anywhere]">{lot.winner.email}</span>
                      </>
                    ) : lot.state === 'open' && lot.currentBidCents != null ? (
                      <span className="text-stone-600">Leading at {money(lot.currentBidCents)}</span>
                    ) : (
                      <span className="text-stone-600">—</span>
                    )}
                  </Td>
                  <Td className="text-right tabular-nums">{money(lot.wonCents)}</Td>
                  <Td className="text-right tabular-nums">{money(lot.valueCents)}</Td>
                  <Td>
                    {lot.paymentStatus ? <PaymentBadge status={lot.paymentStatus} /> : <span className="text-stone-600">—</span>}
                    {lot.paymentStatus === 'paid' && lot.paymentNote ? (
                      <span className="block text-xs text-stone-600">{lot.paymentNote}</span>
                    ) : null}
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    {lot.paymentStatus && lot.paymentStatus !== 'paid' && lot.paymentStatus !== 'expired' ? (
                      <Button size="sm" variant="secondary" onClick={() => setPaying(lot)}>
                        Mark paid<span className="sr-only"> for {lot.title}</span>
                      </Button>
                    ) : lot.paymentStatus === 'paid' && lot.paymentId ? (
                      <Link to={`/receipts/${lot.paymentId}`} className="font-medium text-brand-800 underline underline-offset-4">
                        Receipt<span className="sr-only"> for {lot.title}</span>
                      </Link>
                    ) : null}
                  </Td>
                </Tr>
                {open.has(lot.id) ? (
                  <tr>
                    <td colSpan={7} className="border-b border-stone-200 bg-stone-50 px-3 py-3">
                      <BidHistory lot={lot} money={money} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </Table>
      ) : null}
      {paying ? <MarkPaidDialog lot={paying} currency={currency} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}

/** When an open lot closes: the time alone on the day (the auction's evening), else the date too. */
function closingTime(iso: string) {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString()
    ? new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at)
    : formatDateTime(iso);
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-3">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function BidHistory({ lot, money }: { lot: ResultLot; money: (cents: number) => string }) {
  if (lot.bids.length === 0) return <p className="text-sm text-stone-600">No bids on this lot.</p>;
  return (
    <ol className="flex flex-col gap-1 text-sm">
      {[...lot.bids].reverse().map((bid) => (
        <li key={bid.seq} className="flex flex-wrap gap-x-3">
          <span className="w-24 font-semibold tabular-nums">{money(bid.amountCents)}</span>
          <span>
            #{bid.number} {bid.name}
            {bid.proxy ? <span className="text-stone-600"> (by their maximum)</span> : null}
          </span>
          <span className="text-stone-600">{formatDateTime(bid.at)}</span>
        </li>
      ))}
    </ol>
  );
}

function MarkPaidDialog({ lot, currency, onClose }: { lot: ResultLot; currency: string; onClose: () => void }) {
  const form = useForm<LotPaidInput>({ resolver: zodResolver(lotPaidSchema), defaultValues: { method: 'cash', note: '' } });
  const mark = useMarkLotPaid();
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    mark.mutate(
      { lotId: lot.id, input },
      {
        onSuccess: () => {
          notify.success(`${lot.title}: paid`);
          onClose();
        },
        onError: (error) => {
          applyServerErrors(form, error);
          notifyFailure('Failed to record the payment')(error);
        },
      },
    ),
  );
  return (
    <FormDialog title={`Mark paid: ${lot.title}`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          {lot.winner ? `#${lot.winner.number} ${lot.winner.name}` : ''} owes {formatMoney(lot.wonCents ?? 0, currency)}. A receipt goes to
          their e-mail.
        </p>
        <SelectField label="Paid by" {...field('method')}>
          <LabelledOptions values={CHECKOUT_METHODS} labels={CHECKOUT_METHOD_LABELS} />
        </SelectField>
        <Field label="Note" hint="Optional: a cheque number, the terminal's reference" autoComplete="off" {...field('note')} />
        <FormActions onCancel={onClose} label="Mark paid" busyLabel="Recording…" busy={mark.isPending} />
      </form>
    </FormDialog>
  );
}
