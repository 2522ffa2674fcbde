// A leader buys add-ons (mulligans, raffle tickets) for each golfer of a team, up to the cap per golfer, until the lock (R37).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { addonOrderSchema } from '../../shared/item-schemas';
import { formatMoney } from '../../shared/money';
import { errorMessage } from '../lib/api';
import { formatDateTime, fullName } from '../lib/format';
import { notify } from '../lib/toast';
import { teamAddonsQuery, useOrderAddons } from '../items/queries';
import { PaymentOption } from '../registration/payment-option';
import { Dialog } from '../ui/dialog';
import { FormActions } from '../ui/form-actions';

export function TeamAddonsDialog({
  teamId,
  teamName,
  currency,
  onClose,
}: {
  teamId: string;
  teamName: string;
  currency: string;
  onClose: () => void;
}) {
  const data = useQuery(teamAddonsQuery(teamId));
  const order = useOrderAddons(teamId);
  // How many of each add-on per golfer: `${playerId}:${addonId}` → count.
  const [counts, setCounts] = useState<Record<string, number>>({});
  const form = useForm<{ paymentOption: 'pay' | 'hold' }>({ defaultValues: { paymentOption: 'hold' } });
  const addons = data.data?.addons ?? [];
  const golfers = data.data?.golfers ?? [];
  const lines = Object.entries(counts)
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => ({ playerId: key.split(':')[0]!, addonId: key.split(':')[1]!, quantity }));
  const total = lines.reduce((sum, line) => sum + (addons.find((a) => a.id === line.addonId)?.priceCents ?? 0) * line.quantity, 0);

  const submit = form.handleSubmit(async ({ paymentOption }) => {
    const parsed = addonOrderSchema.safeParse({ lines, paymentOption });
    if (!parsed.success) return notify.error(parsed.error.issues[0]!.message);
    try {
      const result = await order.mutateAsync(parsed.data);
      notify.success(`Add-ons bought: ${formatMoney(result.totalCents, currency)}`);
      if (result.checkoutUrl) {
        notify.info('Taking you to the secure payment page…');
        window.location.assign(result.checkoutUrl);
        return;
      }
      if (result.checkoutError) notify.error(result.checkoutError);
      else if (result.holdUntil) notify.info(`Held until ${formatDateTime(result.holdUntil, { withZone: true })}`);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to buy add-ons'));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Add-ons for ${teamName}`} wide>
      {data.isPending ? (
        <p className="text-sm text-stone-600">Loading…</p>
      ) : data.isError ? (
        <p className="text-sm text-red-700">Failed to load add-ons</p>
      ) : addons.length === 0 ? (
        <p className="text-sm text-stone-700">This tournament offers no add-ons.</p>
      ) : (
        <FormProvider {...form}>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3">
              {golfers.map((golfer) => (
                <li key={golfer.id} className="rounded-md border border-stone-300 p-3">
                  <p className="font-medium">{fullName(golfer) || 'Golfer'}</p>
                  {golfer.addons.length ? (
                    <p className="text-sm text-stone-600">Has: {golfer.addons.map((a) => `${a.name} × ${a.quantity}`).join(', ')}</p>
                  ) : null}
                  <div className="mt-2 flex flex-wrap gap-4">
                    {addons.map((addon) => {
                      const has = golfer.addons.filter((a) => a.addonId === addon.id).reduce((n, a) => n + a.quantity, 0);
                      const left = Math.max(0, addon.maxPerGolfer - has);
                      const key = `${golfer.id}:${addon.id}`;
                      return (
                        <label key={addon.id} className="flex items-center gap-2 text-sm">
                          <span>
                            {addon.name} ({formatMoney(addon.priceCents, currency)})
                          </span>
                          <select
                            aria-label={`${addon.name} for ${fullName(golfer)}`}
                            className="rounded-md border border-stone-300 bg-white px-2 py-1"
                            value={counts[key] ?? 0}
                            disabled={left === 0}
                            onChange={(e) => setCounts((c) => ({ ...c, [key]: Number(e.target.value) }))}
                          >
                            {Array.from({ length: left + 1 }, (_, n) => (
                              <option key={n} value={n}>
                                {n}
                              </option>
                            ))}
                          </select>
                        </label>
                      );
                    })}
                  </div>
                </li>
              ))}
            </ul>
            <p className="font-semibold">Total {formatMoney(total, currency)}</p>
            <PaymentOption />
            <FormActions onCancel={onClose} label="Buy Add-ons" busyLabel="Buying…" busy={order.isPending} disabled={lines.length === 0} />
          </form>
        </FormProvider>
      )}
    </Dialog>
  );
}
