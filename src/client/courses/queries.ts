// Golf courses and their holes (admin): the lists and the calls that change them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GolfCourseValues } from '../../shared/course-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type GolfCourse = ApiAnswer<'/api/admin/courses'>['courses'][number];
export type Hole = ApiAnswer<'/api/admin/courses/:id/holes'>['holes'][number];

const BASE = '/api/admin/courses';

export const coursesQuery = queryOptions({
  queryKey: ['admin', 'courses'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/courses'>>(BASE, { signal }).then((r) => r.courses),
});

export const holesQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['admin', 'courses', courseId, 'holes'],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/courses/:id/holes'>>(`${BASE}/${courseId}/holes`, { signal }).then((r) => r.holes),
  });

/** Creates a course, or saves the one with `id` (its holes follow the total). Refreshes the list and any open hole grid. */
export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GolfCourseValues }) =>
      api<ApiAnswer<'/api/admin/courses', 'post'>>(id ? `${BASE}/${id}` : BASE, { method: id ? 'PUT' : 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey }),
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey }),
  });
}

export function useSetHolePar(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holeNumber, par }: Pick<Hole, 'holeNumber' | 'par'>) =>
      api<ApiAnswer<'/api/admin/courses/:id/holes/:holeNumber', 'put'>>(`${BASE}/${courseId}/holes/${holeNumber}`, {
        method: 'PUT',
        body: { par },
      }),
    onSuccess: ({ hole }) => {
      queryClient.setQueryData(holesQuery(courseId).queryKey, (holes) => holes?.map((h) => (h.holeNumber === hole.holeNumber ? hole : h)));
      // The list's total par; refetched on its own so the grid keeps its focus and values.
      return queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey, exact: true });
    },
  });
}

/** R29: every hole's stroke index in one save (all 1..holes each once, or none). */
export function useSetStrokeIndexes(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (strokeIndexes: (number | null)[]) =>
      api<ApiAnswer<'/api/admin/courses/:id/stroke-indexes', 'put'>>(`${BASE}/${courseId}/stroke-indexes`, {
        method: 'PUT',
        body: { strokeIndexes },
      }),
    onSuccess: ({ holes }) => queryClient.setQueryData(holesQuery(courseId).queryKey, holes),
  });
}
