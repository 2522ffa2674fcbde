// Check-in (R37): each golfer's add-ons, and the button that sells another there and then. The sale's dialog and its form
// load when Sell is first pressed, fetched ahead when the pointer or the focus reaches the button (R61's 120 KB first
// load, decision 116).
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../ui/button';
import type { Golfer } from './queries';

const loadSellAddon = () => import('./sell-addon-dialog');
const SellAddonDialog = lazy(() => loadSellAddon().then((m) => ({ default: m.SellAddonDialog })));
// A failed fetch ahead is retried, and reported, when the dialog opens.
const prefetchSellAddon = () => void loadSellAddon().catch(() => undefined);

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
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setSelling(true)}
        onPointerEnter={prefetchSellAddon}
        onFocus={prefetchSellAddon}
        aria-label={`Sell an add-on to ${name}`}
      >
        <Plus aria-hidden className="size-4" /> Sell
      </Button>
      {selling ? (
        <Suspense fallback={null}>
          <SellAddonDialog golfer={golfer} name={name} tournamentId={tournamentId} currency={currency} onClose={() => setSelling(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
