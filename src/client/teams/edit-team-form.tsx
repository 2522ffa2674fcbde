// Editing a team (loaded on demand): name, company, contact and the four players.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { editTeamSchema, type EditTeamInput } from '../../shared/team-schemas';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { PageSpinner } from '../ui/spinner';
import { ContactFields } from '../registration/contact-fields';
import { PlayerFields } from '../registration/player-fields';
import { teamQuery, useUpdateTeam, type TeamDetail } from '../registration/queries';

export function EditTeam({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const team = useQuery(teamQuery(teamId));
  if (team.isPending) return <PageSpinner label="Loading team…" />;
  if (team.isError) {
    return (
      <Card>
        <p role="alert" className="text-red-700">
          {errorMessage(team.error, 'Failed to load players')}
        </p>
        <Button variant="secondary" className="mt-4" onClick={onClose}>
          Back
        </Button>
      </Card>
    );
  }
  return <EditTeamForm team={team.data} onClose={onClose} />;
}

function EditTeamForm({ team, onClose }: { team: TeamDetail; onClose: () => void }) {
  const update = useUpdateTeam(team.id);
  const form = useForm<EditTeamInput>({
    resolver: zodResolver(editTeamSchema),
    defaultValues: {
      teamName: team.name,
      company: team.company,
      contactName: team.contactName,
      contactPhone: team.contactPhone,
      contactEmail: team.contactEmail,
      showCompanyAsSponsor: team.showCompanyAsSponsor,
      players: team.players,
    },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notify.success('Team updated successfully');
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to update team')),
    }),
  );
  return (
    <Card>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold">Edit {team.name}</h2>
            <Button variant="ghost" size="sm" onClick={onClose}>
              Cancel
            </Button>
          </div>
          <Field label="Team name" error={form.formState.errors.teamName?.message} {...form.register('teamName')} />
          <ContactFields />
          <section className="flex flex-col gap-4">
            <h3 className="text-base font-semibold">Players</h3>
            <PlayerFields name="players" idPrefix="edit" />
          </section>
          <div className="flex justify-end border-t border-stone-200 pt-4">
            <Button type="submit" size="lg" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}
