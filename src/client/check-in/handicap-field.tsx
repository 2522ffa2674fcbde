// R29: a golfer's Handicap Index at the check-in desk, saved when the field is left (or on Enter); a value that is not an
// index is not sent and the saved one comes back, with the rule's message.
import { useState } from 'react';
import { handicapFromText, HANDICAP_MESSAGE, isHandicapIndex } from '../../shared/handicap';
import { notifyFailure } from '../admin/notify-failure';
import { notify } from '../lib/toast';
import { useSetHandicap, type Golfer } from './queries';
import { commitDraftOn } from '../lib/commit-draft';

const asText = (value: number | null) => (value == null ? '' : value.toFixed(1));

/** `label` is the short caption shown with the field (its accessible name says whose index it is). */
export function HandicapField({ golfer, name, label = 'Hcp' }: { golfer: Golfer; name: string; label?: string }) {
  const save = useSetHandicap();
  const [draft, setDraft] = useState(asText(golfer.handicapIndex));
  // A new saved value replaces the draft (adjusted while rendering, not in an effect).
  const [savedValue, setSavedValue] = useState(golfer.handicapIndex);
  if (savedValue !== golfer.handicapIndex) {
    setSavedValue(golfer.handicapIndex);
    setDraft(asText(golfer.handicapIndex));
  }

  const commit = () => {
    const value = handicapFromText(draft.trim());
    if (value === golfer.handicapIndex || (value != null && golfer.handicapIndex != null && Math.abs(value - golfer.handicapIndex) < 1e-9))
      return setDraft(asText(golfer.handicapIndex));
    // R29's rule as the server's schema checks it (shared/handicap.ts), without zod in the page's first load (R61).
    if (value !== null && !isHandicapIndex(value)) {
      setDraft(asText(golfer.handicapIndex));
      return notify.error(HANDICAP_MESSAGE);
    }
    save.mutate(
      { id: golfer.id, handicapIndex: value },
      {
        onSuccess: () => notify.success(`Handicap Index saved for ${name}`),
        onError: (error) => {
          setDraft(asText(golfer.handicapIndex));
          notifyFailure('Failed to save the Handicap Index')(error);
        },
      },
    );
  };

  return (
    <label className="flex flex-col items-center gap-0.5 text-xs text-stone-600">
      <input
        aria-label={`Handicap Index of ${name}`}
        inputMode="decimal"
        autoComplete="off"
        placeholder="—"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        {...commitDraftOn(commit)}
        className="h-10 w-16 rounded-md border border-stone-300 px-2 text-center text-base text-stone-900 tabular-nums sm:text-sm"
      />
      <span>{label}</span>
    </label>
  );
}
