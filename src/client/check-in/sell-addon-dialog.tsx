// Check-in (R37): each golfer's add-ons, and staff selling one there and then (cash or card in person), recorded with who
// and when by the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { addonSaleSchema, type AddonSaleInput } from '../../shared/item-schemas';
import { formatMoney } from '../../shared/money';
import { api, errorMessage } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import type { Golfer } from './queries';

const addonsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['addons', tournamentId],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/addons'>>(`/api/addons?tournamentId=${tournamentId}`, { signal }).then((r) => r.addons),
    enabled: Boolean(tournamentId),
  });

function useSellAddon(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddonSaleInput) =>
      api<ApiAnswer<'/api/admin/golfers/:playerId/addons', 'post'>>(`/api/admin/golfers/${playerId}/addons`, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'golfers'] }),
  });
}

function SellAddonDialog({
  golfer,
  name,
  tournamentId,
  currency,
  onClose,
}: {
  golfer: Golfer;
  name: string;
  tournamentId: string;
  currency: string;
  onClose: () => void;
}) {
  const addons = useQuery(addonsQuery(tournamentId));
  const sell = useSellAddon(golfer.id);
  const form = useForm<AddonSaleInput>({
    resolver: zodResolver(addonSaleSchema),
    defaultValues: { addonId: '', quantity: 1, method: 'cash' },
  });
  const { errors } = form.formState;
  const field = bindFields(form);
  const chosen = addons.data?.find((a) => a.id === form.watch('addonId'));
  const submit = form.handleSubmit((input) =>
    sell.mutate(input, {
      onSuccess: () => {
        notify.success(`Sold to ${name}`);
        onClose();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        notify.error(errorMessage(error, 'Failed to record the sale'));
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Sell an add-on to ${name}`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <SelectField label="Add-on" {...field('addonId')}>
          <option value="">Choose an add-on</option>
          {addons.data?.map((addon) => (
            <option key={addon.id} value={addon.id}>
              {addon.name} · {formatMoney(addon.priceCents, currency)} (at most {addon.maxPerGolfer} per golfer)
            </option>
          ))}
        </SelectField>
        <SelectField label="How many" {...field('quantity', { valueAsNumber: true })}>
          {Array.from({ length: chosen?.maxPerGolfer ?? 10 }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">Paid by</legend>
          <div className="mt-2 flex gap-4">
            {(['cash', 'card'] as const).map((method) => (
              <label key={method} className="flex items-center gap-2 text-sm">
                <input type="radio" value={method} className="size-4 accent-brand-800" {...form.register('method')} />
                {method === 'cash' ? 'Cash' : 'Card (in person)'}
              </label>
            ))}
          </div>
          {errors.method ? <p className="mt-1 text-sm text-red-700">{errors.method.message}</p> : null}
        </fieldset>
        {chosen ? <p className="font-semibold">Total {formatMoney(chosen.priceCents * (form.watch('quantity') || 0), currency)}</p> : null}
        <FormActions onCancel={onClose} label="Record Sale" busyLabel="Saving…" busy={sell.isPending} />
      </form>
    </Dialog>
  );
}

/** A golfer's add-ons on the check-in page, with the button that sells another. */
export function GolferAddons({
  golfer,
  name,
  tournamentId,
  currency,
}: {
  golfer: Golfer;
  name: string;
  tournamentId: string;
  currency: string;
}) {
  const [selling, setSelling] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {golfer.addons.length ? (
        <ul aria-label={`Add-ons of ${name}`} className="flex flex-wrap gap-1">
          {golfer.addons.map((a) => (
            <li
              key={`${a.addonId}-${a.paid}`}
              className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800 ring-1 ring-stone-300"
            >
              {a.name} × {a.quantity}
              {a.paid ? '' : ' (unpaid)'}
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-xs text-stone-600">No add-ons</span>
      )}
      <Button variant="ghost" size="sm" onClick={() => setSelling(true)} aria-label={`Sell an add-on to ${name}`}>
        <Plus aria-hidden className="size-4" /> Sell
      </Button>
      {selling ? (
        <SellAddonDialog golfer={golfer} name={name} tournamentId={tournamentId} currency={currency} onClose={() => setSelling(false)} />
      ) : null}
    </div>
  );
}
