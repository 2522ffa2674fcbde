// R29: a course's stroke indexes (which holes receive handicap strokes first), saved together: 1..holes each once, or none.
import { useState } from 'react';
import { COURSE_MESSAGES, strokeIndexesSchema } from '../../shared/course-schemas';
import { notifyFailure } from '../admin/notify-failure';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { ordinal } from './ordinal';
import { useSetStrokeIndexes, type Hole } from './queries';

const asText = (holes: Hole[]) => holes.map((h) => (h.strokeIndex == null ? '' : String(h.strokeIndex)));

export function StrokeIndexForm({ courseId, holes }: { courseId: string; holes: Hole[] }) {
  const save = useSetStrokeIndexes(courseId);
  const [draft, setDraft] = useState(() => asText(holes));
  const [error, setError] = useState<string | null>(null);
  const saved = asText(holes).join(',');
  // New saved indexes replace the draft (adjusted while rendering, not in an effect).
  const [savedText, setSavedText] = useState(saved);
  if (savedText !== saved) {
    setSavedText(saved);
    setDraft(saved.split(','));
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = draft.map((text) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : NaN));
    if (values.some((n) => Number.isNaN(n))) return setError(COURSE_MESSAGES.strokeIndexes(holes.length));
    const parsed = strokeIndexesSchema.safeParse({ strokeIndexes: values });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    save.mutate(values, {
      onSuccess: () => notify.success('Stroke indexes saved'),
      onError: notifyFailure('Failed to save stroke indexes'),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-stone-200 pt-4">
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">Stroke index</legend>
        <p className="mb-2 text-sm text-stone-600">For net scoring: 1 is the hardest hole, {holes.length} the easiest; each number once.</p>
        <div className="grid grid-cols-6 gap-2 sm:grid-cols-9">
          {holes.map((hole, i) => (
            // The par fields above are labelled 'Hole n': these say '12th' (their name: 'Stroke index (12th hole)').
            <label key={hole.holeNumber} className="flex flex-col gap-1 text-xs text-stone-700">
              <span>{ordinal(hole.holeNumber)}</span>
              <input
                aria-label={`Stroke index (${ordinal(hole.holeNumber)} hole)`}
                inputMode="numeric"
                value={draft[i] ?? ''}
                onChange={(event) => setDraft((d) => d.map((v, j) => (j === i ? event.target.value : v)))}
                className="h-10 w-full rounded-md border border-stone-300 px-2 text-center text-base tabular-nums"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {error ?? ''}
      </p>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save stroke indexes'}
        </Button>
      </div>
    </form>
  );
}
