// /admin/auction (admins): a tournament's silent auction (R53): when bidding opens and closes, and its lots (title,
// description, photo, value, opening bid, minimum raise, optional buy-now, donor), each added, changed and deleted here
// (deleted only while nobody has bid). The standing of each lot is shown live, as the public pages show it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lotFormSchema, type LotFormInput, type LotInput } from '../../shared/auction-schemas';
import { formatMoney } from '../../shared/money';
import { centsToInput } from '../../shared/tournament-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { EditDeleteActions } from '../admin/admin-list-page';
import { FormDialog, saveFeedback } from '../admin/form-dialog';
import { notifyFailure } from '../admin/notify-failure';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { api, ApiError } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Link } from '../router';
import { tournamentsQuery } from '../tournaments/queries';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { ImageUploadField } from '../ui/image-upload-field';
import { TextAreaField } from '../ui/text-area-field';
import { auctionQuery, timeLeft, useLiveAuction, useNow, type Auction, type AuctionLot } from './queries';
import { LiveBadge } from './live-badge';

/** An instant as a datetime-local input shows it, in the browser's zone ('' for none). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function TimesCard({ auction }: { auction: Auction }) {
  const client = useQueryClient();
  const [opensAt, setOpensAt] = useState(toLocalInput(auction.opensAt));
  const [closesAt, setClosesAt] = useState(toLocalInput(auction.closesAt));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      api<Auction>(`/api/admin/auction/${auction.tournament.id}/times`, {
        method: 'PUT',
        body: { opensAt: fromLocalInput(opensAt), closesAt: fromLocalInput(closesAt) },
      }),
    onSuccess: (saved) => {
      setErrors({});
      client.setQueryData(['auction', auction.tournament.id], saved);
      notify.success('Auction times saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      notifyFailure('Failed to save the auction times')(error);
    },
  });
  return (
    <Card className="flex flex-col gap-3">
      <CardTitle>Bidding Times</CardTitle>
      <p className="text-sm text-stone-600">
        Every lot closes at the auction’s close, unless a bid in its last two minutes gave it two more (soft close). Moving the close moves
        the lots still at it; a lot already extended keeps its later close.
      </p>
      <form
        noValidate
        className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field
          label="Bidding opens"
          type="datetime-local"
          value={opensAt}
          error={errors.opensAt}
          onChange={(e) => setOpensAt(e.currentTarget.value)}
        />
        <Field
          label="Bidding closes"
          type="datetime-local"
          value={closesAt}
          error={errors.closesAt}
          onChange={(e) => setClosesAt(e.currentTarget.value)}
        />
        <Button type="submit" className="sm:mt-6" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Times'}
        </Button>
      </form>
    </Card>
  );
}

/** The API names money in cents; the form types it as text. */
const SERVER_FIELDS: Record<string, keyof LotFormInput> = {
  valueCents: 'value',
  openingBidCents: 'openingBid',
  minRaiseCents: 'minRaise',
  buyNowCents: 'buyNow',
};

function LotDialog({ lot, tournamentId, onClose }: { lot: AuctionLot | null; tournamentId: string; onClose: () => void }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (input: LotInput) =>
      lot
        ? api(`/api/admin/auction/lots/${lot.id}`, { method: 'PUT', body: input })
        : api(`/api/admin/auction/${tournamentId}/lots`, { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['auction', tournamentId] }),
  });
  const [photo, setPhoto] = useState<{ id: string | null; url: string | null }>({ id: lot?.imageId ?? null, url: lot?.thumbUrl ?? null });
  const form = useForm<LotFormInput, unknown, LotInput>({
    resolver: zodResolver(lotFormSchema),
    defaultValues: lot
      ? {
          title: lot.title,
          description: lot.description,
          imageId: lot.imageId,
          value: centsToInput(lot.valueCents),
          openingBid: centsToInput(lot.openingBidCents),
          minRaise: centsToInput(lot.minRaiseCents),
          buyNow: lot.buyNowCents == null ? '' : centsToInput(lot.buyNowCents),
          donor: lot.donor,
        }
      : { title: '', description: '', imageId: null, value: '0.00', openingBid: '', minRaise: '10.00', buyNow: '', donor: '' },
  });
  const field = bindFields(form);
  const feedback = saveFeedback('Lot', Boolean(lot), onClose);
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { ...input, imageId: photo.id },
      {
        ...feedback,
        onError: (error) => {
          applyServerErrors(form, error, { fieldFor: (path) => SERVER_FIELDS[path] ?? (path as keyof LotFormInput) });
          feedback.onError(error);
        },
      },
    ),
  );
  return (
    <FormDialog title={lot ? 'Edit Lot' : 'Add Lot'} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Title" autoComplete="off" {...field('title')} />
        <TextAreaField label="Description" hint="Optional: what the winner gets, dates, conditions" {...field('description')} />
        <ImageUploadField
          label="Photo (optional)"
          purpose="hero"
          variant="w640"
          failureText="The photo could not be uploaded: try again"
          preview={
            photo.url ? (
              <img
                src={photo.url}
                alt=""
                width={240}
                height={160}
                className="aspect-[3/2] w-60 rounded-md border border-stone-200 object-cover"
              />
            ) : null
          }
          removeLabel="Remove photo"
          onRemove={photo.id ? () => setPhoto({ id: null, url: null }) : null}
          hint="PNG, JPEG or WebP, at most 2 MB; shown 3:2"
          formError={form.formState.errors.imageId?.message}
          onUploaded={setPhoto}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Value (fair market value)" inputMode="decimal" {...field('value')} />
          <Field label="Donor credited" autoComplete="off" hint="Optional" {...field('donor')} />
          <Field label="Opening bid" inputMode="decimal" {...field('openingBid')} />
          <Field label="Minimum raise" inputMode="decimal" {...field('minRaise')} />
          <Field label="Buy-now price" inputMode="decimal" hint="Optional: a bid at this price wins the lot at once" {...field('buyNow')} />
        </div>
        <FormActions onCancel={onClose} label={lot ? 'Save Changes' : 'Add Lot'} busyLabel="Saving…" busy={save.isPending} />
      </form>
    </FormDialog>
  );
}

export function AdminAuctionPage() {
  const tournaments = useQuery(tournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const auction = useQuery(auctionQuery(tournamentId));
  const live = useLiveAuction(tournamentId || undefined);
  const now = useNow();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ lot: AuctionLot | null } | null>(null);
  const [deleting, setDeleting] = useState<AuctionLot | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/auction/lots/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['auction', tournamentId] }),
  });
  const lots = auction.data?.lots;

  return (
    <div className="flex flex-col gap-4">
      <AdminHeading title="Auction">
        The silent auction: when bidding opens and closes, and the lots guests bid on from their phones.
      </AdminHeading>
      <TournamentPicker {...picker} className="max-w-md" />
      {!tournamentId ? (
        <p className="text-sm text-stone-600">Create a tournament first.</p>
      ) : auction.isPending ? (
        <p className="text-sm text-stone-600">Loading…</p>
      ) : auction.isError ? (
        <p className="text-sm text-red-700">The auction could not be loaded.</p>
      ) : (
        <>
          <TimesCard key={`${tournamentId}:${auction.data.opensAt}:${auction.data.closesAt}`} auction={auction.data} />
          <Card className="flex flex-col gap-3">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <CardTitle>Lots</CardTitle>
                <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600">
                  <Link to={`/auction/${tournamentId}`} className="inline-flex items-center gap-1 font-medium text-brand-800 underline">
                    Public auction page <ExternalLink aria-hidden className="size-3.5" />
                  </Link>
                  <LiveBadge state={live} />
                </p>
              </div>
              <Button onClick={() => setEditing({ lot: null })}>
                <Plus aria-hidden className="size-4" /> Add Lot
              </Button>
            </div>
            {!lots?.length ? (
              <p className="rounded-md bg-stone-100 p-4 text-sm text-stone-700">No lots yet.</p>
            ) : (
              <ul aria-label="Lots" className="flex flex-col divide-y divide-stone-200">
                {lots.map((lot) => (
                  <li key={lot.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="flex min-w-0 flex-1 basis-60 gap-3">
                      {lot.thumbUrl ? (
                        <img
                          src={lot.thumbUrl}
                          alt=""
                          width={96}
                          height={64}
                          className="aspect-[3/2] h-16 w-24 shrink-0 self-start rounded object-cover"
                        />
                      ) : null}
                      <div className="min-w-0">
                        <p className="font-medium break-words">{lot.title}</p>
                        <p className="text-sm text-stone-700">
                          Value {formatMoney(lot.valueCents)} · opens at {formatMoney(lot.openingBidCents)} · raise{' '}
                          {formatMoney(lot.minRaiseCents)}
                          {lot.buyNowCents != null ? ` · buy now ${formatMoney(lot.buyNowCents)}` : ''}
                        </p>
                        <p className="text-sm text-stone-600">
                          {lot.bidCount === 0
                            ? 'No bids'
                            : `${formatMoney(lot.currentBidCents ?? 0)} by ${lot.leader?.label ?? ''} (${lot.bidCount} ${lot.bidCount === 1 ? 'bid' : 'bids'})`}
                          {' · '}
                          {lot.closedAt ? 'Closed' : timeLeft(lot.closesAt, now)}
                          {lot.donor ? ` · from ${lot.donor}` : ''}
                        </p>
                      </div>
                    </div>
                    <div className="flex gap-2">
                      <EditDeleteActions name={lot.title} onEdit={() => setEditing({ lot })} onDelete={() => setDeleting(lot)} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      {editing ? <LotDialog lot={editing.lot} tournamentId={tournamentId} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete lot?"
        message={
          deleting ? (
            <p>
              <strong>{deleting.title}</strong> will be deleted. A lot with bids cannot be deleted.
            </p>
          ) : null
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify.success('Lot deleted');
              setDeleting(null);
            },
            onError: notifyFailure('Failed to delete the lot'),
          })
        }
      />
    </div>
  );
}
