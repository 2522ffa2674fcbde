// A sponsored hole's sponsor (R36), on its starting sheet row and its cart signs: the logo (when uploaded) and the name.
import type { ApiAnswer } from '../lib/api-types';

export type HoleSponsor = ApiAnswer<'/api/admin/tournaments/:id/starting-sheet'>['holeSponsors'][number];

export function HoleSponsorLine({ sponsor, compact = false }: { sponsor: HoleSponsor; compact?: boolean }) {
  return (
    <p className={compact ? 'mt-1 flex items-center gap-2 text-sm text-stone-700' : 'flex items-center justify-center gap-3 text-lg'}>
      <span>Hole sponsored by</span>
      {sponsor.logoUrl ? (
        <img
          src={sponsor.logoUrl}
          alt={`${sponsor.sponsorName} logo`}
          width={compact ? 64 : 160}
          height={compact ? 32 : 80}
          className={compact ? 'h-8 w-16 object-contain' : 'h-20 w-40 object-contain'}
        />
      ) : null}
      <span className="font-semibold">{sponsor.sponsorName}</span>
    </p>
  );
}
