// The leader's profile: first name, last name and company, editable in place.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Me } from '../auth/session';
import { profileSchema, type ProfileInput } from '../../shared/account-schemas';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { useUpdateProfile } from '../registration/queries';

export function ProfileCard({ me }: { me: Me }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({ resolver: zodResolver(profileSchema), values: me.profile });
  const field = bindFields(form);
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notify.success('Profile updated successfully');
        setEditing(false);
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to update profile')),
    }),
  );
  return (
    <Card aria-labelledby="profile-heading">
      <div className="flex items-center justify-between gap-3">
        <CardTitle id="profile-heading">Profile</CardTitle>
        {!editing ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null}
      </div>
      {editing ? (
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <Field label="First name" autoComplete="given-name" {...field('firstName')} />
          <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
          <Field label="Company" hint="Optional" autoComplete="organization" {...field('company')} />
          <div className="flex gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                form.reset(me.profile);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className="mt-3 grid gap-2 text-sm">
          <div>
            <dt className="text-stone-600">Name</dt>
            <dd>{`${me.profile.firstName} ${me.profile.lastName}`.trim() || 'Not specified'}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Email</dt>
            <dd className="break-words">{me.user.email}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Company</dt>
            <dd>{me.profile.company || 'Not specified'}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
