// /admin/badges (admin, R61): name badges with the golfer's name, team, starting hole and check-in QR, for all the
// tournament's golfers or one team's, printed from the browser's print dialog on Avery 5392 sheets: 4" x 3" badges, 2
// columns by 3 rows on US Letter, the template's margins 1" top and bottom and 0.25" left and right, no gaps between
// badges (docs/decisions/116). On screen the badges sit in a grid that fits a phone; the sheets are laid out for print.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { api, errorMessage } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { activeTournamentsQuery } from '../registration/queries';
import { PrintButton } from '../starting-holes/print-button';
import { QrCode } from '../ui/qr-code';
import { SelectField } from '../ui/select-field';
import { ListState } from '../ui/table';

type Badge = ApiAnswer<'/api/admin/golfers/badges'>['badges'][number];
const PER_SHEET = 6;

/** Avery 5392 on US Letter: one sheet a page, the 6 badges where the template's die cuts are. */
const PRINT_STYLE = `
@media print {
  @page { size: 8.5in 11in; margin: 0; }
  .badge-sheet { width: 8.5in; height: 11in; padding: 1in 0.25in; display: grid; grid-template-columns: 4in 4in;
    grid-template-rows: repeat(3, 3in); gap: 0; break-after: page; box-sizing: border-box; }
  .badge-sheet:last-child { break-after: auto; }
  .badge { width: 4in; height: 3in; border: 0; border-radius: 0; padding: 0.3in; }
}`;

const badgesQuery = (tournamentId: string) => ({
  queryKey: ['admin', 'badges', tournamentId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ApiAnswer<'/api/admin/golfers/badges'>>(`/api/admin/golfers/badges?${new URLSearchParams({ tournamentId })}`, { signal }),
  enabled: Boolean(tournamentId),
});

function NameBadge({ badge, tournamentName }: { badge: Badge; tournamentName: string }) {
  const name = `${badge.firstName} ${badge.lastName}`;
  return (
    <article
      aria-label={`Badge: ${name}`}
      className="badge flex aspect-[4/3] flex-col justify-between gap-2 overflow-hidden rounded-md border border-dashed border-stone-400 bg-white p-4 break-inside-avoid"
    >
      <p className="truncate text-xs font-semibold tracking-wide text-stone-600 uppercase print:text-black">{tournamentName}</p>
      <div className="flex min-h-0 items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-2xl leading-tight font-bold break-words print:text-[26pt]">{badge.firstName}</p>
          <p className="text-lg leading-tight font-semibold break-words print:text-[16pt]">{badge.lastName}</p>
          <p className="mt-2 text-base break-words text-stone-700 print:text-[13pt] print:text-black">{badge.teamName}</p>
        </div>
        <QrCode code={badge.code} label={`Check-in QR code for ${name}`} className="size-28 shrink-0 print:size-[1.35in]" />
      </div>
      <p className="text-base font-semibold print:text-[13pt]">
        {badge.startingHole ? `Starting hole ${badge.startingHole}` : 'Starting hole: not drawn yet'}
      </p>
    </article>
  );
}

export function BadgesPage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker, tournament } = useChosenTournament(tournaments.data?.tournaments);
  const badges = useQuery(badgesQuery(tournamentId));
  const [teamId, setTeamId] = useState('');
  // The screen previews the first sheet (a whole field is 24 sheets: a page too long to scroll or draw); all print.
  const [showAll, setShowAll] = useState(false);
  const all = badges.data?.badges ?? [];
  const teams = [...new Map(all.map((b) => [b.teamId, b.teamName])).entries()];
  const chosen = teamId && teams.some(([id]) => id === teamId) ? all.filter((b) => b.teamId === teamId) : all;
  const sheets = Array.from({ length: Math.ceil(chosen.length / PER_SHEET) }, (_, i) => chosen.slice(i * PER_SHEET, (i + 1) * PER_SHEET));
  const tournamentName = tournament?.name ?? '';
  return (
    <div className="flex flex-col gap-5">
      <title>Badges · Admin · Golf Tournament</title>
      <style>{PRINT_STYLE}</style>
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div>
          <h1 className="text-2xl font-bold">Badges</h1>
          <p className="mt-1 text-stone-700">
            Name badges with each golfer’s check-in QR, for Avery 5392 sheets (4″ × 3″, 6 a sheet). Print at 100% (actual size).
          </p>
        </div>
        {chosen.length ? (
          <PrintButton label={`Print ${chosen.length} ${chosen.length === 1 ? 'badge' : 'badges'}`} />
        ) : badges.isPending ? (
          // Its place is kept while the badges load: on a phone it wraps below the heading, and arriving it pushed the page down.
          <div className="invisible" aria-hidden>
            <PrintButton label="Print badges" />
          </div>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end print:hidden">
        <TournamentPicker {...picker} className="" />
        <SelectField label="Team" value={teamId} onChange={(e) => setTeamId(e.target.value)} disabled={teams.length === 0}>
          <option value="">All teams</option>
          {teams.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      {badges.isError ? (
        <p role="alert" className="text-red-700 print:hidden">
          {errorMessage(badges.error, 'Failed to load the badges')}
        </p>
      ) : (
        <div className="print:hidden">
          <ListState
            loading={Boolean(tournamentId) && badges.isPending}
            error={false}
            empty={badges.isSuccess && chosen.length === 0}
            emptyText="No golfers registered for this tournament yet."
          />
        </div>
      )}
      {sheets.length ? (
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-stone-700 print:hidden">
          {chosen.length} {chosen.length === 1 ? 'badge' : 'badges'} on {sheets.length} {sheets.length === 1 ? 'sheet' : 'sheets'}
          {sheets.length > 1 ? (
            <button type="button" className="min-h-11 font-semibold text-brand-800 underline" onClick={() => setShowAll(!showAll)}>
              {showAll ? 'Show the first sheet only' : `Show all ${sheets.length} sheets (all print either way)`}
            </button>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-col gap-6 print:block">
        {sheets.map((sheet, i) => (
          <section
            key={i}
            aria-label={`Sheet ${i + 1}`}
            className={i === 0 || showAll ? 'badge-sheet grid gap-3 sm:grid-cols-2' : 'badge-sheet hidden gap-3 print:grid'}
          >
            {sheet.map((badge) => (
              <NameBadge key={badge.code} badge={badge} tournamentName={tournamentName} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
