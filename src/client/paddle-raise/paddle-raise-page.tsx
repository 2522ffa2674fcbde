// Admin → Paddle raise (R56): staff open a raise with its title and giving levels (one open at a time per tournament), see
// what each raise has pledged and been paid, close it, and add dinner guests without an account as bidders (R54). The keypad
// and TV mode open from here. Pledges are gifts: they are marked paid or refunded on Payments, like every money line.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Keyboard, Monitor, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney } from '../../shared/money';
import { addBidderSchema, openRaiseSchema, type AddBidderValues, type OpenRaiseValues } from '../../shared/paddle-raise-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { notifyFailure } from '../admin/notify-failure';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { activeTournamentsQuery } from '../registration/queries';
import { Link } from '../router';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { ListState } from '../ui/table';
import { levelLabel, raisesQuery, useAddBidder, useCloseRaise, useOpenRaise, type Raise } from './queries';

export function PaddleRaisePage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const raises = useQuery(raisesQuery(tournamentId));
  const currency = raises.data?.currency ?? tournaments.data?.currency ?? 'USD';
  const rows = raises.data?.raises ?? [];
  const open = rows.find((r) => r.open);
  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Paddle raise" actions={tournamentId ? <TournamentPicker {...picker} className="sm:w-72" /> : undefined}>
        Open a raise with its giving levels, record raised paddles on the keypad, and show the total on the screen. Pledges are gifts: mark
        them paid on Payments.
      </AdminHeading>
      <ListState
        loading={tournaments.isPending || (Boolean(tournamentId) && raises.isPending)}
        error={tournaments.isError || raises.isError}
        empty={!tournamentId}
        emptyText="No active tournaments yet."
        onRetry={() => void (tournaments.isError ? tournaments.refetch() : raises.refetch())}
      />
      {tournamentId && raises.isSuccess ? (
        <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
          <div className="flex flex-col gap-4">
            {open ? null : <OpenRaiseForm key={tournamentId} tournamentId={tournamentId} />}
            {rows.map((raise) => (
              <RaiseCard key={raise.id} raise={raise} currency={currency} tournamentId={tournamentId} />
            ))}
          </div>
          <div className="flex flex-col gap-4">
            <GuestLink tournamentId={tournamentId} />
            <AddBidderForm key={tournamentId} tournamentId={tournamentId} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function OpenRaiseForm({ tournamentId }: { tournamentId: string }) {
  const form = useForm<OpenRaiseValues>({
    resolver: zodResolver(openRaiseSchema),
    defaultValues: { tournamentId, title: '', levels: '5,000 / 1,000 / 500 / 100' },
  });
  const openRaise = useOpenRaise();
  const field = bindFields(form);
  const submit = form.handleSubmit(() =>
    openRaise.mutate(
      { tournamentId, title: form.getValues('title'), levels: String(form.getValues('levels')) },
      {
        onSuccess: () => notify.success('The raise is open'),
        onError: (error) => {
          applyServerErrors(form, error);
          notifyFailure('Failed to open the raise')(error);
        },
      },
    ),
  );
  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <CardTitle>Open a raise</CardTitle>
        <Field label="Title" placeholder="Fund a year of swimming lessons" autoComplete="off" {...field('title')} />
        <Field label="Giving levels" hint="Largest first, separated by /" inputMode="decimal" autoComplete="off" {...field('levels')} />
        <Button type="submit" size="lg" disabled={openRaise.isPending} className="self-start">
          {openRaise.isPending ? 'Opening…' : 'Open the raise'}
        </Button>
      </form>
    </Card>
  );
}

function RaiseCard({ raise, currency, tournamentId }: { raise: Raise; currency: string; tournamentId: string }) {
  const close = useCloseRaise();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="flex flex-col gap-3" aria-label={raise.title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{raise.title}</CardTitle>
          <p className="text-sm text-stone-600">Levels {raise.levelsCents.map((c) => levelLabel(c, currency)).join(' · ')}</p>
        </div>
        <span
          className={
            raise.open
              ? 'rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-800'
              : 'rounded-full bg-stone-200 px-2.5 py-0.5 text-sm font-semibold text-stone-700'
          }
        >
          {raise.open ? 'Open' : 'Closed'}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Figure label="Pledged" value={formatMoney(raise.pledgedCents, currency)} />
        <Figure label="Pledges" value={String(raise.count)} />
        <Figure label="Paid" value={formatMoney(raise.paidCents, currency)} />
      </dl>
      <div className="flex flex-wrap gap-2">
        {raise.open ? (
          <Button asChild>
            <Link to={`/admin/paddle-raise/keypad?tournament=${tournamentId}`}>
              <Keyboard aria-hidden className="size-4" />
              Keypad
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="secondary">
          <Link to={`/paddle/${tournamentId}/tv`}>
            <Monitor aria-hidden className="size-4" />
            TV mode
          </Link>
        </Button>
        {raise.open && !confirming ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Close the raise
          </Button>
        ) : null}
        {raise.open && confirming ? (
          <>
            <Button
              variant="danger"
              disabled={close.isPending}
              onClick={() =>
                close.mutate(raise.id, {
                  onSuccess: () => notify.success('The raise is closed'),
                  onError: notifyFailure('Failed to close the raise'),
                })
              }
            >
              Yes, close it
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it open
            </Button>
          </>
        ) : null}
      </div>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-stone-100 px-2 py-2">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The address guests open on their phones (signed in; golfers also from their personal link + /paddle). */
function GuestLink({ tournamentId }: { tournamentId: string }) {
  const address = `${typeof window === 'undefined' ? '' : window.location.origin}/paddle/${tournamentId}`;
  return (
    <Card className="flex flex-col gap-2">
      <CardTitle>Guests pledge from their phones</CardTitle>
      <p className="text-sm text-stone-700">Put this address on the screen. Golfers can also add /paddle to their personal link.</p>
      <Link to={`/paddle/${tournamentId}`} className="break-all font-medium text-brand-800 underline underline-offset-4">
        {address}
      </Link>
    </Card>
  );
}

function AddBidderForm({ tournamentId }: { tournamentId: string }) {
  const form = useForm<AddBidderValues>({
    resolver: zodResolver(addBidderSchema),
    defaultValues: { tournamentId, name: '', email: '', showName: false },
  });
  const add = useAddBidder();
  const [added, setAdded] = useState<{ number: number; name: string } | null>(null);
  const field = bindFields(form);
  const submit = form.handleSubmit((input) =>
    add.mutate(
      { tournamentId, name: input.name, email: String(input.email ?? ''), showName: Boolean(input.showName) },
      {
        onSuccess: (bidder) => {
          setAdded(bidder);
          form.reset({ tournamentId, name: '', email: '', showName: false });
        },
        onError: (error) => {
          applyServerErrors(form, error);
          notifyFailure('Failed to add the bidder')(error);
        },
      },
    ),
  );
  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <CardTitle>Add a bidder</CardTitle>
        <p className="text-sm text-stone-700">For a dinner guest without an account: they get the next paddle number.</p>
        <Field label="Guest's name" autoComplete="off" {...field('name')} />
        <Field label="E-mail" type="email" autoComplete="off" hint="Optional: for the receipt" {...field('email')} />
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register('showName')} />
          <span>Show their name on the screen</span>
        </label>
        <Button type="submit" variant="secondary" disabled={add.isPending} className="self-start">
          <UserPlus aria-hidden className="size-4" />
          Add the bidder
        </Button>
        {added ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
            Paddle <strong className="text-xl">#{added.number}</strong> for {added.name}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
