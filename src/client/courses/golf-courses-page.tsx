// /admin/golf-courses (admins): the courses tournaments are played on, with the par of every hole.
import { useQuery } from '@tanstack/react-query';
import { ListOrdered, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { notifyFailure } from '../admin/notify-failure';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { ActionsTh, ListState, Table, Td, Th, Tr } from '../ui/table';
import { CourseFormDialog } from './course-form-dialog';
import { HoleParDialog } from './hole-par-grid';
import { coursesQuery, useDeleteCourse, type GolfCourse } from './queries';

type Open = { kind: 'form'; course: GolfCourse | null } | { kind: 'holes'; course: GolfCourse } | { kind: 'delete'; course: GolfCourse } | null;

export function GolfCoursesPage() {
  const courses = useQuery(coursesQuery);
  const remove = useDeleteCourse();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = courses.data ?? [];

  const confirmDelete = (course: GolfCourse) =>
    remove.mutate(course.id, {
      onSuccess: () => notify.success('Golf course deleted'),
      onError: notifyFailure('Failed to delete golf course'),
      onSettled: close,
    });

  return (
    <div className="flex flex-col gap-4">
      <title>Golf Courses · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Golf Courses</h1>
          <p className="mt-1 text-sm text-stone-600">Courses a tournament can be played on, and the par of each hole.</p>
        </div>
        <Button onClick={() => setOpen({ kind: 'form', course: null })}>
          <Plus aria-hidden className="size-4" />
          Add Course
        </Button>
      </div>

      {rows.length ? (
        // A phone: one card per course, its actions in reach.
        <ul aria-label="Golf courses" className="flex flex-col gap-2 sm:hidden">
          {rows.map((course) => (
            <li key={course.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
              <div>
                <p className="font-medium">{course.name}</p>
                <p className="text-sm text-stone-700">
                  {course.totalHoles} holes · par {course.parTotal}
                </p>
                {course.description ? <p className="line-clamp-2 text-sm text-stone-600">{course.description}</p> : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <CourseActions course={course} onOpen={setOpen} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length ? (
        <Table caption="Golf courses" className="hidden sm:block">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th className="text-right">Holes</Th>
              <Th className="text-right">Par</Th>
              <Th>Description</Th>
              <ActionsTh className="text-right" />
            </tr>
          </thead>
          <tbody>
            {rows.map((course) => (
              <Tr key={course.id}>
                <Td className="min-w-36 font-medium">{course.name}</Td>
                <Td className="text-right tabular-nums">{course.totalHoles}</Td>
                <Td className="text-right tabular-nums">{course.parTotal}</Td>
                <Td className="max-w-xs text-stone-700">
                  <span className="line-clamp-2">{course.description || <span className="text-stone-500">None</span>}</span>
                </Td>
                <Td>
                  <div className="flex justify-end gap-2">
                    <CourseActions course={course} onOpen={setOpen} />
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <div className="rounded-lg border border-stone-200 bg-white">
          <ListState
            loading={courses.isPending}
            error={courses.isError}
            empty
            emptyText="No golf courses yet. Add one: its holes start at par 4."
            onRetry={() => courses.refetch()}
          />
        </div>
      )}

      {open?.kind === 'form' ? <CourseFormDialog course={open.course} onClose={close} /> : null}
      {open?.kind === 'holes' ? <HoleParDialog course={open.course} onClose={close} /> : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && close()}
          title="Delete golf course?"
          message={
            <p>
              <strong>{open.course.name}</strong> and the par of its {open.course.totalHoles} holes will be deleted. A course that a tournament uses cannot be
              deleted until the tournament stops using it.
            </p>
          }
          confirmLabel="Delete Course"
          busy={remove.isPending}
          onConfirm={() => confirmDelete(open.course)}
        />
      ) : null}
    </div>
  );
}

/** View Holes, Edit and Delete of one course: in its table row, or on its card on a phone. */
function CourseActions({ course, onOpen }: { course: GolfCourse; onOpen: (open: Open) => void }) {
  return (
    <>
      <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => onOpen({ kind: 'holes', course })}>
        <ListOrdered aria-hidden className="size-4" />
        View Holes<span className="sr-only"> of {course.name}</span>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => onOpen({ kind: 'form', course })}>
        <Pencil aria-hidden className="size-4" />
        Edit<span className="sr-only"> {course.name}</span>
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onOpen({ kind: 'delete', course })}>
        <Trash2 aria-hidden className="size-4" />
        Delete<span className="sr-only"> {course.name}</span>
      </Button>
    </>
  );
}
