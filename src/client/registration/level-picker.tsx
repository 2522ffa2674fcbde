// Step 1: choose a tournament, then one of its sponsorship levels (price, places left, description).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { JOIN_WAITLIST_LABEL } from '../../shared/waitlist-schemas';
import { Button } from '../ui/button';
import { WaitlistJoin } from './waitlist-join';
import { SINGLE_PLACES_SOLD_OUT_LABEL, SOLD_OUT_LABEL } from '../../shared/capacity';
import { formatMoney } from '../../shared/money';
import { earlyEndText } from '../../shared/event-page';
import { PLAYERS_PER_TEAM } from '../../shared/team-schemas';
import { formatDateRange } from '../lib/format';
import { useFailureToast } from '../lib/use-failure-toast';
import { cn } from '../ui/cn';
import { SelectField } from '../ui/select-field';
import { levelsQuery, type ActiveTournament, type OfferedLevel } from './queries';

interface Props {
  tournaments: ActiveTournament[];
  currency: string;
  tournamentId: string;
  levelId: string;
  /** What Continue found missing ('Please select a tournament' / '… a sponsorship level'). */
  errors: { tournament?: string; level?: string };
  onTournament: (id: string) => void;
  onLevel: (level: OfferedLevel) => void;
  /** R43: buy a single place at a level that sells them (goes straight to the golfer's form). */
  onSingle?: (level: OfferedLevel) => void;
}

export function LevelPicker({ tournaments, currency, tournamentId, levelId, errors, onTournament, onLevel, onSingle }: Props) {
  const levels = useQuery(levelsQuery(tournamentId));
  useFailureToast(levels.isError, 'Failed to fetch sponsorship levels');
  // The sold-out level whose waitlist form is open (R25).
  const [joining, setJoining] = useState<OfferedLevel | null>(null);

  return (
    <div className="flex flex-col gap-5">
      <SelectField label="Tournament" value={tournamentId} error={errors.tournament} onChange={(e) => onTournament(e.target.value)}>
        <option value="">Select a tournament</option>
        {tournaments.map((t) => (
          <option key={t.id} value={t.id} disabled={!t.registrationOpen}>
            {t.name} ({formatDateRange(t.startDate, t.endDate)}){t.registrationOpen ? '' : ' · registration closed'}
          </option>
        ))}
      </SelectField>

      {tournamentId ? (
        <fieldset aria-describedby={errors.level ? 'level-error' : undefined}>
          <legend className="text-sm font-semibold text-stone-800">Sponsorship level</legend>
          <p className="mt-1 text-sm text-stone-600">All teams are limited to {PLAYERS_PER_TEAM} players.</p>
          {levels.isPending ? (
            <p role="status" className="mt-3 text-sm text-stone-600">
              Loading sponsorship levels…
            </p>
          ) : levels.isError ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              Failed to fetch sponsorship levels
            </p>
          ) : levels.data.length === 0 ? (
            <p className="mt-3 rounded-md bg-stone-100 p-4 text-sm text-stone-700">No sponsorship levels configured for this tournament.</p>
          ) : (
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {levels.data.map((level) => {
                const soldOut = level.placesLeft === 0;
                return (
                  // A sold-out level cannot be chosen; it offers its waitlist instead (R25).
                  <div key={level.id} className="flex flex-col gap-2">
                    <label
                      className={cn(
                        'flex flex-1 gap-3 rounded-lg border p-4',
                        soldOut ? 'cursor-not-allowed border-stone-200 bg-stone-100 text-stone-500' : 'cursor-pointer bg-white',
                        levelId === level.id ? 'border-brand-700 ring-2 ring-brand-700' : 'border-stone-300',
                      )}
                    >
                      <input
                        type="radio"
                        name="sponsorship-level"
                        className="mt-1 size-4 accent-brand-800"
                        checked={levelId === level.id}
                        disabled={soldOut}
                        onChange={() => onLevel(level)}
                      />
                      <span className="flex-1">
                        <span className="block font-semibold text-stone-900">{level.name}</span>
                        {level.earlyPriceCents !== null ? (
                          <span className="mt-0.5 block">
                            <s className="mr-2 text-stone-500">{formatMoney(level.priceCents, currency)}</s>
                            <span className="font-semibold">{formatMoney(level.earlyPriceCents, currency)} per team</span>
                            <span className="block text-sm text-brand-800">Early-bird price until {earlyEndText(level.earlyUntil!)}</span>
                          </span>
                        ) : (
                          <span className="mt-0.5 block font-semibold">{formatMoney(level.priceCents, currency)} per team</span>
                        )}
                        <span className={cn('mt-1 block text-sm font-medium', soldOut ? 'text-red-700' : 'text-brand-800')}>
                          {soldOut
                            ? SOLD_OUT_LABEL
                            : `${level.placesLeft} of ${level.maxTeams} ${level.maxTeams === 1 ? 'place' : 'places'} left`}
                        </span>
                        {level.description ? <span className="mt-1 block text-sm text-stone-600">{level.description}</span> : null}
                      </span>
                    </label>
                    {level.singlePriceCents != null && onSingle ? (
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <Button
                          type="button"
                          variant="secondary"
                          size="sm"
                          disabled={level.singlePlacesLeft === 0}
                          onClick={() => onSingle(level)}
                          aria-label={`Buy a single place at ${level.name}, ${formatMoney(level.singlePriceCents, currency)}`}
                        >
                          Buy a single place · {formatMoney(level.singlePriceCents, currency)}
                        </Button>
                        <span className="text-sm text-stone-600">
                          {level.singlePlacesLeft === 0
                            ? SINGLE_PLACES_SOLD_OUT_LABEL
                            : `One golfer; we find the team (${level.singlePlacesLeft} left)`}
                        </span>
                      </div>
                    ) : null}
                    {soldOut ? (
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        className="self-start"
                        onClick={() => setJoining(level)}
                        aria-label={`${JOIN_WAITLIST_LABEL} for ${level.name}`}
                      >
                        {JOIN_WAITLIST_LABEL}
                      </Button>
                    ) : null}
                  </div>
                );
              })}
            </div>
          )}
          <p id="level-error" aria-live="polite" className="mt-2 text-sm text-red-700 empty:hidden">
            {errors.level ?? ''}
          </p>
          {joining ? (
            <div className="mt-3">
              <WaitlistJoin key={joining.id} level={joining} onDone={() => setJoining(null)} />
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
