// Adding or editing a golf course. Fewer holes than before removes the highest ones, so that asks first, naming them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  golfCourseSchema,
  removedHolesLabel,
  SLOPE_RANGE,
  TOTAL_HOLES,
  type GolfCourseInput,
  type GolfCourseValues,
} from '../../shared/course-schemas';
import { FormDialog, saveFeedback } from '../admin/form-dialog';
import { bindFields } from '../lib/bind-fields';
import { ConfirmDialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { TextAreaField } from '../ui/text-area-field';
import { useSaveCourse, type GolfCourse } from './queries';
import { WholeNumberField } from '../ui/whole-number-field';

/** `course` null: a new course. */
export function CourseFormDialog({ course, onClose }: { course: GolfCourse | null; onClose: () => void }) {
  const save = useSaveCourse();
  const [shrinking, setShrinking] = useState<GolfCourseValues | null>(null);
  const form = useForm<GolfCourseInput, unknown, GolfCourseValues>({
    resolver: zodResolver(golfCourseSchema),
    defaultValues: course
      ? { name: course.name, totalHoles: course.totalHoles, description: course.description, slope: course.slope, rating: course.rating }
      : { name: '', totalHoles: TOTAL_HOLES.default, description: '', slope: SLOPE_RANGE.default, rating: null },
  });
  const field = bindFields(form);

  const send = (input: GolfCourseValues) =>
    save.mutate(
      { id: course?.id, input },
      { ...saveFeedback('Golf course', Boolean(course), onClose), onSettled: () => setShrinking(null) },
    );
  const submit = form.handleSubmit((input) => (course && input.totalHoles < course.totalHoles ? setShrinking(input) : send(input)));

  return (
    <FormDialog title={course ? 'Edit Golf Course' : 'Add Golf Course'} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" autoComplete="off" {...field('name')} />
        <WholeNumberField
          label="Total holes"
          range={TOTAL_HOLES}
          hint={`${TOTAL_HOLES.min} to ${TOTAL_HOLES.max}. New holes start at par 4.`}
          {...field('totalHoles', { valueAsNumber: true })}
        />
        <div className="grid grid-cols-2 gap-4">
          <Field
            label="Slope"
            type="number"
            inputMode="numeric"
            hint={`${SLOPE_RANGE.min} to ${SLOPE_RANGE.max}; ${SLOPE_RANGE.default} is standard`}
            {...field('slope', { valueAsNumber: true })}
          />
          <Field
            label="Course rating"
            inputMode="decimal"
            hint="Empty: the course's par"
            autoComplete="off"
            {...field('rating', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}
          />
        </div>
        <TextAreaField label="Description" hint="Optional" {...field('description')} />
        <FormActions
          onCancel={onClose}
          label={course ? 'Save Changes' : 'Add Course'}
          busyLabel="Saving…"
          busy={save.isPending}
          className="mt-2"
        />
      </form>
      {course && shrinking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setShrinking(null)}
          title="Remove holes?"
          message={
            <p>
              {shrinking.name} will have {shrinking.totalHoles} holes:{' '}
              <strong>{removedHolesLabel(course.totalHoles, shrinking.totalHoles)}</strong> and{' '}
              {course.totalHoles - shrinking.totalHoles === 1 ? 'its par' : 'their par'} will be removed.
            </p>
          }
          confirmLabel="Remove and Save"
          busy={save.isPending}
          onConfirm={() => send(shrinking)}
        />
      ) : null}
    </FormDialog>
  );
}
