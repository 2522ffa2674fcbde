// The Add Golfer dialog (admins): first name, last name, e-mail and a team of the tournament; a full team cannot be chosen,
// and the server refuses one that filled up meanwhile ('That team already has 4 golfers').
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { addGolferSchema, REQUIRED_FIELDS_MESSAGE, type AddGolferInput } from '../../shared/golfer-schemas';
import { PLAYERS_PER_TEAM } from '../../shared/team-schemas';
import { ApiError } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { FormActions } from '../ui/form-actions';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { golferTeamsQuery, useAddGolfer } from './queries';

export function AddGolferDialog({
  tournamentId,
  open,
  onOpenChange,
}: {
  tournamentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Golfer" description="Add a golfer to a team with a free place.">
      {open ? <AddGolferForm tournamentId={tournamentId} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function AddGolferForm({ tournamentId, onDone }: { tournamentId: string; onDone: () => void }) {
  const teams = useQuery(golferTeamsQuery(tournamentId));
  const add = useAddGolfer();
  const form = useForm<AddGolferInput>({
    resolver: zodResolver(addGolferSchema),
    defaultValues: { teamId: '', firstName: '', lastName: '', email: '' },
  });
  const errors = form.formState.errors;
  const field = bindFields(form);
  const submit = form.handleSubmit(
    (values) =>
      add.mutate(values, {
        onSuccess: ({ golfer }) => {
          notify.success(`${golfer.firstName} ${golfer.lastName} added to ${golfer.teamName}`);
          onDone();
        },
        onError: (error) => {
          applyServerErrors(form, error);
          notify.error(
            error instanceof ApiError && error.status < 500 && error.status !== 0
              ? `Could not add golfer. ${error.message}`
              : 'Could not add golfer.',
          );
        },
      }),
    () => notify.error(REQUIRED_FIELDS_MESSAGE),
  );
  const open = teams.data?.filter((team) => team.golfers < PLAYERS_PER_TEAM).length ?? 0;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="off" required {...field('firstName')} />
        <Field label="Last name" autoComplete="off" required {...field('lastName')} />
      </div>
      <Field label="E-mail" type="email" autoComplete="off" required {...field('email')} />
      <SelectField
        label="Team"
        required
        disabled={!teams.data}
        error={errors.teamId?.message ?? (teams.isError ? 'Failed to load teams' : undefined)}
        {...form.register('teamId')}
      >
        <option value="">{teams.isPending ? 'Loading teams…' : 'Select a team'}</option>
        {teams.data?.map((team) => (
          <option key={team.id} value={team.id} disabled={team.golfers >= PLAYERS_PER_TEAM}>
            {team.name} ({team.golfers}/{PLAYERS_PER_TEAM}
            {team.golfers >= PLAYERS_PER_TEAM ? ', full' : ''})
          </option>
        ))}
      </SelectField>
      {teams.data ? (
        <p className="text-sm text-stone-600">
          {open === 0 ? 'Every team already has 4 golfers: remove a golfer first to make a place.' : `${open} team(s) have a free place.`}
        </p>
      ) : null}
      <FormActions
        onCancel={onDone}
        label="Add Golfer"
        busyLabel="Adding…"
        busy={add.isPending}
        className="border-t border-stone-200 pt-4"
      />
    </form>
  );
}
