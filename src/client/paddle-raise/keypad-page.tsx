// Admin → Paddle raise → Keypad (R56): staff at the dinner record raised paddles at speed on a phone. The level stays chosen
// (big buttons), the number field keeps the focus with the phone's numeric keypad, Enter records, the last pledges are
// listed and the latest can be undone. An unknown number is said plainly and records nothing.
import { useQuery } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../shared/money';
import { PADDLE_MESSAGES } from '../../shared/paddle-raise-schemas';
import { AdminHeading } from '../admin/admin-heading';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { errorMessage } from '../lib/api';
import { activeTournamentsQuery } from '../registration/queries';
import { Link } from '../router';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ListState } from '../ui/table';
import { keypadQuery, levelLabel, raisesQuery, useRecordPaddle, useUndoPledge, type Raise } from './queries';

export function KeypadPage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const raises = useQuery(raisesQuery(tournamentId));
  const open = raises.data?.raises.find((r) => r.open);
  const currency = raises.data?.currency ?? 'USD';
  return (
    <div className="flex flex-col gap-4">
      <AdminHeading title="Keypad" actions={tournamentId ? <TournamentPicker {...picker} className="sm:w-72" /> : undefined}>
        Choose the level, type the paddle number, press Enter.
      </AdminHeading>
      <ListState
        loading={tournaments.isPending || (Boolean(tournamentId) && raises.isPending)}
        error={tournaments.isError || raises.isError}
        empty={!tournamentId || (raises.isSuccess && !open)}
        emptyText={tournamentId ? 'No raise is open for this tournament.' : 'No active tournaments yet.'}
        onRetry={() => void (tournaments.isError ? tournaments.refetch() : raises.refetch())}
      />
      {raises.isSuccess && !open && tournamentId ? (
        <Link to={`/admin/paddle-raise?tournament=${tournamentId}`} className="font-medium text-brand-800 underline underline-offset-4">
          Open a raise on the Paddle raise page
        </Link>
      ) : null}
      {open ? <Keypad key={open.id} raise={open} currency={currency} /> : null}
    </div>
  );
}

type Outcome = { ok: true; text: string } | { ok: false; text: string };

function Keypad({ raise, currency }: { raise: Raise; currency: string }) {
  const view = useQuery({ ...keypadQuery(raise.id), refetchInterval: 5_000 });
  const record = useRecordPaddle(raise.id);
  const undo = useUndoPledge(raise.id);
  const [level, setLevel] = useState<number | null>(raise.levelsCents.length === 1 ? raise.levelsCents[0]! : null);
  const [number, setNumber] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refocus = () => input.current?.focus();
  useEffect(refocus, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refocus();
    if (record.isPending) return;
    if (level === null) return setOutcome({ ok: false, text: PADDLE_MESSAGES.level });
    const bidderNumber = Number(number);
    if (!/^\d{1,5}$/.test(number) || bidderNumber < 1) return setOutcome({ ok: false, text: PADDLE_MESSAGES.bidderNumber });
    record.mutate(
      { amountCents: level, bidderNumber },
      {
        onSuccess: (made) => {
          setNumber('');
          setOutcome({ ok: true, text: `Recorded #${made.bidderNumber} at ${levelLabel(made.amountCents, currency)}` });
          void view.refetch();
        },
        onError: (error) => setOutcome({ ok: false, text: errorMessage(error, 'Not recorded. Try again.') }),
        onSettled: refocus,
      },
    );
  };
  const latest = view.data?.latest ?? [];
  const totals = view.data?.raise ?? raise;

  return (
    <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
      <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Record a paddle">
        <p className="text-lg font-semibold">{raise.title}</p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-stone-700">Level</legend>
          <div className="grid grid-cols-2 gap-3">
            {raise.levelsCents.map((cents) => (
              <button
                key={cents}
                type="button"
                aria-pressed={level === cents}
                // The number field keeps the focus (and the phone its keypad) while a level is tapped.
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => {
                  setLevel(cents);
                  refocus();
                }}
                className={cn(
                  'h-16 rounded-lg border-2 text-2xl font-bold tabular-nums transition-colors',
                  level === cents
                    ? 'border-brand-800 bg-brand-800 text-white'
                    : 'border-stone-300 bg-white text-stone-900 hover:bg-stone-100',
                )}
              >
                {levelLabel(cents, currency)}
              </button>
            ))}
          </div>
        </fieldset>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium text-stone-700">Paddle number</span>
          <input
            ref={input}
            value={number}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 5))}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            enterKeyHint="done"
            aria-invalid={outcome?.ok === false}
            aria-describedby="keypad-outcome"
            className="h-16 w-full rounded-lg border-2 border-stone-300 px-4 text-4xl font-bold tabular-nums focus:border-brand-800 focus:outline-none"
          />
        </label>
        <Button type="submit" size="lg" onPointerDown={(e) => e.preventDefault()} disabled={record.isPending} className="h-14 text-lg">
          {record.isPending ? 'Recording…' : 'Record'}
        </Button>
        <p
          id="keypad-outcome"
          role={outcome?.ok === false ? 'alert' : 'status'}
          className={cn(
            'min-h-12 rounded-md px-3 py-2 text-base font-medium',
            outcome === null ? 'invisible' : outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800',
          )}
        >
          {outcome?.text ?? ' '}
        </p>
      </form>
      <section aria-labelledby="latest-heading" className="flex flex-col gap-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="latest-heading" className="text-lg font-semibold">
            Latest pledges
          </h2>
          <p className="text-sm tabular-nums text-stone-700">
            {formatMoney(totals.pledgedCents, currency)} · {totals.count} {totals.count === 1 ? 'pledge' : 'pledges'}
          </p>
        </div>
        {latest.length === 0 ? <p className="text-sm text-stone-600">None yet.</p> : null}
        <ol className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {latest.map((pledge, index) => (
            <li key={pledge.id} className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="font-semibold tabular-nums">#{pledge.bidderNumber}</span>{' '}
                <span className="text-stone-700">{pledge.name}</span>
                <span className="block text-sm tabular-nums text-stone-600">{formatMoney(pledge.amountCents, currency)}</span>
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <PaymentBadge status={pledge.paymentStatus} />
                {index === 0 && pledge.paymentStatus !== 'paid' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={undo.isPending}
                    onPointerDown={(e) => e.preventDefault()}
                    onClick={() =>
                      undo.mutate(pledge.id, {
                        onSuccess: () => {
                          setOutcome({ ok: true, text: `Undone: #${pledge.bidderNumber} at ${levelLabel(pledge.amountCents, currency)}` });
                          void view.refetch();
                        },
                        onError: (error) => setOutcome({ ok: false, text: errorMessage(error, 'Not undone. Try again.') }),
                        onSettled: refocus,
                      })
                    }
                  >
                    <Undo2 aria-hidden className="size-4" />
                    Undo<span className="sr-only"> #{pledge.bidderNumber}</span>
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
