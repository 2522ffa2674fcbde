// The golfer's own answer page (R42) and staff's questions and answers: reads and saves.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GolferAnswersInput, GolferQuestionInput } from '../../shared/golfer-answer-schemas';
import { api, retryUnlessRefused } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type AnswerPage = ApiAnswer<'/api/golfer-answers/:token'>;
export type GolferAnswersList = ApiAnswer<'/api/admin/golfer-answers'>;

const answerPath = (token: string) => `/api/golfer-answers/${encodeURIComponent(token)}`;

export const answerPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['golfer-answers', token],
    queryFn: ({ signal }) => api<AnswerPage>(answerPath(token), { signal }),
    retry: retryUnlessRefused,
  });

export function useSaveAnswers(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GolferAnswersInput) => api<AnswerPage>(answerPath(token), { method: 'PUT', body: input }),
    onSuccess: (page) => queryClient.setQueryData(answerPageQuery(token).queryKey, page),
  });
}

export const golferAnswersQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'golfer-answers', tournamentId],
    queryFn: ({ signal }) => api<GolferAnswersList>(`/api/admin/golfer-answers?tournamentId=${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

export function useAddQuestion(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GolferQuestionInput) =>
      api<ApiAnswer<'/api/admin/golfer-questions', 'post'>>(`/api/admin/golfer-questions?tournamentId=${tournamentId}`, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'golfer-answers', tournamentId] }),
  });
}

export function useDeleteQuestion(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/golfer-questions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'golfer-answers', tournamentId] }),
  });
}
