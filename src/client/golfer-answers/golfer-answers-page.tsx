// /admin/golfer-answers (staff): a tournament's questions for its golfers (admins add and remove them) and every golfer's
// answers, who has answered, and the CSV export (R42).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { useMe } from '../auth/session';
import {
  golferQuestionSchema,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  yesNoLabel,
  type GolferQuestion,
  type GolferQuestionInput,
} from '../../shared/golfer-answer-schemas';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { formatDateTime } from '../lib/format';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { activeTournamentsQuery } from '../registration/queries';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ConfirmDialog } from '../ui/dialog';
import { DownloadLink } from '../ui/download-link';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { TextAreaField } from '../ui/text-area-field';
import { golferAnswersQuery, useAddQuestion, useDeleteQuestion, type GolferAnswersList } from './queries';

const LOAD_FAILED = 'Failed to load answers.';

export function GolferAnswersPage() {
  const { data: me } = useMe();
  const isAdmin = me?.user.role === 'admin';
  const tournaments = useQuery(activeTournamentsQuery);
  const list = tournaments.data?.tournaments ?? [];
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const answers = useQuery(golferAnswersQuery(tournamentId));
  useFailureToast(answers.isError, LOAD_FAILED);

  return (
    <div className="flex flex-col gap-4">
      <title>Golfer answers · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Golfer answers</h1>
        {tournamentId ? (
          <DownloadLink href={`/api/admin/golfer-answers/export.csv?tournamentId=${tournamentId}`} label="Export CSV" />
        ) : null}
      </div>
      {tournaments.isSuccess && list.length === 0 ? <p className="py-8 text-center text-stone-600">No active tournaments.</p> : null}
      {tournamentId ? (
        <>
          <TournamentPicker {...picker} className="sm:max-w-md" />
          <ListState
            loading={answers.isPending}
            error={answers.isError}
            empty={false}
            emptyText=""
            errorText={LOAD_FAILED}
            onRetry={() => void answers.refetch()}
          />
          {answers.data ? (
            <>
              <Questions tournamentId={tournamentId} questions={answers.data.questions} isAdmin={isAdmin} />
              <Answers data={answers.data} />
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function Questions({ tournamentId, questions, isAdmin }: { tournamentId: string; questions: GolferQuestion[]; isAdmin: boolean }) {
  const remove = useDeleteQuestion(tournamentId);
  const [deleting, setDeleting] = useState<GolferQuestion | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Questions</h2>
        {isAdmin && !adding ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" /> Add Question
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-stone-700">
        Every golfer is asked for their Handicap Index, shirt size and dietary needs. Add the questions of this tournament here.
      </p>
      {questions.length === 0 ? <p className="text-sm text-stone-600">No questions of your own yet.</p> : null}
      <ul aria-label="Questions" className="flex flex-col divide-y divide-stone-100">
        {questions.map((q) => (
          <li key={q.id} className="flex items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{q.label}</p>
              <p className="text-sm text-stone-600">
                {QUESTION_KIND_LABELS[q.kind]}
                {q.kind === 'choice' ? `: ${q.choices.join(', ')}` : ''} · {q.required ? 'Required' : 'Optional'}
              </p>
            </div>
            {isAdmin ? (
              <Button variant="ghost" size="sm" aria-label={`Remove question ${q.label}`} onClick={() => setDeleting(q)}>
                <Trash2 aria-hidden className="size-4 text-red-700" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {adding ? <AddQuestionForm tournamentId={tournamentId} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Remove question"
        message={`Remove “${deleting?.label ?? ''}”? Every golfer's answer to it is removed too.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => notify.success('Question removed'),
            onError: (error) => notify.error(errorMessage(error, 'Failed to remove question')),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Card>
  );
}

function AddQuestionForm({ tournamentId, onClose }: { tournamentId: string; onClose: () => void }) {
  const add = useAddQuestion(tournamentId);
  // The options are one text, one a line: the shared schema splits it.
  const form = useForm<GolferQuestionInput>({
    resolver: zodResolver(golferQuestionSchema),
    defaultValues: { label: '', kind: 'text', choices: '', required: false },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const field = bindFields(form);
  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        notify.success('Question added');
        onClose();
      },
      onError: (error) => {
        if (applyServerErrors(form, error) === 0) notify.error(errorMessage(error, 'Failed to add question'));
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Add question" className="flex flex-col gap-3 rounded-md border border-stone-200 p-3">
      <Field label="Question" {...field('label')} />
      <SelectField label="Kind of answer" {...field('kind')}>
        <LabelledOptions values={QUESTION_KINDS} labels={QUESTION_KIND_LABELS} />
      </SelectField>
      {kind === 'choice' ? <TextAreaField label="Options (one a line)" rows={4} {...field('choices')} /> : null}
      <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('required')} /> Required
      </label>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add Question'}
        </Button>
      </div>
    </form>
  );
}

type GolferRow = GolferAnswersList['golfers'][number];

function answeredLabel(g: GolferRow) {
  if (g.answeredBy === 'leader') return <span className="text-stone-600">By the leader</span>;
  return g.answeredAt ? `Answered ${formatDateTime(g.answeredAt)}` : <span className="font-medium text-amber-800">Not answered yet</span>;
}

function Answers({ data }: { data: GolferAnswersList }) {
  const asked = data.golfers.filter((g) => g.answeredBy === 'golfer');
  const answered = asked.filter((g) => g.answeredAt).length;
  const value = (g: GolferRow, q: GolferQuestion) => (q.kind === 'yes_no' ? yesNoLabel(g.custom[q.id] ?? '') : (g.custom[q.id] ?? ''));
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Answers</h2>
      <p className="text-sm text-stone-700" aria-live="polite">
        {data.golfers.length} golfer(s) · {asked.length} asked to answer for themselves · {answered} answered
      </p>
      {data.golfers.length === 0 ? <p className="py-4 text-center text-stone-600">No golfers registered for this tournament yet.</p> : null}
      {data.golfers.length > 0 ? (
        // A phone: one card per golfer, no sideways scrolling.
        <ul aria-label="Golfer answers" className="flex flex-col gap-2 sm:hidden">
          {data.golfers.map((g) => (
            <li key={g.id} className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
              <p className="font-medium">
                {g.firstName} {g.lastName}
              </p>
              <p className="text-stone-700">{g.teamName}</p>
              <p className="mb-2">{answeredLabel(g)}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                {[
                  ['Handicap Index', g.handicapIndex == null ? '' : g.handicapIndex.toFixed(1)],
                  ['Shirt', g.shirtSize],
                  ['Dietary needs', g.dietaryNeeds],
                  ...data.questions.map((q) => [q.label, value(g, q)]),
                ].map(([label, text]) => (
                  <div key={label} className="contents">
                    <dt className="text-stone-600">{label}</dt>
                    <dd className="break-words">{text || '–'}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      {data.golfers.length > 0 ? (
        <Table caption="Golfer answers" className="hidden sm:block">
          <thead>
            <tr>
              <Th>Golfer</Th>
              <Th>Team</Th>
              <Th>Answered</Th>
              <Th>Handicap Index</Th>
              <Th>Shirt</Th>
              <Th>Dietary needs</Th>
              {data.questions.map((q) => (
                <Th key={q.id}>{q.label}</Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.golfers.map((g) => (
              <Tr key={g.id}>
                <Td>
                  <span className="font-medium">
                    {g.firstName} {g.lastName}
                  </span>
                  <span className="block text-xs break-all text-stone-600">{g.email}</span>
                </Td>
                <Td>{g.teamName}</Td>
                <Td>{answeredLabel(g)}</Td>
                <Td className="tabular-nums">{g.handicapIndex == null ? '' : g.handicapIndex.toFixed(1)}</Td>
                <Td>{g.shirtSize}</Td>
                <Td className="break-words">{g.dietaryNeeds}</Td>
                {data.questions.map((q) => (
                  <Td key={q.id} className="break-words">
                    {value(g, q)}
                  </Td>
                ))}
              </Tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}
