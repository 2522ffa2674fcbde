// /golfer/:token: a golfer's own details behind the personal link from their e-mail (R42). No account; made for a phone.
// A link that is not valid (guessed, replaced, the golfer removed) or used after the editing lock says so plainly.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Gavel, Link2Off, Lock } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { golferAnswersSchema, SHIRT_SIZES, type GolferAnswersInput } from '../../shared/golfer-answer-schemas';
import { handicapFromText } from '../../shared/handicap';
import { ApiError, errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { formatDateRange } from '../lib/format';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { useParams } from '../router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';
import { PageSpinner } from '../ui/spinner';
import { TextAreaField } from '../ui/text-area-field';
import { QrCode } from '../ui/qr-code';
import { answerPageQuery, useSaveAnswers, type AnswerPage } from './queries';

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-8">
      <title>{`${title} · Golf Tournament`}</title>
      {children}
    </div>
  );
}

function Refusal({ error }: { error: unknown }) {
  const closed = error instanceof ApiError && error.status === 403;
  const invalid = error instanceof ApiError && error.status === 404;
  const title = closed ? 'Answers are closed' : invalid ? 'This link does not work' : 'We could not open your details';
  return (
    <Shell title={title}>
      <Card className="flex flex-col items-center gap-4 text-center">
        {closed ? <Lock aria-hidden className="size-12 text-amber-700" /> : <Link2Off aria-hidden className="size-12 text-red-700" />}
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-stone-700">{errorMessage(error, 'Please try again in a moment.')}</p>
      </Card>
    </Shell>
  );
}

export function GolferAnswerPage() {
  const token = useParams().token ?? '';
  const page = useQuery(answerPageQuery(token));
  if (page.isPending) return <PageSpinner label="Loading your details…" />;
  if (page.isError) return <Refusal error={page.error} />;
  return <AnswerForm token={token} page={page.data} />;
}

function AnswerForm({ token, page }: { token: string; page: AnswerPage }) {
  const save = useSaveAnswers(token);
  const [saved, setSaved] = useState(false);
  const schema = useMemo(() => golferAnswersSchema(page.questions), [page.questions]);
  const form = useForm<GolferAnswersInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      handicapIndex: page.answers.handicapIndex,
      shirtSize: page.answers.shirtSize as GolferAnswersInput['shirtSize'],
      dietaryNeeds: page.answers.dietaryNeeds,
      custom: Object.fromEntries(page.questions.map((q) => [q.id, page.answers.custom[q.id] ?? ''])),
    },
  });
  const errors = form.formState.errors;
  const field = bindFields(form);
  const customError = (id: string) => (errors.custom as Record<string, { message?: string }> | undefined)?.[id]?.message;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        setSaved(true);
        window.scrollTo(0, 0);
      },
      onError: (error) => {
        if (applyServerErrors(form, error) === 0) notify.error(errorMessage(error, 'Failed to save your details'));
      },
    }),
  );
  const when = formatDateRange(page.tournament.startDate, null);

  if (saved) {
    return (
      <Shell title="Thank you">
        <Card className="flex flex-col items-center gap-4 text-center">
          <CircleCheck aria-hidden className="size-12 text-green-700" />
          <h1 className="text-2xl font-bold">Thank you, {page.golfer.firstName}</h1>
          <p className="text-stone-700">
            Your details for {page.tournament.name} are saved. Your team leader and the organisers can see them now.
          </p>
          <Button variant="secondary" onClick={() => setSaved(false)}>
            Change my answers
          </Button>
        </Card>
        <CheckInCodeCard code={page.golfer.checkInCode} name={`${page.golfer.firstName} ${page.golfer.lastName}`} />
        <AuctionCard token={token} tournament={page.tournament} />
      </Shell>
    );
  }

  return (
    <Shell title="Your details">
      <div>
        <h1 className="text-2xl font-bold">Your details, {page.golfer.firstName}</h1>
        <p className="mt-1 text-stone-700">
          {page.tournament.name} · {when} · team {page.team.name}
        </p>
        {page.golfer.answeredAt ? (
          <p className="mt-2 text-sm text-green-800">You have answered already: change anything below and save again.</p>
        ) : null}
      </div>
      <CheckInCodeCard code={page.golfer.checkInCode} name={`${page.golfer.firstName} ${page.golfer.lastName}`} />
      <AuctionCard token={token} tournament={page.tournament} />
      <Card>
        <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Your details">
          <Field
            label="Handicap Index (optional)"
            inputMode="decimal"
            autoComplete="off"
            hint="-10.0 to 54.0, one decimal; leave empty if you have none"
            {...field('handicapIndex', { setValueAs: handicapFromText })}
          />
          <SelectField label="Shirt size (optional)" {...field('shirtSize')}>
            <option value="">Choose a size</option>
            <LabelledOptions values={SHIRT_SIZES} />
          </SelectField>
          <TextAreaField
            label="Dietary needs (optional)"
            hint="Allergies, vegetarian, anything the caterer should know"
            {...field('dietaryNeeds')}
          />
          {page.questions.map((q) => {
            const label = q.required ? q.label : `${q.label} (optional)`;
            const name = `custom.${q.id}` as const;
            if (q.kind === 'text') return <Field key={q.id} label={label} {...field(name)} />;
            if (q.kind === 'choice')
              return (
                <SelectField key={q.id} label={label} {...field(name)}>
                  <option value="">Choose…</option>
                  <LabelledOptions values={q.choices} />
                </SelectField>
              );
            const errorId = `q-${q.id}-error`;
            return (
              <fieldset key={q.id} aria-describedby={customError(q.id) ? errorId : undefined} className="flex flex-col gap-1.5">
                <legend className="mb-1 text-sm font-medium text-stone-800">{label}</legend>
                <div className="flex gap-6">
                  {(['yes', 'no'] as const).map((value) => (
                    <label key={value} className="flex min-h-11 items-center gap-2 text-base">
                      <input type="radio" value={value} className="size-5 accent-green-800" {...form.register(name)} />
                      {value === 'yes' ? 'Yes' : 'No'}
                    </label>
                  ))}
                </div>
                <p id={errorId} aria-live="polite" className="text-sm text-red-700 empty:hidden">
                  {customError(q.id) ?? ''}
                </p>
              </fieldset>
            );
          })}
          <Button type="submit" size="lg" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save my details'}
          </Button>
        </form>
      </Card>
    </Shell>
  );
}

/** R61: the golfer's check-in code, to show at the check-in table (their badge carries the same one). */
function CheckInCodeCard({ code, name }: { code: string; name: string }) {
  return (
    <Card className="flex items-center gap-4">
      <QrCode code={code} label={`Check-in QR code for ${name}`} className="size-36 shrink-0 sm:size-40" />
      <div>
        <h2 className="text-lg font-semibold">Your check-in code</h2>
        <p className="mt-1 text-sm text-stone-700">Show this at the check-in table on the day: one scan and you are in.</p>
      </div>
    </Card>
  );
}

/**
 * R54: the tournament's silent auction, once it has lots. The golfer bids through this same personal link: the auction
 * pages take its token from the fragment (never sent to the server in the address) and keep it for the visit.
 */
function AuctionCard({ token, tournament }: { token: string; tournament: AnswerPage['tournament'] }) {
  if (!tournament.hasAuction) return null;
  return (
    <Card className="flex items-center gap-4">
      <Gavel aria-hidden className="size-10 shrink-0 text-green-800" />
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-stone-700">{tournament.name} has a silent auction: bid from your phone, no account needed.</p>
        <Button asChild variant="secondary">
          <a href={`/auction/${tournament.id}#golfer=${encodeURIComponent(token)}`}>Bid in the silent auction</a>
        </Button>
      </div>
    </Card>
  );
}
