// /admin/golf-courses (admins): the courses tournaments are played on, with the par of every hole.
import { useQuery } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { AdminListPage, DeleteDialog, EditDeleteActions } from '../admin/admin-list-page';
import { Button } from '../ui/button';
import { Td, Th } from '../ui/table';
import { CourseFormDialog } from './course-form-dialog';
import { HoleParDialog } from './hole-par-grid';
import { coursesQuery, useDeleteCourse, type GolfCourse } from './queries';

type Open =
  { kind: 'form'; course: GolfCourse | null } | { kind: 'holes'; course: GolfCourse } | { kind: 'delete'; course: GolfCourse } | null;

export function GolfCoursesPage() {
  const courses = useQuery(coursesQuery);
  const remove = useDeleteCourse();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <AdminListPage
      title="Golf Courses"
      intro="Courses a tournament can be played on, and the par of each hole."
      addLabel="Add Course"
      onAdd={() => setOpen({ kind: 'form', course: null })}
      label="Golf courses"
      query={courses}
      emptyText="No golf courses yet. Add one: its holes start at par 4."
      card={(course) => (
        <>
          <p className="font-medium">{course.name}</p>
          <p className="text-sm text-stone-700">
            {course.totalHoles} holes · par {course.parTotal}
          </p>
          {course.description ? <p className="line-clamp-2 text-sm text-stone-600">{course.description}</p> : null}
        </>
      )}
      columns={
        <>
          <Th>Name</Th>
          <Th className="text-right">Holes</Th>
          <Th className="text-right">Par</Th>
          <Th>Description</Th>
        </>
      }
      cells={(course) => (
        <>
          <Td className="min-w-36 font-medium">{course.name}</Td>
          <Td className="text-right tabular-nums">{course.totalHoles}</Td>
          <Td className="text-right tabular-nums">{course.parTotal}</Td>
          <Td className="max-w-xs text-stone-700">
            <span className="line-clamp-2">{course.description || <span className="text-stone-500">None</span>}</span>
          </Td>
        </>
      )}
      actions={(course) => (
        <>
          <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => setOpen({ kind: 'holes', course })}>
            <ListOrdered aria-hidden className="size-4" />
            View Holes<span className="sr-only"> of {course.name}</span>
          </Button>
          <EditDeleteActions
            name={course.name}
            onEdit={() => setOpen({ kind: 'form', course })}
            onDelete={() => setOpen({ kind: 'delete', course })}
          />
        </>
      )}
    >
      {open?.kind === 'form' ? <CourseFormDialog course={open.course} onClose={close} /> : null}
      {open?.kind === 'holes' ? <HoleParDialog course={open.course} onClose={close} /> : null}
      <DeleteDialog
        target={open?.kind === 'delete' ? open.course : null}
        onClose={close}
        remove={remove}
        noun="Golf course"
        title="Delete golf course?"
        confirmLabel="Delete Course"
        message={(course) => (
          <p>
            <strong>{course.name}</strong> and the par of its {course.totalHoles} holes will be deleted. A course that a tournament uses
            cannot be deleted until the tournament stops using it.
          </p>
        )}
      />
    </AdminListPage>
  );
}
