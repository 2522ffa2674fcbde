// Step 2: the single-team form (a level with one place) and the multi-team form (several), sharing their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { handicapFromText } from '../../shared/handicap';
import { formatMoney } from '../../shared/money';
import { PriceSummary } from '../pricing/price-summary';
import { earlyEndText } from '../../shared/event-page';
import {
  blankPlayers,
  MAX_TEAMS_PER_REGISTRATION,
  multiTeamSchema,
  singleTeamSchema,
  singlePlaceSchema,
  singleToRegistration,
  type MultiTeamInput,
  type SinglePlaceInput,
  type SingleTeamInput,
} from '../../shared/team-schemas';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { ContactFields } from './contact-fields';
import { readDraft, useKeepDraft } from './drafts';
import { PaymentOption } from './payment-option';
import { PlayerFields } from './player-fields';
import type { ContactDefaults, golferFromProfile } from './profile-defaults';
import type { ActiveTournament, OfferedLevel } from './queries';
import { useFieldError } from './use-field-error';

/** A team's price now: the early price while it runs (the levels' answer drops it once it ends), else the list price. */
const teamPrice = (level: OfferedLevel) => level.earlyPriceCents ?? level.priceCents;

export interface TeamFormProps {
  tournament: ActiveTournament;
  level: OfferedLevel;
  currency: string;
  busy: boolean;
  /** Where what is typed is kept until it is sent (drafts.ts). */
  draftKey: string;
  /** The contact the form starts with: the leader's own (profile-defaults.ts). */
  contact: ContactDefaults;
  onSubmit: (input: MultiTeamInput) => void;
}

function Summary({
  tournament,
  level,
  currency,
  single = false,
}: Pick<TeamFormProps, 'tournament' | 'level' | 'currency'> & { single?: boolean }) {
  return (
    <dl className="grid gap-3 rounded-md bg-stone-100 p-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-stone-600">Tournament</dt>
        <dd className="font-semibold">{tournament.name}</dd>
      </div>
      <div>
        <dt className="text-stone-600">Sponsorship level</dt>
        <dd className="font-semibold">{level.name}</dd>
      </div>
      <div>
        <dt className="text-stone-600">{single ? 'Price of a single place' : 'Price per team'}</dt>
        <dd className="font-semibold">
          {single ? (
            formatMoney(level.singlePriceCents ?? 0, currency)
          ) : level.earlyPriceCents !== null ? (
            <>
              <s className="mr-2 font-normal text-stone-500">{formatMoney(level.priceCents, currency)}</s>
              {formatMoney(level.earlyPriceCents, currency)}
              <span className="block font-normal text-brand-800">Early-bird price until {earlyEndText(level.earlyUntil!)}</span>
            </>
          ) : (
            formatMoney(level.priceCents, currency)
          )}
        </dd>
      </div>
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export function SingleTeamForm({ tournament, level, currency, busy, draftKey, contact, onSubmit }: TeamFormProps) {
  const form = useForm<SingleTeamInput>({
    resolver: zodResolver(singleTeamSchema),
    defaultValues: {
      teamName: '',
      ...contact,
      contactPhone: '',
      showCompanyAsSponsor: false,
      players: blankPlayers(),
      paymentOption: 'hold',
      code: '',
      coverFee: false,
      ...readDraft<SingleTeamInput>(draftKey),
      tournamentId: tournament.id,
      sponsorshipLevelId: level.id,
    },
  });
  useKeepDraft(form, draftKey);
  const error = (name: 'teamName') => form.formState.errors[name]?.message;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={form.handleSubmit((v) => onSubmit(singleToRegistration(singleTeamSchema.parse(v))))}
      >
        <Summary tournament={tournament} level={level} currency={currency} />
        <Field label="Team name" error={error('teamName')} {...form.register('teamName')} />
        <Section title="Contact">
          <ContactFields />
        </Section>
        <Section title="Players">
          <PlayerFields name="players" idPrefix="single" />
        </Section>
        <PaymentOption />
        <PriceSummary tournamentId={tournament.id} levelId={level.id} quantity={1} currency={currency} fallbackCents={teamPrice(level)}>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Registering…' : 'Register Team'}
          </Button>
        </PriceSummary>
      </form>
    </FormProvider>
  );
}

function TeamEntry({ index, count, onRemove }: { index: number; count: number; onRemove: () => void }) {
  const error = useFieldError();
  const { register } = useFormContext<MultiTeamInput>();
  return (
    <Card compact>
      <fieldset className="flex flex-col gap-4" aria-labelledby={`team${index}-legend`}>
        <div className="flex items-center justify-between gap-3">
          <h4 id={`team${index}-legend`} className="text-base font-semibold">
            Team {index + 1}
          </h4>
          {count > 1 ? (
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove team ${index + 1}`}>
              <Trash2 aria-hidden className="size-4" /> Remove
            </Button>
          ) : null}
        </div>
        <Field
          id={`team${index}-name`}
          label="Team name"
          error={error(`teams.${index}.teamName`)}
          {...register(`teams.${index}.teamName`)}
        />
        <PlayerFields name={`teams.${index}.players`} idPrefix={`team${index}`} />
      </fieldset>
    </Card>
  );
}

export function MultiTeamForm({ tournament, level, currency, busy, draftKey, contact, onSubmit }: TeamFormProps) {
  // The places left, or one registration's limit when more are left (register again for the rest).
  const max = Math.max(1, Math.min(level.placesLeft, MAX_TEAMS_PER_REGISTRATION));
  const draft = readDraft<MultiTeamInput>(draftKey);
  const form = useForm<MultiTeamInput>({
    resolver: zodResolver(
      multiTeamSchema.refine((v) => v.teams.length <= max, { message: `At most ${max} teams at this level`, path: ['teams'] }),
    ),
    defaultValues: {
      ...contact,
      contactPhone: '',
      showCompanyAsSponsor: false,
      paymentOption: 'hold',
      code: '',
      coverFee: false,
      ...draft,
      // A draft keeps its teams while they still fit the places left.
      teams: draft?.teams?.slice(0, max) ?? [{ teamName: '', players: blankPlayers() }],
      tournamentId: tournament.id,
      sponsorshipLevelId: level.id,
    },
  });
  useKeepDraft(form, draftKey);
  const teams = useFieldArray({ control: form.control, name: 'teams' });
  const count = teams.fields.length;
  const listError = form.formState.errors.teams?.message ?? form.formState.errors.teams?.root?.message;
  return (
    <FormProvider {...form}>
      <form noValidate className="flex flex-col gap-6" onSubmit={form.handleSubmit((v) => onSubmit(v))}>
        <Summary tournament={tournament} level={level} currency={currency} />
        <Section title="Company and contact">
          <ContactFields />
        </Section>
        <section className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-base font-semibold">
              Teams ({count}/{max})
            </h3>
            {count < max ? (
              <Button variant="secondary" size="sm" onClick={() => teams.append({ teamName: '', players: blankPlayers() })}>
                <Plus aria-hidden className="size-4" /> Add Team
              </Button>
            ) : null}
          </div>
          {level.placesLeft > MAX_TEAMS_PER_REGISTRATION ? (
            <p className="text-sm text-stone-600">
              {level.placesLeft} places are left at this level. One registration holds up to {MAX_TEAMS_PER_REGISTRATION} teams; register
              again for more.
            </p>
          ) : null}
          {listError ? (
            <p role="alert" className="text-sm text-red-700">
              {listError}
            </p>
          ) : null}
          {teams.fields.map((field, index) => (
            <TeamEntry key={field.id} index={index} count={count} onRemove={() => teams.remove(index)} />
          ))}
        </section>
        <PaymentOption />
        <PriceSummary tournamentId={tournament.id} levelId={level.id} quantity={count} currency={currency} fallbackCents={teamPrice(level)}>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Registering…' : `Register ${count} ${count === 1 ? 'Team' : 'Teams'}`}
          </Button>
        </PriceSummary>
      </form>
    </FormProvider>
  );
}

/** R43: one golfer buys a single place; staff place them into a team later and e-mail them its name. */
export function SinglePlaceForm({
  tournament,
  level,
  currency,
  busy,
  defaults,
  onSubmit,
}: Omit<TeamFormProps, 'onSubmit' | 'draftKey' | 'contact'> & {
  defaults: ReturnType<typeof golferFromProfile>;
  onSubmit: (input: SinglePlaceInput) => void;
}) {
  const form = useForm<SinglePlaceInput>({
    resolver: zodResolver(singlePlaceSchema),
    defaultValues: {
      ...defaults,
      phone: '',
      paymentOption: 'hold',
      code: '',
      coverFee: false,
      tournamentId: tournament.id,
      sponsorshipLevelId: level.id,
    },
  });
  const error = (name: keyof SinglePlaceInput) => form.formState.errors[name]?.message;
  return (
    <FormProvider {...form}>
      <form noValidate className="flex flex-col gap-6" onSubmit={form.handleSubmit((v) => onSubmit(v))}>
        <Summary tournament={tournament} level={level} currency={currency} single />
        <p className="text-sm text-stone-600">
          A single place is for one golfer. The organisers place you into a team and e-mail you its name before the day.
        </p>
        <Section title="The golfer">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="First name" autoComplete="given-name" error={error('firstName')} {...form.register('firstName')} />
            <Field label="Last name" autoComplete="family-name" error={error('lastName')} {...form.register('lastName')} />
            <Field label="Email" type="email" autoComplete="email" error={error('email')} {...form.register('email')} />
            <Field label="Phone" type="tel" autoComplete="tel" error={error('phone')} {...form.register('phone')} />
            <Field
              label="Handicap Index (optional)"
              inputMode="decimal"
              autoComplete="off"
              error={error('handicapIndex')}
              {...form.register('handicapIndex', { setValueAs: handicapFromText })}
            />
            <Field label="Company (optional)" autoComplete="organization" error={error('company')} {...form.register('company')} />
          </div>
        </Section>
        <PaymentOption />
        <PriceSummary
          tournamentId={tournament.id}
          levelId={level.id}
          quantity={1}
          single
          currency={currency}
          fallbackCents={level.singlePriceCents ?? 0}
        >
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Registering…' : 'Buy a Single Place'}
          </Button>
        </PriceSummary>
      </form>
    </FormProvider>
  );
}
