// A sponsored hole's sponsor (R36), on its starting sheet row and its cart signs: the logo (when uploaded) and the name.
import type { ApiAnswer } from '../lib/api-types';

export type HoleSponsor = ApiAnswer<'/api/admin/tournaments/:id/starting-sheet'>['holeSponsors'][number];

export function HoleSponsorLine({ sponsor, compact = false }: { sponsor: HoleSponsor; compact?: boolean }) {
  const logo = sponsor.logoUrl ? (
    <img
      src={sponsor.logoUrl}
      alt={`${sponsor.sponsorName} logo`}
      width={compact ? 64 : 160}
      height={compact ? 32 : 80}
      className={compact ? 'h-8 w-16 object-contain' : 'h-20 w-40 object-contain'}
    />
  ) : null;
  if (compact)
    return (
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <span>Hole sponsored by</span>
        {logo}
        <span className="font-semibold">{sponsor.sponsorName}</span>
      </p>
    );
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <p className="text-sm font-semibold tracking-wide text-stone-700 uppercase print:text-black">Hole sponsored by</p>
      <p className="flex flex-wrap items-center justify-center gap-3 text-xl font-semibold">
        {logo}
        <span>{sponsor.sponsorName}</span>
      </p>
    </div>
  );
}
