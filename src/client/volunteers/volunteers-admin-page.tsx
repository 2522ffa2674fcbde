// Admin → Volunteers (staff, R60): invite someone by e-mail to the chosen tournament as Scorer or Check-in until a date,
// see who was invited, who accepted and until when, and end an access at once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from '../../shared/zod';
import { VOLUNTEER_ROLE_LABELS, VOLUNTEER_ROLES } from '../../shared/roles';
import { inviteVolunteerSchema, type VolunteerStatus } from '../../shared/volunteer-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { notifyFailure } from '../admin/notify-failure';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { bindFields } from '../lib/bind-fields';
import { formatDate, formatDateTime } from '../lib/format';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { activeTournamentsQuery } from '../registration/queries';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { ConfirmDialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { useEndVolunteer, useInviteVolunteer, volunteersQuery, type Volunteer } from './queries';

type InviteValues = z.input<typeof inviteVolunteerSchema>;
type Invite = z.output<typeof inviteVolunteerSchema>;

const STATUS: Record<VolunteerStatus, { label: string; tone: string }> = {
  invited: { label: 'Invited', tone: 'bg-amber-100 text-amber-900 ring-amber-700/30' },
  active: { label: 'Accepted', tone: 'bg-green-100 text-green-900 ring-green-700/30' },
  expired: { label: 'Past its last day', tone: 'bg-stone-200 text-stone-900 ring-stone-600/30' },
  ended: { label: 'Ended', tone: 'bg-red-100 text-red-900 ring-red-700/30' },
};

function StatusBadge({ status }: { status: VolunteerStatus }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', STATUS[status].tone)}
    >
      {STATUS[status].label}
    </span>
  );
}

/** Today in the browser, as the date field's first choice. */
const todayHere = () => new Date().toLocaleDateString('en-CA');

export function VolunteersAdminPage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const volunteers = useQuery(volunteersQuery(tournamentId));
  const end = useEndVolunteer();
  const [ending, setEnding] = useState<Volunteer | null>(null);
  const rows = volunteers.data ?? [];

  const confirmEnd = () =>
    ending &&
    end.mutate(ending.id, {
      onSuccess: () => notify.success(`Access ended for ${ending.email}`),
      onError: notifyFailure('Failed to end the access'),
      onSettled: () => setEnding(null),
    });

  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Volunteers">
        Invite a scorer or a check-in volunteer to one tournament until a date. They see only that work, for that tournament.
      </AdminHeading>
      {/* In its place while the tournaments load, so what is below does not move down when they come. */}
      {tournaments.isPending || tournamentId ? <TournamentPicker {...picker} className="max-w-md" loading={tournaments.isPending} /> : null}
      {tournamentId ? <InviteForm key={tournamentId} tournamentId={tournamentId} /> : null}
      <ListState
        // Nothing below the picker until the tournaments have come: the invitation form then arrives above this line.
        loading={Boolean(tournamentId) && volunteers.isPending}
        error={tournaments.isError || volunteers.isError}
        empty={tournaments.isSuccess && (!tournamentId || (volunteers.isSuccess && rows.length === 0))}
        emptyText={tournamentId ? 'No volunteers invited for this tournament yet.' : 'No active tournaments yet.'}
        onRetry={() => void (tournaments.isError ? tournaments.refetch() : volunteers.refetch())}
      />
      {rows.length > 0 ? (
        <>
          {/* A phone: one card per volunteer. */}
          <ul aria-label="Volunteers" className="flex flex-col gap-2 sm:hidden">
            {rows.map((v) => (
              <li key={v.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 break-all font-medium">{v.email}</span>
                  <StatusBadge status={v.status} />
                </div>
                <VolunteerDetails volunteer={v} />
                {v.status === 'invited' || v.status === 'active' ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="self-start"
                    onClick={() => setEnding(v)}
                    aria-label={`End access for ${v.email}`}
                  >
                    End access
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table caption="Volunteers" busy={volunteers.isFetching}>
              <thead>
                <tr>
                  <Th>Volunteer</Th>
                  <Th>Role</Th>
                  <Th>Until</Th>
                  <Th>Status</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {rows.map((v) => (
                  <Tr key={v.id}>
                    <Td>
                      <span className="font-medium">{v.email}</span>
                      <span className="block text-xs text-stone-600">
                        {v.acceptedName ? `${v.acceptedName}, accepted ${formatDateTime(v.acceptedAt!)}` : 'Not accepted yet'}
                      </span>
                    </Td>
                    <Td>{VOLUNTEER_ROLE_LABELS[v.role]}</Td>
                    <Td className="whitespace-nowrap">End of {formatDate(v.until)}</Td>
                    <Td>
                      <StatusBadge status={v.status} />
                      {v.endedAt ? <span className="block text-xs text-stone-600">{formatDateTime(v.endedAt)}</span> : null}
                    </Td>
                    <Td>
                      {v.status === 'invited' || v.status === 'active' ? (
                        <Button variant="secondary" size="sm" onClick={() => setEnding(v)} aria-label={`End access for ${v.email}`}>
                          End access
                        </Button>
                      ) : null}
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={ending != null}
        onOpenChange={(open) => !open && setEnding(null)}
        title="End this volunteer's access?"
        message={
          <p>{ending ? `${ending.email} loses ${VOLUNTEER_ROLE_LABELS[ending.role]} access at once; their link stops working.` : ''}</p>
        }
        confirmLabel="End access"
        busy={end.isPending}
        onConfirm={confirmEnd}
      />
    </div>
  );
}

function VolunteerDetails({ volunteer: v }: { volunteer: Volunteer }) {
  return (
    <p className="text-stone-700">
      {VOLUNTEER_ROLE_LABELS[v.role]} · until the end of {formatDate(v.until)}
      <span className="block text-xs text-stone-600">
        {v.acceptedName ? `${v.acceptedName}, accepted ${formatDateTime(v.acceptedAt!)}` : 'Not accepted yet'}
        {v.endedAt ? ` · ended ${formatDateTime(v.endedAt)}` : ''}
      </span>
    </p>
  );
}

function InviteForm({ tournamentId }: { tournamentId: string }) {
  const form = useForm<InviteValues, unknown, Invite>({
    resolver: zodResolver(inviteVolunteerSchema),
    defaultValues: { tournamentId, email: '', role: 'check-in', until: todayHere() },
  });
  const invite = useInviteVolunteer();
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: () => {
        notify.success(`Invitation sent to ${input.email}`);
        form.reset({ tournamentId, email: '', role: input.role, until: input.until });
      },
      onError: (error) => {
        applyServerErrors(form, error);
        notifyFailure('Failed to send the invitation')(error);
      },
    }),
  );
  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label="Invite a volunteer" className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">Invite a volunteer</h2>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr] sm:items-start">
          <Field label="E-mail" type="email" autoComplete="off" {...field('email')} />
          <SelectField label="Role" {...field('role')}>
            <LabelledOptions values={VOLUNTEER_ROLES} labels={VOLUNTEER_ROLE_LABELS} />
          </SelectField>
          <Field label="Last day" type="date" hint="Access ends at the end of this day" {...field('until')} />
        </div>
        <Button type="submit" className="self-start" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
    </Card>
  );
}
