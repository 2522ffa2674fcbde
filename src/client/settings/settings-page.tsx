// /admin/settings (admins only, R51): the organisation's details (receipts, the event page and e-mails use them at once),
// whether e-mail works (a test e-mail and the mail server's answer) and card payments' state. Never a secret on it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { organisationSchema, SETTINGS_MESSAGES, type OrganisationFormValues, type OrganisationInput } from '../../shared/settings-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { ListState } from '../ui/table';
import { CardPaymentsCard, MailCard } from './status-cards';
import { LogoField } from './logo-field';
import { settingsQuery, useSaveFee, useSaveSettings, type Settings } from './queries';
import { feeFormSchema, type FeeFormValues } from '../../shared/pricing-schemas';
import type { FeeRule } from '../../shared/pricing';

export function SettingsPage() {
  const settings = useQuery(settingsQuery());
  useFailureToast(settings.isError, 'Failed to load settings');
  const data = settings.data;
  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Settings">
        Your organisation as receipts, the event page and e-mails show it, and whether e-mail and card payments work.
      </AdminHeading>
      <ListState
        loading={settings.isPending}
        error={settings.isError && !data}
        empty={false}
        emptyText=""
        onRetry={() => void settings.refetch()}
      />
      {data ? (
        <>
          <OrganisationForm settings={data} />
          <FeeForm settings={data} />
          <div className="grid gap-5 lg:grid-cols-2">
            <MailCard mail={data.mail} />
            <CardPaymentsCard state={data.cardPayments} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function OrganisationForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const { saved: _saved, logoUrl: _logoUrl, ...values } = settings.organisation;
  const form = useForm<OrganisationFormValues, unknown, OrganisationInput>({ resolver: zodResolver(organisationSchema), values });
  const field = bindFields(form);
  const logoImageId = form.watch('logoImageId');
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => notify.success(SETTINGS_MESSAGES.saved),
      onError: (error) => {
        if (applyServerErrors(form, error) === 0) notify.error(errorMessage(error, 'Failed to save settings'));
      },
    }),
  );
  return (
    <Card aria-labelledby="organisation-heading">
      <CardTitle id="organisation-heading">Organisation</CardTitle>
      {!settings.organisation.saved ? (
        <p className="mt-1 text-sm text-stone-600">
          Not saved yet: these come from the server's settings (ORG_NAME, ORG_LEGAL_NAME, ORG_TAX_ID, MAIL_FROM). Saving keeps them here.
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Name" hint="As the event page and e-mails name you" autoComplete="organization" {...field('name')} />
          <Field label="Legal name" hint="Printed on receipts and year statements" autoComplete="off" {...field('legalName')} />
          <Field
            label="Tax id (EIN)"
            hint="Optional. On every receipt, e.g. 12-3456789"
            autoComplete="off"
            inputMode="numeric"
            {...field('taxId')}
          />
          <Field
            label="Contact e-mail"
            hint="Optional. Where golfers and donors can write to you"
            type="email"
            autoComplete="email"
            {...field('contactEmail')}
          />
          <Field
            label="E-mails are sent from"
            hint={`The sender's name in the inbox, with the address ${settings.mail.fromAddress}`}
            autoComplete="off"
            {...field('mailFromName')}
          />
        </div>
        <LogoField
          imageId={logoImageId}
          url={logoImageId === settings.organisation.logoImageId ? settings.organisation.logoUrl : undefined}
          name={settings.organisation.name}
          error={form.formState.errors.logoImageId?.message}
          onChange={(id) => form.setValue('logoImageId', id, { shouldDirty: true })}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** R58: the card fee a payer may choose to cover at card checkout: a percentage of what is charged plus a fixed amount. */
function FeeForm({ settings }: { settings: Settings }) {
  const save = useSaveFee();
  const values = {
    // 290 hundredths of a percent → "2.9"; 30 cents → "0.30".
    basisPoints: String(settings.organisation.feeBasisPoints / 100),
    fixedCents: (settings.organisation.feeFixedCents / 100).toFixed(2),
  };
  const form = useForm<FeeFormValues, unknown, FeeRule>({ resolver: zodResolver(feeFormSchema), values });
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => notify.success('Card fee saved'),
      onError: (error) => {
        if (applyServerErrors(form, error) === 0) notify.error(errorMessage(error, 'Failed to save the card fee'));
      },
    }),
  );
  return (
    <Card aria-labelledby="fee-heading">
      <CardTitle id="fee-heading">Card fee</CardTitle>
      <p className="mt-1 text-sm text-stone-600">
        What a payer may choose to cover at card checkout, as a gift: a percentage of what they pay plus a fixed amount. 0 and 0: the choice
        is not offered.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Percentage" hint="e.g. 2.9" inputMode="decimal" autoComplete="off" {...field('basisPoints')} />
          <Field label="Fixed amount" hint="e.g. 0.30" inputMode="decimal" autoComplete="off" {...field('fixedCents')} />
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save card fee'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
