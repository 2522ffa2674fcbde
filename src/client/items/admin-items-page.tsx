// /admin/items (admins): what a tournament sells besides team places: sponsorship items (R36: name, includes, price, quantity,
// FMV, hole or not) and golfer add-ons (R37: price, FMV, cap per golfer), each added, changed and deleted here.
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  addonFormSchema,
  itemFormSchema,
  type AddonFormInput,
  type AddonInput,
  type ItemFormInput,
  type SponsorshipItemInput,
} from '../../shared/item-schemas';
import { formatMoney } from '../../shared/money';
import { centsToInput } from '../../shared/tournament-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { EditDeleteActions } from '../admin/admin-list-page';
import { FormDialog, saveFeedback } from '../admin/form-dialog';
import { notifyFailure } from '../admin/notify-failure';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { tournamentsQuery } from '../tournaments/queries';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { ListState } from '../ui/table';
import { TextAreaField } from '../ui/text-area-field';

type Item = ApiAnswer<'/api/admin/tournaments/:tournamentId/items'>['items'][number];
type Addon = ApiAnswer<'/api/admin/tournaments/:tournamentId/addons'>['addons'][number];

/** A tournament's rows of one kind: its sponsorship items or its add-ons (useKeep's saves refresh it by the same key). */
const keptQuery = <K extends 'items' | 'addons'>(kind: K, tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', kind, tournamentId],
    queryFn: ({ signal }) =>
      api<Record<K, { items: Item[]; addons: Addon[] }[K]>>(`/api/admin/tournaments/${tournamentId}/${kind}`, { signal }).then(
        (r) => r[kind],
      ),
    enabled: Boolean(tournamentId),
  });

/** Saves (adds or changes) and deletes of one kind: `items` or `addons`. */
function useKeep<Input>(kind: 'items' | 'addons', tournamentId: string) {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: ['admin', kind, tournamentId] });
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Input }) =>
      id
        ? api(`/api/admin/${kind}/${id}`, { method: 'PUT', body: input })
        : api(`/api/admin/tournaments/${tournamentId}/${kind}`, { body: input }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/${kind}/${id}`, { method: 'DELETE' }),
    onSettled: settled,
  });
  return { save, remove };
}

/** The API names money in cents; the form types it as text. */
const SERVER_FIELDS: Record<string, keyof ItemFormInput> = { priceCents: 'price', fmvCents: 'fmv' };

function ItemDialog({ item, tournamentId, onClose }: { item: Item | null; tournamentId: string; onClose: () => void }) {
  const { save } = useKeep<SponsorshipItemInput>('items', tournamentId);
  const form = useForm<ItemFormInput, unknown, SponsorshipItemInput>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: item
      ? { ...item, price: centsToInput(item.priceCents), fmv: centsToInput(item.fmvCents), quantity: String(item.quantity) }
      : { name: '', includes: '', price: '', fmv: '0.00', quantity: '1', isHole: false },
  });
  const field = bindFields(form);
  const feedback = saveFeedback('Sponsorship item', Boolean(item), onClose);
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: item?.id, input },
      {
        ...feedback,
        onError: (error) => {
          applyServerErrors(form, error, { fieldFor: (path) => SERVER_FIELDS[path] ?? (path as keyof ItemFormInput) });
          feedback.onError(error);
        },
      },
    ),
  );
  return (
    <FormDialog title={item ? 'Edit Sponsorship Item' : 'Add Sponsorship Item'} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" autoComplete="off" {...field('name')} />
        <TextAreaField label="Includes" hint="Optional: what the sponsor gets" {...field('includes')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Price" inputMode="decimal" {...field('price')} />
          <Field label="Fair market value" hint="Goods and services received" inputMode="decimal" {...field('fmv')} />
          <Field label="Quantity" inputMode="numeric" {...field('quantity')} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-800" {...form.register('isHole')} />
          Hole sponsorship (each place is a hole, numbered from 1; one sponsor per hole)
        </label>
        <FormActions onCancel={onClose} label={item ? 'Save Changes' : 'Add Item'} busyLabel="Saving…" busy={save.isPending} />
      </form>
    </FormDialog>
  );
}

function AddonDialog({ addon, tournamentId, onClose }: { addon: Addon | null; tournamentId: string; onClose: () => void }) {
  const { save } = useKeep<AddonInput>('addons', tournamentId);
  const form = useForm<AddonFormInput, unknown, AddonInput>({
    resolver: zodResolver(addonFormSchema),
    defaultValues: addon
      ? { ...addon, price: centsToInput(addon.priceCents), fmv: centsToInput(addon.fmvCents), maxPerGolfer: String(addon.maxPerGolfer) }
      : { name: '', description: '', price: '', fmv: '0.00', maxPerGolfer: '1' },
  });
  const field = bindFields(form);
  const submit = form.handleSubmit((input) => save.mutate({ id: addon?.id, input }, saveFeedback('Add-on', Boolean(addon), onClose)));
  return (
    <FormDialog title={addon ? 'Edit Add-on' : 'Add Add-on'} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" autoComplete="off" {...field('name')} />
        <TextAreaField label="Description" hint="Optional" {...field('description')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Price" inputMode="decimal" {...field('price')} />
          <Field label="Fair market value" inputMode="decimal" {...field('fmv')} />
          <Field label="Cap per golfer" inputMode="numeric" {...field('maxPerGolfer')} />
        </div>
        <FormActions onCancel={onClose} label={addon ? 'Save Changes' : 'Add Add-on'} busyLabel="Saving…" busy={save.isPending} />
      </form>
    </FormDialog>
  );
}

function Section<T extends { id: string; name: string }>(props: {
  title: string;
  intro: string;
  addLabel: string;
  rows: T[] | undefined;
  loading: boolean;
  emptyText: string;
  line: (row: T) => React.ReactNode;
  onAdd: () => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <CardTitle>{props.title}</CardTitle>
          <p className="mt-1 text-sm text-stone-600">{props.intro}</p>
        </div>
        <Button onClick={props.onAdd}>
          <Plus aria-hidden className="size-4" /> {props.addLabel}
        </Button>
      </div>
      {props.loading ? (
        <p className="text-sm text-stone-600">Loading…</p>
      ) : !props.rows?.length ? (
        <p className="rounded-md bg-stone-100 p-4 text-sm text-stone-700">{props.emptyText}</p>
      ) : (
        <ul aria-label={props.title} className="flex flex-col divide-y divide-stone-200">
          {props.rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              {/* At least 15rem before the buttons share its line: on a phone they go below it instead of squeezing the
                  text to a word a line (docs/decisions/105). */}
              <div className="min-w-0 flex-1 basis-60">{props.line(row)}</div>
              <div className="flex gap-2">
                <EditDeleteActions name={row.name} onEdit={() => props.onEdit(row)} onDelete={() => props.onDelete(row)} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function AdminItemsPage() {
  const tournaments = useQuery(tournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const items = useQuery(keptQuery('items', tournamentId));
  const addons = useQuery(keptQuery('addons', tournamentId));
  const keepItems = useKeep<SponsorshipItemInput>('items', tournamentId);
  const keepAddons = useKeep<AddonInput>('addons', tournamentId);
  const [editingItem, setEditingItem] = useState<{ item: Item | null } | null>(null);
  const [editingAddon, setEditingAddon] = useState<{ addon: Addon | null } | null>(null);
  const [deleting, setDeleting] = useState<{ kind: 'item' | 'addon'; id: string; name: string } | null>(null);
  const currency = 'USD';

  const confirmDelete = () => {
    if (!deleting) return;
    const remove = deleting.kind === 'item' ? keepItems.remove : keepAddons.remove;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(`${deleting.kind === 'item' ? 'Sponsorship item' : 'Add-on'} deleted`);
        setDeleting(null);
      },
      onError: notifyFailure(`Failed to delete ${deleting.kind === 'item' ? 'sponsorship item' : 'add-on'}`),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <AdminHeading title="Items & Add-ons">What a tournament sells besides team places: sponsorships, and extras per golfer.</AdminHeading>
      <TournamentPicker {...picker} className="max-w-md" />
      {tournaments.isPending || (tournamentId && (items.isPending || addons.isPending)) ? (
        // One wait for the tournaments and both lists: the first list arriving alone pushed the second down.
        <ListState loading error={false} empty={false} emptyText="" />
      ) : tournamentId ? (
        <>
          <Section
            title="Sponsorship Items"
            intro="Hole signs, beverage cart, lunch, hole-in-one prize… Places left count every purchase not expired."
            addLabel="Add Item"
            rows={items.data}
            loading={items.isPending}
            emptyText="No sponsorship items yet."
            line={(item) => (
              <>
                <p className="font-medium">
                  {item.name}
                  {item.isHole ? <span className="ml-2 text-xs font-semibold text-brand-800">Holes 1–{item.quantity}</span> : null}
                </p>
                <p className="text-sm text-stone-700">
                  {formatMoney(item.priceCents, currency)} · FMV {formatMoney(item.fmvCents, currency)} · {item.placesLeft} of{' '}
                  {item.quantity} left
                </p>
                {item.includes ? <p className="text-sm text-stone-600">{item.includes}</p> : null}
              </>
            )}
            onAdd={() => setEditingItem({ item: null })}
            onEdit={(item) => setEditingItem({ item })}
            onDelete={(item) => setDeleting({ kind: 'item', id: item.id, name: item.name })}
          />
          <Section
            title="Golfer Add-ons"
            intro="Mulligans, raffle tickets… bought by leaders per golfer until the editing lock, or sold at check-in."
            addLabel="Add Add-on"
            rows={addons.data}
            loading={addons.isPending}
            emptyText="No add-ons yet."
            line={(addon) => (
              <>
                <p className="font-medium">{addon.name}</p>
                <p className="text-sm text-stone-700">
                  {formatMoney(addon.priceCents, currency)} · FMV {formatMoney(addon.fmvCents, currency)} · at most {addon.maxPerGolfer} per
                  golfer
                </p>
              </>
            )}
            onAdd={() => setEditingAddon({ addon: null })}
            onEdit={(addon) => setEditingAddon({ addon })}
            onDelete={(addon) => setDeleting({ kind: 'addon', id: addon.id, name: addon.name })}
          />
        </>
      ) : (
        <p className="text-sm text-stone-600">Create a tournament first.</p>
      )}
      {editingItem ? <ItemDialog item={editingItem.item} tournamentId={tournamentId} onClose={() => setEditingItem(null)} /> : null}
      {editingAddon ? <AddonDialog addon={editingAddon.addon} tournamentId={tournamentId} onClose={() => setEditingAddon(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.kind === 'item' ? 'Delete sponsorship item?' : 'Delete add-on?'}
        message={
          deleting ? (
            <p>
              <strong>{deleting.name}</strong> will be deleted. Something already bought cannot be deleted.
            </p>
          ) : null
        }
        confirmLabel="Delete"
        busy={keepItems.remove.isPending || keepAddons.remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
