// The one way an admin page picks a tournament (issue 33, docs/decisions/102). The choice lives in the address
// (?tournament=<id>): a reload keeps it, a link shares it, Back returns to the one shown before. The admin nav carries the
// last choice to the next page that picks one (AdminNav), so moving between pages keeps the tournament. An id the page does
// not offer (deleted, closed, mistyped) is passed over for the default: none on a filter page ('All tournaments'), else the
// tournament of the week (defaultTournamentId), else the page's first.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore, type ChangeEvent } from 'react';
import { isUuid } from '../../shared/ids';
import { activeTournamentsQuery } from '../registration/queries';
import { useLocation, useNavigate } from '../router';
import { cn } from '../ui/cn';
import { SelectField } from '../ui/select-field';
import { NamedOptions } from '../ui/select-options';

/** The address's query parameter that names the chosen tournament. */
export const TOURNAMENT_PARAM = 'tournament';

// The last choice, for the nav's links: kept for the tab (sessionStorage, so a reload of a page without a picker keeps it
// too), in memory where storage is refused.
const STORAGE_KEY = 'admin-tournament';
const listeners = new Set<() => void>();
let unstored = '';

function readRemembered(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return unstored;
  }
}

function remember(id: string) {
  if (id === readRemembered()) return;
  unstored = id;
  try {
    if (id) sessionStorage.setItem(STORAGE_KEY, id);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window's quota): `unstored` serves this page's life.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The search part that names a tournament ('' for none): what the nav appends to a page that picks one. */
export function useRememberedTournamentSearch(): string {
  const id = useSyncExternalStore(subscribe, readRemembered, () => '');
  return id ? `?${TOURNAMENT_PARAM}=${encodeURIComponent(id)}` : '';
}

/** A day as the tournaments' dates are written (YYYY-MM-DD), in the browser's time zone. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The tournament a page opens on without a choice, out of the active ones (soonest first): the one being played or starting
 * within a week (the soonest such), because that week everything is about it; else the newest, the one that starts last
 * (spec §2 'default the newest': the one being prepared).
 */
export function defaultTournamentId(
  active: readonly { id: string; startDate: string; endDate: string | null }[] | undefined,
  now: Date,
): string | undefined {
  const today = dayOf(now);
  const weekOn = dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7));
  const ofTheWeek = active?.find((t) => (t.endDate ?? t.startDate) >= today && t.startDate <= weekOn);
  return (ofTheWeek ?? active?.at(-1))?.id;
}

interface Named {
  id: string;
  name: string;
}

export interface TournamentChoice<T extends Named> {
  /** The tournament shown; undefined while the list loads, when there is none, or for 'All tournaments'. */
  tournament: T | undefined;
  /** Its id, '' as for `tournament`. */
  tournamentId: string;
  /** Shows another tournament ('' for all): a new entry in the history, so Back returns to this one. */
  choose: (id: string) => void;
  /** What <TournamentPicker> needs. */
  picker: { items: readonly Named[] | undefined; value: string; onChange: (id: string) => void; anyLabel?: string };
}

/**
 * The tournament an admin page shows, out of `list` (the tournaments the page offers, as its own call answers them).
 * `anyLabel`: the page is a filter whose default is every tournament ('All tournaments').
 */
export function useChosenTournament<T extends Named>(
  list: readonly T[] | undefined,
  { anyLabel }: { anyLabel?: string } = {},
): TournamentChoice<T> {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const asked = new URLSearchParams(search).get(TOURNAMENT_PARAM) ?? '';
  const offered = list?.find((t) => t.id === asked);
  // The default comes from the active tournaments' dates (a call most admin pages make anyway, cached); a filter needs none.
  const active = useQuery({ ...activeTournamentsQuery, enabled: anyLabel == null && list != null && !offered });
  const preferred = defaultTournamentId(active.data?.tournaments, new Date());
  const fallback = anyLabel != null || active.isPending ? undefined : (list?.find((t) => t.id === preferred) ?? list?.[0]);
  const tournament = offered ?? fallback;
  // A filter page (Teams, Payments) need not wait for its list: its filtered call goes at once with the address's
  // tournament, when the id is well formed (the server refuses any other); an unknown one then shows all, as below.
  const loadingId = list == null && anyLabel != null && isUuid(asked) ? asked : '';

  // An id the address names and the page offers is the last choice, whether picked here, reloaded or come back to.
  const offeredId = offered?.id;
  useEffect(() => {
    if (offeredId) remember(offeredId);
  }, [offeredId]);

  const choose = useCallback(
    (id: string) => {
      remember(id);
      // Only the tournament: the page's other choices (a team, a page of the list) belonged to the one left.
      navigate(pathname + (id ? `?${TOURNAMENT_PARAM}=${encodeURIComponent(id)}` : ''));
    },
    [navigate, pathname],
  );
  const tournamentId = tournament?.id ?? loadingId;
  return { tournament, tournamentId, choose, picker: { items: list, value: tournamentId, onChange: choose, anyLabel } };
}

/** The 'Tournament' select of an admin page, bound to useChosenTournament's `picker`. */
export function TournamentPicker({
  items,
  value,
  onChange,
  anyLabel,
  className,
  disabled,
  error,
  placeholder,
  loading,
}: TournamentChoice<Named>['picker'] & {
  className?: string;
  disabled?: boolean;
  error?: string;
  /** A first, empty choice while there is no tournament to show ('Loading…', 'No tournaments'). */
  placeholder?: string;
  /** The list is on its way: the picker stands in its place, disabled, saying 'Loading…' (so nothing below moves when it comes). */
  loading?: boolean;
}) {
  return (
    <SelectField
      label="Tournament"
      // A long tournament name on a phone: the select shows what fits rather than widen the page. The width is the page's
      // (a grid's column), else 28rem: room for a name such as "Riverside Rotary Charity Scramble 2026".
      className={cn('min-w-0 [&_select]:min-w-0', className ?? 'sm:w-[28rem]')}
      value={value}
      disabled={disabled || loading}
      error={error}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
    >
      <NamedOptions items={items} anyLabel={anyLabel ?? (loading ? 'Loading…' : placeholder)} />
    </SelectField>
  );
}
