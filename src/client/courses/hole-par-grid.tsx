// The par of every hole of a course, one field per hole. A change is saved when the field is left (or on Enter);
// anything but 3, 4 or 5 is not saved and the field shows the saved par again (spec §5).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COURSE_MESSAGES, isValidPar, PAR } from '../../shared/course-schemas';
import { notifyFailure } from '../admin/notify-failure';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { Dialog } from '../ui/dialog';
import { LoadFailed } from '../ui/load-failed';
import { holesQuery, useSetHolePar, type GolfCourse, type Hole } from './queries';
import { StrokeIndexForm } from './stroke-index-form';
import { commitDraftOn } from '../lib/commit-draft';
import { WholeNumberField } from '../ui/whole-number-field';

export function HoleParDialog({ course, onClose }: { course: GolfCourse; onClose: () => void }) {
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={`${course.name}: Holes`}
      description={`Par ${PAR.min} to ${PAR.max} for each hole. A change is saved when you leave the field.`}
    >
      <HoleParGrid courseId={course.id} />
    </Dialog>
  );
}

function HoleParGrid({ courseId }: { courseId: string }) {
  const holes = useQuery(holesQuery(courseId));
  useFailureToast(holes.isError, 'Failed to fetch course holes');

  if (holes.isPending)
    return (
      <p role="status" className="py-8 text-center text-stone-600">
        Loading holes…
      </p>
    );
  if (holes.isError) return <LoadFailed message="Failed to fetch course holes." onRetry={() => holes.refetch()} />;
  if (holes.data.length === 0) return <p className="py-8 text-center text-stone-600">This course has no holes.</p>;

  const total = holes.data.reduce((sum, h) => sum + h.par, 0);
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="sr-only">Par per hole</legend>
        <div className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {holes.data.map((hole) => (
            <ParField key={hole.holeNumber} courseId={courseId} hole={hole} />
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-stone-700" aria-live="polite">
        {holes.data.length} holes · Total par <strong className="tabular-nums">{total}</strong>
      </p>
      <StrokeIndexForm courseId={courseId} holes={holes.data} />
    </div>
  );
}

function ParField({ courseId, hole }: { courseId: string; hole: Hole }) {
  const setPar = useSetHolePar(courseId);
  const [draft, setDraft] = useState(String(hole.par));
  // A new saved par replaces the draft (adjusted while rendering, not in an effect).
  const [savedPar, setSavedPar] = useState(hole.par);
  if (savedPar !== hole.par) {
    setSavedPar(hole.par);
    setDraft(String(hole.par));
  }

  const commit = () => {
    const par = Number(draft);
    if (par === hole.par && draft.trim() !== '') return;
    if (draft.trim() === '' || !isValidPar(par)) {
      setDraft(String(hole.par));
      notify.info(`${COURSE_MESSAGES.par}: hole ${hole.holeNumber} stays par ${hole.par}`);
      return;
    }
    setPar.mutate(
      { holeNumber: hole.holeNumber, par },
      {
        onSuccess: () => notify.success(`Hole ${hole.holeNumber} saved: par ${par}`),
        onError: (error) => {
          setDraft(String(hole.par));
          notifyFailure('Failed to update hole par')(error);
        },
      },
    );
  };

  return (
    <WholeNumberField
      label={`Hole ${hole.holeNumber}`}
      range={PAR}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      {...commitDraftOn(commit)}
    />
  );
}
