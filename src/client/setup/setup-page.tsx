// /setup/:token: first run in the browser (R50). The address the server printed at start makes the first admin with
// sign-up's own fields and rules, signs them in and goes on to the organisation's settings. Used, expired, or once an
// admin exists, the address says so (the server answers it 404).
import { useQuery } from '@tanstack/react-query';
import { Link2Off, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { SETUP_LINK_TITLE, SETUP_LINK_WHY, type FirstAdminInput } from '../../shared/account-schemas';
import { ApiError, errorMessage } from '../lib/api';
import { useLightForm } from '../lib/light-form';
import { notify } from '../lib/toast';
import { Link, useNavigate, useParams } from '../router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { PageSpinner } from '../ui/spinner';
import { NEW_PASSWORD_HINT } from '../auth/new-password-field';
import { setupLinkQuery, useCreateFirstAdmin } from './queries';

const FIRST_ADMIN_CREATED = "Your admin account is ready. Now your organisation's details.";
/** Where the first admin goes next (R50, R51). */
const NEXT_PAGE = '/admin/settings';

const loadSchema = () => import('../../shared/account-schemas').then((m) => m.firstAdminSchema);

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-8 sm:py-16">
      <title>{`${title} · Golf Tournament`}</title>
      <Card className="w-full max-w-md">{children}</Card>
    </div>
  );
}

function LinkInvalid({ error }: { error?: unknown }) {
  const invalid = !error || (error instanceof ApiError && error.status === 404);
  const title = invalid ? SETUP_LINK_TITLE : 'We could not open the setup page';
  return (
    <Shell title={title}>
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <Link2Off aria-hidden className="size-12 text-red-700" />
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-stone-700">{invalid ? SETUP_LINK_WHY : errorMessage(error, 'Please try again in a moment.')}</p>
        <Link to="/auth" className="font-semibold text-brand-800 underline underline-offset-4">
          Log in
        </Link>
      </div>
    </Shell>
  );
}

export function SetupPage() {
  const token = useParams().token ?? '';
  const link = useQuery(setupLinkQuery(token));
  const [usedUp, setUsedUp] = useState(false);
  if (link.isPending) return <PageSpinner />;
  if (link.isError) return <LinkInvalid error={link.error} />;
  if (usedUp) return <LinkInvalid />;
  return <FirstAdminForm token={token} onLinkInvalid={() => setUsedUp(true)} />;
}

function FirstAdminForm({ token, onLinkInvalid }: { token: string; onLinkInvalid: () => void }) {
  const navigate = useNavigate();
  const create = useCreateFirstAdmin(token);
  const { formRef, field, handleSubmit, showErrors } = useLightForm(loadSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const submit = handleSubmit(async (values: FirstAdminInput) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      // Used meanwhile (another tab, or `npm run create-admin`): the address no longer works.
      if (error instanceof ApiError && error.status === 404) return onLinkInvalid();
      if (error instanceof ApiError) showErrors(error.fields);
      notify.error(errorMessage(error, 'Could not create the admin account'));
      return;
    }
    notify.success(FIRST_ADMIN_CREATED);
    navigate(NEXT_PAGE, { replace: true });
  });
  return (
    <Shell title="Set up the portal">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden className="mt-1 size-7 shrink-0 text-brand-800" />
        <div>
          <h1 className="text-xl font-semibold">Set up the portal</h1>
          <p className="mt-1 text-sm text-stone-600">
            Step 1 of 2: your admin account. Next come your organisation&apos;s name and the details printed on receipts.
          </p>
        </div>
      </div>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" autoComplete="given-name" {...field('firstName')} />
          <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <Field label="Email" type="email" autoComplete="email" {...field('email')} />
        <Field label="Password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} {...field('password')} />
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? 'Creating Account...' : 'Create admin account'}
        </Button>
      </form>
      <p className="mt-4 text-xs text-stone-500">This address works once, for 24 hours after the server printed it.</p>
    </Shell>
  );
}
