// Add Team (admin): name and tournament required; level, contact and 0–4 players optional. The server checks places (R13).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { get, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminCreateTeamSchema, type AdminCreateTeamInput } from '../../shared/admin-schemas';
import { formatMoney } from '../../shared/money';
import { blankPlayer, PLAYERS_PER_TEAM } from '../../shared/team-schemas';
import { errorMessage } from '../lib/api';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import { PaymentStatusOptions } from '../ui/select-options';
import { teamFormOptionsQuery, useCreateTeam } from './admin-queries';

type FormValues = z.input<typeof adminCreateTeamSchema>;
const empty = (tournamentId = ''): FormValues => ({
  tournamentId,
  sponsorshipLevelId: '',
  teamName: '',
  company: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  paymentStatus: 'pending',
  players: [],
});

export function AddTeamDialog({
  open,
  onOpenChange,
  defaultTournamentId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultTournamentId: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Team"
      description="Name and tournament are required; players can be added later."
      wide
    >
      {open ? <AddTeamForm defaultTournamentId={defaultTournamentId} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function AddTeamForm({ defaultTournamentId, onDone }: { defaultTournamentId: string; onDone: () => void }) {
  const options = useQuery(teamFormOptionsQuery);
  const create = useCreateTeam();
  const form = useForm<FormValues, unknown, z.output<typeof adminCreateTeamSchema>>({
    resolver: zodResolver(adminCreateTeamSchema),
    defaultValues: empty(defaultTournamentId),
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const players = useFieldArray({ control: form.control, name: 'players' });
  const error = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;

  const tournamentId = watch('tournamentId');
  const tournament = options.data?.tournaments.find((t) => t.id === tournamentId);
  useFailureToast(options.isError, 'Failed to load data');

  const submit = handleSubmit((input) =>
    create.mutate(input as AdminCreateTeamInput, {
      onSuccess: ({ team }) => {
        notify.success(`Team ${team.name} created`);
        onDone();
      },
      onError: (failure) => {
        applyServerErrors(form, failure);
        notify.error(errorMessage(failure, 'Failed to create team'));
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0 [&_select]:min-w-0">
        <Field label="Team name" autoComplete="off" error={error('teamName')} {...register('teamName')} />
        <SelectField
          label="Tournament"
          error={error('tournamentId')}
          {...register('tournamentId', { onChange: () => setValue('sponsorshipLevelId', '') })}
          disabled={options.isPending}
        >
          <option value="">{options.isPending ? 'Loading…' : 'Select a tournament'}</option>
          {options.data?.tournaments.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
              {t.active ? '' : ' (closed)'}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sponsorship level (optional)"
          error={error('sponsorshipLevelId')}
          disabled={!tournament}
          {...register('sponsorshipLevelId')}
        >
          <option value="">No level</option>
          {tournament?.levels.map((l) => (
            <option key={l.id} value={l.id} disabled={l.placesLeft === 0}>
              {l.name} · {formatMoney(l.priceCents, options.data?.currency)} · {l.placesLeft === 0 ? 'Sold out' : `${l.placesLeft} left`}
            </option>
          ))}
        </SelectField>
        <SelectField label="Payment status" error={error('paymentStatus')} {...register('paymentStatus')}>
          <PaymentStatusOptions settable />
        </SelectField>
        <Field label="Company (optional)" error={error('company')} {...register('company')} />
        <Field label="Contact name (optional)" error={error('contactName')} {...register('contactName')} />
        <Field label="Contact email (optional)" type="email" error={error('contactEmail')} {...register('contactEmail')} />
        <Field label="Contact phone (optional)" type="tel" error={error('contactPhone')} {...register('contactPhone')} />
      </div>

      <section className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold text-stone-900">
            Players ({players.fields.length}/{PLAYERS_PER_TEAM})
          </h3>
          <Button
            variant="secondary"
            size="sm"
            disabled={players.fields.length >= PLAYERS_PER_TEAM}
            onClick={() => players.append(blankPlayer())}
          >
            <Plus aria-hidden className="size-4" /> Add player
          </Button>
        </div>
        {error('players') ? (
          <p role="alert" className="text-sm text-red-700">
            {error('players')}
          </p>
        ) : null}
        {players.fields.map((field, i) => (
          <fieldset key={field.id} className="rounded-md border border-stone-200 p-3">
            <legend className="px-1 text-sm font-semibold text-stone-800">Player {i + 1}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="First name"
                autoComplete="off"
                error={error(`players.${i}.firstName`)}
                {...register(`players.${i}.firstName`)}
              />
              <Field label="Last name" autoComplete="off" error={error(`players.${i}.lastName`)} {...register(`players.${i}.lastName`)} />
              <Field
                label="Email"
                type="email"
                autoComplete="off"
                error={error(`players.${i}.email`)}
                {...register(`players.${i}.email`)}
              />
              <Field
                label="Phone (optional)"
                type="tel"
                autoComplete="off"
                error={error(`players.${i}.phone`)}
                {...register(`players.${i}.phone`)}
              />
            </div>
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => players.remove(i)}>
              <Trash2 aria-hidden className="size-4" /> Remove player {i + 1}
            </Button>
          </fieldset>
        ))}
      </section>

      <FormActions onCancel={onDone} label="Add Team" busyLabel="Creating…" busy={create.isPending} />
    </form>
  );
}
