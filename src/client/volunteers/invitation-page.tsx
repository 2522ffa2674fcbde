// /volunteer/invitation/:token (R60): the e-mail's link. It says who invites whom, as what, where and until when; someone
// new makes their account here (the link proved the address, so no confirmation e-mail follows) and someone with an
// account signs in; then the grant is theirs and they go to their volunteer page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from '../../shared/zod';
import { VOLUNTEER_ROLE_LABELS } from '../../shared/roles';
import { VOLUNTEER_MESSAGES, volunteerSignUpSchema } from '../../shared/volunteer-schemas';
import { useSignIn } from '../auth/account-forms';
import { LoginForm } from '../auth/login-form';
import { useMe, useSignOut } from '../auth/session';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { formatDate } from '../lib/format';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { useNavigate, useParams } from '../router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { PageSpinner } from '../ui/spinner';
import { grantHref } from './volunteer-frame';
import { invitationQuery, useAcceptInvitation, useVolunteerSignUp, type Invitation } from './queries';

type SignUpValues = z.input<typeof volunteerSignUpSchema>;
type SignUp = z.output<typeof volunteerSignUpSchema>;

export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery(invitationQuery(token));
  const { data: me, isPending: mePending } = useMe();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-8">
      <title>Volunteer invitation · Golf Tournament</title>
      <h1 className="text-2xl font-bold">Volunteer invitation</h1>
      {invitation.isPending || mePending ? <PageSpinner /> : null}
      {invitation.isError ? <p className="rounded-lg border border-stone-200 bg-white p-5">{VOLUNTEER_MESSAGES.invitationGone}</p> : null}
      {invitation.data && !mePending ? (
        <InvitationBody token={token} invitation={invitation.data} signedInAs={me?.user.email ?? null} />
      ) : null}
    </div>
  );
}

function InvitationBody({ token, invitation, signedInAs }: { token: string; invitation: Invitation; signedInAs: string | null }) {
  const what = `${VOLUNTEER_ROLE_LABELS[invitation.role]} at ${invitation.tournamentName}, until the end of ${formatDate(invitation.until)}`;
  const open = invitation.status === 'invited' || invitation.status === 'active';
  return (
    <>
      <Card className="flex flex-col gap-1">
        <p className="font-semibold">{what}</p>
        <p className="text-sm text-stone-700">For {invitation.email}. You will see only this work, for this tournament.</p>
      </Card>
      {!open ? <p className="rounded-lg border border-stone-200 bg-white p-5">{VOLUNTEER_MESSAGES.invitationGone}</p> : null}
      {open && signedInAs ? <Accept token={token} invitation={invitation} signedInAs={signedInAs} /> : null}
      {open && !signedInAs && invitation.status === 'invited' ? <NewOrExisting token={token} invitation={invitation} /> : null}
      {open && !signedInAs && invitation.status === 'active' ? (
        <Card className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">Sign in</h2>
          <LoginForm />
        </Card>
      ) : null}
    </>
  );
}

/** Signed in: accept at once when the account is the invited one (the page's purpose), else say whose it is. */
function Accept({ token, invitation, signedInAs }: { token: string; invitation: Invitation; signedInAs: string }) {
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const sent = useRef(false);
  const mine = signedInAs.toLowerCase() === invitation.email;
  useEffect(() => {
    if (!mine || sent.current) return;
    sent.current = true;
    accept.mutate(undefined, {
      onSuccess: (grant) => {
        notify.success(`You are now ${VOLUNTEER_ROLE_LABELS[grant.role]} at ${invitation.tournamentName}`);
        navigate(grantHref(grant), { replace: true });
      },
    });
  }, [mine, accept, navigate, invitation.tournamentName]);
  if (!mine) {
    return (
      <Card className="flex flex-col gap-3">
        <p>{VOLUNTEER_MESSAGES.otherEmail(invitation.email)}</p>
        <Button variant="secondary" className="self-start" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Card>
    );
  }
  if (accept.isError)
    return <p className="rounded-lg border border-stone-200 bg-white p-5 text-red-700">{errorMessage(accept.error, 'Failed to accept')}</p>;
  return <PageSpinner label="Accepting…" />;
}

function NewOrExisting({ token, invitation }: { token: string; invitation: Invitation }) {
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  return (
    <Card className="flex flex-col gap-4">
      {mode === 'new' ? (
        <>
          <h2 className="text-lg font-semibold">Create your account</h2>
          <VolunteerSignUpForm token={token} email={invitation.email} />
          <p className="text-sm">
            Already have an account for {invitation.email}?{' '}
            <button type="button" className="font-medium text-brand-800 underline underline-offset-4" onClick={() => setMode('existing')}>
              Sign in instead
            </button>
          </p>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">Sign in to accept</h2>
          <LoginForm />
          <p className="text-sm">
            New here?{' '}
            <button type="button" className="font-medium text-brand-800 underline underline-offset-4" onClick={() => setMode('new')}>
              Create your account
            </button>
          </p>
        </>
      )}
    </Card>
  );
}

/** The account is made with the invitation's e-mail and accepted in one call; then it signs in like any account. */
function VolunteerSignUpForm({ token, email }: { token: string; email: string }) {
  const form = useForm<SignUpValues, unknown, SignUp>({
    resolver: zodResolver(volunteerSignUpSchema),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });
  const signUp = useVolunteerSignUp(token);
  const signIn = useSignIn();
  const field = bindFields(form);
  const submit = form.handleSubmit(async (input) => {
    try {
      await signUp.mutateAsync(input);
      // Signed in, the page accepts (already done) and goes on to the volunteer's page.
      await signIn.mutateAsync({ email, password: input.password });
    } catch (error) {
      applyServerErrors(form, error);
      notify.error(errorMessage(error, 'Failed to create your account'));
    }
  });
  const busy = signUp.isPending || signIn.isPending;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="Email" type="email" value={email} readOnly hint="The address the invitation was sent to" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...field('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <Field label="Password" type="password" autoComplete="new-password" hint="At least 8 characters" {...field('password')} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account and accept'}
      </Button>
    </form>
  );
}
