// R59: 'Copy to a new tournament'. Asks the new name and dates (the tournament form's own rules and messages) and copies
// the setup (levels, items, add-ons, questions, side games, texts, hero image, course): nothing sold comes along, and the
// copy stays closed until staff activate it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { copyTournamentSchema, type CopyTournamentInput, type CopyTournamentValues } from '../../shared/tournament-schemas';
import { FormDialog } from '../admin/form-dialog';
import { notifyFailure } from '../admin/notify-failure';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { useCopyTournament, type AdminTournamentItem } from './queries';

/** The same day one year on: what a yearly outing's next date most often is. */
const nextYear = (date: string | null) => (date ? `${Number(date.slice(0, 4)) + 1}${date.slice(4)}` : '');

export function CopyTournamentDialog({ tournament, onClose }: { tournament: AdminTournamentItem; onClose: () => void }) {
  const copy = useCopyTournament(tournament.id);
  const form = useForm<CopyTournamentValues, unknown, CopyTournamentInput>({
    resolver: zodResolver(copyTournamentSchema),
    defaultValues: {
      name: tournament.name.replace(/\b(20\d\d)\b/, (year) => String(Number(year) + 1)),
      startDate: nextYear(tournament.startDate),
      endDate: nextYear(tournament.endDate),
    },
  });
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    copy.mutate(input, {
      onSuccess: ({ tournament: created }) => {
        notify.success(`${created.name} created from ${tournament.name}: closed until you activate it`);
        onClose();
      },
      onError: (error) => {
        if (applyServerErrors(form, error) === 0) notifyFailure('Failed to copy the tournament')(error);
      },
    }),
  );
  return (
    <FormDialog title={`Copy ${tournament.name}`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          The copy takes the levels and prices, sponsorship items, add-ons, golfer questions, side games, the event page's texts and image,
          and the course. Nothing sold comes along: no teams, purchases, payments, check-ins, scores or messages.
        </p>
        <Field label="New name" autoComplete="off" {...field('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Start date" type="date" {...field('startDate')} />
          <Field label="End date" type="date" hint="Optional" {...field('endDate')} />
        </div>
        <FormActions onCancel={onClose} label="Copy Tournament" busyLabel="Copying…" busy={copy.isPending} className="mt-2" />
      </form>
    </FormDialog>
  );
}
