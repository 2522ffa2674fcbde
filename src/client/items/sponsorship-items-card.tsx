// Beside the team levels: the sponsorship items of the open tournaments (places left, 'Sold out'), and buying one: a hole
// sponsor picks a free hole; the sponsor's name and logo show on the signs; paid by card or held (R36).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { SOLD_OUT_LABEL } from '../../shared/capacity';
import { IMAGE_ACCEPT, imageFileProblem } from '../../shared/image-rules';
import { itemPurchaseSchema, type ItemPurchaseInput } from '../../shared/item-schemas';
import { formatMoney } from '../../shared/money';
import type { Me } from '../auth/session';
import { displayName } from '../auth/session';
import { ApiError, errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { formatDateTime } from '../lib/format';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { PaymentOption } from '../registration/payment-option';
import { PriceSummary } from '../pricing/price-summary';
import type { ActiveTournament } from '../registration/queries';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { cn } from '../ui/cn';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import { itemsQuery, uploadImage, useBuyItem, type SponsorshipItem } from './queries';

function TournamentItems({
  tournament,
  currency,
  onBuy,
}: {
  tournament: ActiveTournament;
  currency: string;
  onBuy: (item: SponsorshipItem) => void;
}) {
  const items = useQuery(itemsQuery(tournament.id));
  if (items.isPending) return <p className="text-sm text-stone-600">Loading sponsorships…</p>;
  if (items.isError) return <p className="text-sm text-red-700">Failed to load sponsorships</p>;
  if (items.data.items.length === 0) return null;
  return (
    <section aria-label={`Sponsorships for ${tournament.name}`} className="flex flex-col gap-3">
      <h3 className="font-semibold">{tournament.name}</h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.data.items.map((item) => {
          const soldOut = item.placesLeft === 0;
          return (
            <li
              key={item.id}
              className={cn(
                'flex flex-col gap-2 rounded-lg border p-4',
                soldOut ? 'border-stone-200 bg-stone-100' : 'border-stone-300 bg-white',
              )}
            >
              <div className="flex items-start justify-between gap-2">
                <p className="font-semibold">{item.name}</p>
                <p className="shrink-0 font-semibold">{formatMoney(item.priceCents, currency)}</p>
              </div>
              {item.includes ? <p className="text-sm text-stone-600">{item.includes}</p> : null}
              <p className={cn('text-sm font-medium', soldOut ? 'text-red-700' : 'text-brand-800')}>
                {soldOut ? SOLD_OUT_LABEL : `${item.placesLeft} of ${item.quantity} left`}
              </p>
              <Button
                size="sm"
                variant="secondary"
                className="self-start"
                disabled={soldOut || !tournament.registrationOpen}
                onClick={() => onBuy(item)}
                aria-label={`Sponsor: ${item.name}`}
              >
                Sponsor
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function BuyItemDialog({ item, me, currency, onClose }: { item: SponsorshipItem; me: Me; currency: string; onClose: () => void }) {
  const buy = useBuyItem();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const form = useForm<ItemPurchaseInput>({
    resolver: zodResolver(itemPurchaseSchema),
    defaultValues: {
      itemId: item.id,
      holeNumber: item.isHole ? (item.freeHoles[0] ?? null) : null,
      sponsorName: me.profile?.company || displayName(me),
      contactName: displayName(me),
      contactEmail: me.user.email,
      paymentOption: 'hold',
      logoImageId: null,
      code: '',
      coverFee: false,
    },
  });
  const field = bindFields(form);

  const chooseLogo = (file: File | null) => {
    setLogo(file);
    // The browser's checks are a courtesy; the server decides by the file's content.
    setLogoError(file ? imageFileProblem(file) : undefined);
  };

  const submit = form.handleSubmit(async (input) => {
    if (logoError) return;
    try {
      let logoImageId: string | null = null;
      if (logo) {
        setUploading(true);
        logoImageId = (await uploadImage(logo)).id;
      }
      const { purchase, checkoutUrl, checkoutError } = await buy.mutateAsync({ ...input, logoImageId });
      notify.success(
        `${purchase.itemName}${purchase.holeNumber ? ` (hole ${purchase.holeNumber})` : ''} is yours` +
          (purchase.discountCode ? `: ${formatMoney(purchase.amountCents, currency)} with code ${purchase.discountCode}` : ''),
      );
      if (checkoutUrl) {
        // The place is taken; Stripe's page takes the card, and the return page says 'Payment received' once the webhook
        // has confirmed it.
        notify.info('Taking you to the secure payment page…');
        window.location.assign(checkoutUrl);
        return;
      }
      if (checkoutError) notify.error(checkoutError);
      else if (purchase.holdUntil) notify.info(`Your place is held until ${formatDateTime(purchase.holdUntil, { withZone: true })}`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.file) setLogoError(error.fields.file);
      else if (error instanceof ApiError && error.fields) applyServerErrors(form, error);
      notify.error(errorMessage(error, 'Failed to buy the sponsorship'));
    } finally {
      setUploading(false);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Sponsor: ${item.name}`}>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-stone-700">
            {formatMoney(item.priceCents, currency)}
            {item.includes ? ` · ${item.includes}` : ''}
          </p>
          {item.isHole ? (
            <SelectField label="Hole" {...field('holeNumber', { setValueAs: (v) => (v === '' ? null : Number(v)) })}>
              {item.freeHoles.map((hole) => (
                <option key={hole} value={hole}>
                  Hole {hole}
                </option>
              ))}
            </SelectField>
          ) : null}
          <Field label="Sponsor name to show" {...field('sponsorName')} />
          <div className="flex flex-col gap-1">
            <label htmlFor="sponsor-logo" className="text-sm font-medium text-stone-800">
              Logo (optional)
            </label>
            <input
              id="sponsor-logo"
              type="file"
              accept={IMAGE_ACCEPT}
              aria-describedby="sponsor-logo-hint sponsor-logo-error"
              aria-invalid={Boolean(logoError)}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
              onChange={(e) => chooseLogo(e.target.files?.[0] ?? null)}
            />
            <p id="sponsor-logo-hint" className="text-sm text-stone-600">
              PNG, JPEG or WebP, at most 2 MB
            </p>
            <p id="sponsor-logo-error" role="alert" className="text-sm text-red-700 empty:hidden">
              {logoError ?? ''}
            </p>
          </div>
          <Field label="Contact name" autoComplete="name" {...field('contactName')} />
          <Field label="Contact e-mail" type="email" autoComplete="email" {...field('contactEmail')} />
          <PaymentOption />
          {/* R57, R58: 'Apply' and the fee's tick, priced by the server with the function the purchase is charged with. */}
          <PriceSummary tournamentId={item.tournamentId} itemId={item.id} currency={currency} fallbackCents={item.priceCents}>
            <FormActions
              onCancel={onClose}
              label="Buy"
              busyLabel={uploading ? 'Uploading…' : 'Buying…'}
              busy={uploading || buy.isPending}
            />
          </PriceSummary>
        </form>
      </FormProvider>
    </Dialog>
  );
}

/** The dashboard's card of sponsorship items for the open tournaments; nothing when none sells any. */
export function SponsorshipItemsCard({ me, tournaments, currency }: { me: Me; tournaments: ActiveTournament[]; currency: string }) {
  const [buying, setBuying] = useState<SponsorshipItem | null>(null);
  if (tournaments.length === 0) return null;
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <CardTitle>Sponsorships</CardTitle>
        <p className="mt-1 text-sm text-stone-600">Hole signs, the beverage cart, lunch and more: each with your name and logo.</p>
      </div>
      {tournaments.map((t) => (
        <TournamentItems key={t.id} tournament={t} currency={currency} onBuy={setBuying} />
      ))}
      {buying ? <BuyItemDialog item={buying} me={me} currency={currency} onClose={() => setBuying(null)} /> : null}
    </Card>
  );
}
