// Adding or editing a sponsorship level: name, description and the places a tournament offers by default.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  LEVEL_MAX_TEAMS,
  sponsorshipLevelSchema,
  type SponsorshipLevelInput,
  type SponsorshipLevelValues,
} from '../../shared/sponsorship-schemas';
import { FormDialog, saveFeedback } from '../admin/form-dialog';
import { bindFields } from '../lib/bind-fields';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { TextAreaField } from '../ui/text-area-field';
import { useSaveLevel, type SponsorshipLevel } from './queries';
import { WholeNumberField } from '../ui/whole-number-field';

/** `level` null: a new level. */
export function LevelFormDialog({ level, onClose }: { level: SponsorshipLevel | null; onClose: () => void }) {
  const save = useSaveLevel();
  const form = useForm<SponsorshipLevelInput, unknown, SponsorshipLevelValues>({
    resolver: zodResolver(sponsorshipLevelSchema),
    defaultValues: level ?? { name: '', description: '', maxTeams: LEVEL_MAX_TEAMS.default },
  });
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    save.mutate({ id: level?.id, input }, saveFeedback('Sponsorship level', Boolean(level), onClose)),
  );
  return (
    <FormDialog title={level ? 'Edit Sponsorship Level' : 'Add Sponsorship Level'} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" autoComplete="off" {...field('name')} />
        <TextAreaField label="Description" hint="Optional: what a sponsor at this level gets" {...field('description')} />
        <WholeNumberField
          label="Max teams"
          range={LEVEL_MAX_TEAMS}
          hint={`Places a tournament offers at this level unless it sets its own (${LEVEL_MAX_TEAMS.min} to ${LEVEL_MAX_TEAMS.max})`}
          {...field('maxTeams', { valueAsNumber: true })}
        />
        <FormActions
          onCancel={onClose}
          label={level ? 'Save Changes' : 'Add Level'}
          busyLabel="Saving…"
          busy={save.isPending}
          className="mt-2"
        />
      </form>
    </FormDialog>
  );
}
