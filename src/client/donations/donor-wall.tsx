// The donor wall (R35): thanks by name where the donor allowed it, 'Anonymous' otherwise; no amounts.
import type { UseQueryResult } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import type { Donors } from './queries';

/** `donors`: the page's own read of donorsQuery (it waits for it before drawing the wall beside the gift). */
export function DonorWall({ donors }: { donors: UseQueryResult<Donors> }) {
  return (
    <section aria-labelledby="donor-wall" className="flex flex-col gap-3">
      <h2 id="donor-wall" className="text-lg font-semibold">
        Thank you to our donors
      </h2>
      {donors.isError ? (
        <p className="text-sm text-stone-600">The donor wall could not be loaded.</p>
      ) : donors.data && donors.data.length === 0 ? (
        <p className="text-sm text-stone-600">Be the first to give.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Donors">
          {donors.data?.map((donor) => (
            <li key={donor.id} className="flex items-start gap-2 rounded-md border border-stone-200 bg-white px-3 py-2">
              <Heart aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span>
                <span className="font-medium">{donor.name}</span>
                {donor.dedication ? <span className="block text-sm text-stone-600">{donor.dedication}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
