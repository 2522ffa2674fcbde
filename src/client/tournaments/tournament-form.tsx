// Creating or editing a tournament: its details, golf course and sponsorship levels, saved together in one request.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { centsToInput, tournamentFormSchema, type TournamentFormValues, type TournamentInput } from '../../shared/tournament-schemas';
import { notifyFailure } from '../admin/notify-failure';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { PageSpinner } from '../ui/spinner';
import { FormatFields } from './format-fields';
import { LevelOffers } from './level-offers';
import { EventPageFields, type HeroChoice } from './event-page-fields';
import {
  courseChoicesQuery,
  levelChoicesQuery,
  tournamentQuery,
  useSaveTournament,
  type AdminTournament,
  type CourseChoice,
  type LevelChoice,
} from './queries';

interface EditorProps {
  /** null for a new tournament. */
  tournamentId: string | null;
  currency: string;
  /** The organisation the event page names (Admin → Settings), for the preview. */
  organisation: string;
  onClose: () => void;
}

/** Loads what the form needs (the tournament when editing, the level and course choices), then shows it. */
export function TournamentEditor({ tournamentId, currency, organisation, onClose }: EditorProps) {
  const levels = useQuery(levelChoicesQuery);
  const courses = useQuery(courseChoicesQuery);
  const tournament = useQuery({ ...tournamentQuery(tournamentId ?? ''), enabled: tournamentId !== null });
  const needed = tournamentId ? [levels, courses, tournament] : [levels, courses];
  const title = tournamentId ? 'Edit tournament' : 'New tournament';

  if (needed.some((q) => q.isError)) {
    return (
      <Card>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p role="alert" className="mt-2 text-red-700">
          Failed to load data. {errorMessage(needed.find((q) => q.isError)?.error, '')}
        </p>
        <div className="mt-4 flex gap-3">
          <Button onClick={() => needed.forEach((q) => q.isError && q.refetch())}>Try again</Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </Card>
    );
  }
  if (!levels.data || !courses.data || (tournamentId && !tournament.data)) {
    return (
      <Card>
        <PageSpinner label="Loading the tournament form…" />
      </Card>
    );
  }
  return (
    <TournamentForm
      tournament={tournament.data ?? null}
      levels={levels.data}
      courses={courses.data}
      currency={currency}
      organisation={organisation}
      onClose={onClose}
    />
  );
}

function defaults(tournament: AdminTournament | null, levels: LevelChoice[]): TournamentFormValues {
  return {
    name: tournament?.name ?? '',
    startDate: tournament?.startDate ?? '',
    endDate: tournament?.endDate ?? '',
    maxTeams: tournament?.maxTeams?.toString() ?? '',
    active: tournament?.active ?? true,
    courseId: tournament?.courseId ?? '',
    format: tournament?.format ?? 'stroke',
    bestBalls: tournament?.bestBalls === 2 ? '2' : '1',
    netScoring: tournament?.netScoring ?? false,
    singleGroupHoles: tournament?.singleGroupHoles.join(', ') ?? '',
    cause: tournament?.cause ?? '',
    schedule: tournament?.schedule.join('\n') ?? '',
    address: tournament?.address ?? '',
    goal: tournament?.goalCents ? centsToInput(tournament.goalCents) : '',
    levels: levels.map((level) => {
      const offered = tournament?.levels.find((o) => o.levelId === level.id);
      // A level not offered yet starts with its own max teams as its places (R13).
      return {
        sponsorshipLevelId: level.id,
        offered: Boolean(offered),
        price: offered ? centsToInput(offered.priceCents) : '',
        maxTeams: String(offered?.maxTeams ?? level.maxTeams),
        fmv: offered ? centsToInput(offered.fmvCents) : '0.00',
        singlePrice: offered?.singlePriceCents == null ? '' : centsToInput(offered.singlePriceCents),
        earlyPrice: offered?.earlyPriceCents == null ? '' : centsToInput(offered.earlyPriceCents),
        earlyUntil: offered?.earlyUntil ?? '',
      };
    }),
  };
}

/** Where the server's field path sits in the form: its `levels.N` are the N-th offered level it was sent. */
function formFieldFor(sent: TournamentInput, levels: LevelChoice[]) {
  return (path: string): Path<TournamentFormValues> | undefined => {
    const level = /^levels\.(\d+)\.(priceCents|maxTeams|fmvCents|singlePriceCents|earlyPriceCents|earlyUntil)$/.exec(path);
    if (level) {
      const row = levels.findIndex((l) => l.id === sent.levels[Number(level[1])]?.sponsorshipLevelId);
      const field = (
        {
          priceCents: 'price',
          maxTeams: 'maxTeams',
          fmvCents: 'fmv',
          singlePriceCents: 'singlePrice',
          earlyPriceCents: 'earlyPrice',
          earlyUntil: 'earlyUntil',
        } as const
      )[level[2] as 'priceCents'];
      return row >= 0 ? (`levels.${row}.${field}` as Path<TournamentFormValues>) : undefined;
    }
    if (/^schedule(\.\d+)?$/.test(path)) return 'schedule';
    if (path === 'goalCents') return 'goal';
    return ['name', 'startDate', 'endDate', 'maxTeams', 'courseId', 'format', 'singleGroupHoles', 'cause', 'address'].includes(path)
      ? (path as 'name')
      : undefined;
  };
}

interface FormProps {
  tournament: AdminTournament | null;
  levels: LevelChoice[];
  courses: CourseChoice[];
  currency: string;
  organisation: string;
  onClose: () => void;
}

/**
 * The shotgun start puts at most two groups on a hole (R31): more teams than twice the course's holes cannot be drawn, and
 * the organiser should learn that when setting the cap, not on the day.
 */
export function maxTeamsHint(maxTeams: string, course: Pick<CourseChoice, 'name' | 'totalHoles'> | undefined): string {
  const cap = Number(maxTeams.trim());
  const most = course ? course.totalHoles * 2 : 0;
  if (!course || (maxTeams.trim() !== '' && (!Number.isInteger(cap) || cap <= most))) return 'Leave empty for no limit';
  const says = `${course.name} has ${course.totalHoles} holes: the shotgun draw puts at most two groups on each, so at most ${most} teams can start.`;
  return maxTeams.trim() === '' ? `No limit. ${says}` : says;
}

function TournamentForm({ tournament, levels, courses, currency, organisation, onClose }: FormProps) {
  const form = useForm<TournamentFormValues, unknown, TournamentInput>({
    resolver: zodResolver(tournamentFormSchema),
    defaultValues: defaults(tournament, levels),
  });
  const save = useSaveTournament(tournament?.id ?? null);
  const [hero, setHero] = useState<HeroChoice>({ id: tournament?.heroImageId ?? null, url: tournament?.heroImageUrl ?? null });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { ...input, heroImageId: hero.id },
      {
        onSuccess: () => {
          notify.success(tournament ? 'Tournament updated' : 'Tournament created');
          onClose();
        },
        onError: (error) => {
          applyServerErrors(form, error, { fieldFor: formFieldFor(input, levels) });
          notifyFailure('Failed to save tournament')(error);
        },
      },
    ),
  );

  return (
    <Card>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <h2 ref={heading} tabIndex={-1} className="scroll-mt-4 text-xl font-semibold">
            {tournament ? `Edit ${tournament.name}` : 'New tournament'}
          </h2>

          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Name" className="sm:col-span-2" autoComplete="off" {...field('name')} />
            <Field label="Start date" type="date" {...field('startDate')} />
            <Field label="End date" type="date" hint="Optional" {...field('endDate')} />
            <Field
              label="Max teams"
              inputMode="numeric"
              autoComplete="off"
              hint={maxTeamsHint(
                form.watch('maxTeams'),
                courses.find((c) => c.id === form.watch('courseId')),
              )}
              {...field('maxTeams')}
            />
            <Field
              label={`Fundraising goal (${currency})`}
              inputMode="decimal"
              autoComplete="off"
              hint="Optional: the event page and the Dashboard show raised against it"
              {...field('goal')}
            />
            <SelectField label="Golf course" {...field('courseId')}>
              <option value="">No course yet</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.name} ({course.totalHoles} holes, par {course.parTotal})
                </option>
              ))}
            </SelectField>
          </div>
          <label className="flex w-fit items-center gap-2 text-sm font-medium text-stone-800">
            <input type="checkbox" className="size-4 accent-brand-700" {...form.register('active')} />
            Active: open for registration
          </label>

          <EventPageFields
            tournament={tournament}
            levels={levels}
            courses={courses}
            currency={currency}
            organisation={organisation}
            hero={hero}
            onHeroChange={setHero}
          />

          <FormatFields />

          <LevelOffers levels={levels} offered={tournament?.levels ?? []} currency={currency} />

          <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
            <Button variant="secondary" size="lg" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="lg" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : tournament ? 'Save Changes' : 'Create Tournament'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}
