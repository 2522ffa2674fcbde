// /give and /give?tournament=…: anyone gives to an outing (R35), signed in or not. The card goes through Stripe Checkout;
// beside the form, raised against the goal (R38) and the donor wall.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { giftSchema, type GiftFormValues, type GiftInput } from '../../shared/fundraising-schemas';
import { centsToInput } from '../../shared/tournament-schemas';
import { useMe } from '../auth/session';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { activeTournamentsQuery } from '../registration/queries';
import { useSearchParams } from '../router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { NamedOptions } from '../ui/select-options';
import { PageSpinner } from '../ui/spinner';
import { DonorWall } from './donor-wall';
import { donorsQuery, raisedQuery, useGiveByCard } from './queries';
import { RaisedProgress } from './raised-progress';

export function GivePage() {
  const [params, setParams] = useSearchParams();
  const tournaments = useQuery(activeTournamentsQuery);
  const list = tournaments.data?.tournaments ?? [];
  const wanted = params.get('tournament') ?? '';
  const tournamentId = list.some((t) => t.id === wanted) ? wanted : (list[0]?.id ?? '');
  const currency = tournaments.data?.currency ?? 'USD';
  const raised = useQuery(raisedQuery(tournamentId));
  // The column beside the gift (raised, the donor wall) is drawn once both have answered: drawn as each came, on a phone
  // the wall was pushed down under the text being read (decision 137).
  const donors = useQuery(donorsQuery(tournamentId));
  const besideSettled = !raised.isPending && !donors.isPending;

  if (tournaments.isPending) return <PageSpinner />;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <title>Give · Golf Tournament</title>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Give</h1>
        <p className="mt-1 max-w-2xl text-stone-700">
          Not playing? You can still support the cause. Every gift goes to the charity, and you receive a receipt for your records.
        </p>
      </div>
      {params.get('cancelled') === '1' ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Payment not completed: no money was taken. You can try again below.
        </p>
      ) : null}
      {list.length === 0 ? (
        <Card>
          <p className="text-stone-700">There is no outing to give to right now. Please come back when the next one opens.</p>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card className="self-start">
            {tournaments.data?.cardPayments ? (
              <GiftForm
                key={tournamentId}
                tournamentId={tournamentId}
                tournaments={list}
                currency={currency}
                onTournament={(id) => setParams({ tournament: id }, { replace: true })}
              />
            ) : (
              // Without card payments a form would have nothing to send: what to do instead (R35: staff record the rest).
              <p className="text-stone-700">
                Giving by card opens once the organisers have connected card payments. To give today, contact the organisers: they record
                cheques, cash and transfers, and send you a receipt.
              </p>
            )}
          </Card>
          {besideSettled ? (
            <div className="flex flex-col gap-6">
              {raised.data ? (
                <Card compact>
                  <RaisedProgress raised={raised.data} currency={currency} />
                </Card>
              ) : null}
              <DonorWall donors={donors} />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

interface FormProps {
  tournamentId: string;
  tournaments: { id: string; name: string }[];
  currency: string;
  onTournament: (id: string) => void;
}

function GiftForm({ tournamentId, tournaments, currency, onTournament }: FormProps) {
  const { data: me } = useMe();
  const form = useForm<GiftFormValues, unknown, GiftInput>({
    resolver: zodResolver(giftSchema),
    defaultValues: { tournamentId, amount: '', name: '', email: '', dedication: '', showName: false },
  });
  useEffect(() => {
    // A signed-in giver's name and e-mail, as a start.
    if (me && !form.getValues('email')) {
      form.setValue('name', [me.profile.firstName, me.profile.lastName].filter(Boolean).join(' '));
      form.setValue('email', me.user.email);
    }
  }, [me, form]);
  const give = useGiveByCard();
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    give.mutate(
      { ...input, amount: centsToInput(input.amount) },
      {
        onSuccess: (answer) => window.location.assign(answer.url),
        onError: (error) => {
          if (applyServerErrors(form, error) === 0) notify.error(errorMessage(error, 'Failed to start the payment'));
        },
      },
    ),
  );
  const presets = [25, 50, 100, 250];
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Give">
      {tournaments.length > 1 ? (
        <SelectField label="Outing" {...field('tournamentId', { onChange: (e) => onTournament(e.target.value) })}>
          <NamedOptions items={tournaments} />
        </SelectField>
      ) : (
        <p className="font-medium">{tournaments[0]?.name}</p>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Amount</legend>
        <div className="flex flex-wrap gap-2">
          {presets.map((n) => (
            <Button
              key={n}
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => form.setValue('amount', String(n), { shouldValidate: form.formState.isSubmitted })}
            >
              {new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(n)}
            </Button>
          ))}
        </div>
        <Field label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" hint="From 5.00 to 100,000.00" {...field('amount')} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Your name" autoComplete="name" {...field('name')} />
        <Field label="E-mail" type="email" autoComplete="email" hint="For your receipt" {...field('email')} />
      </div>
      <Field label="Dedication" hint="Optional, e.g. In honour of Jane Doe" autoComplete="off" {...field('dedication')} />
      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register('showName')} />
        <span>
          Show my name on the donor wall
          <span className="block text-stone-600">Otherwise your gift is listed as Anonymous.</span>
        </span>
      </label>
      <Button type="submit" size="lg" disabled={give.isPending}>
        {give.isPending ? 'Opening the payment page…' : 'Give by card'}
      </Button>
    </form>
  );
}
