// Check-in (R37): staff selling a golfer an add-on there and then (cash or card in person), recorded with who and when by
// the server. Loaded when Sell is first pressed (golfer-addons.tsx): its form's zod and react-hook-form are not in the
// check-in page's first load (R61, decision 116).
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { addonSaleSchema, type AddonSaleInput } from '../../shared/item-schemas';
import { formatMoney } from '../../shared/money';
import { api, errorMessage } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
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

export function SellAddonDialog({
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
