// One team on the leader's dashboard: its details, its starting hole once drawn (R20), its receipts once paid (R39), Edit
// while editable, Enter Scores.
import { startingHoleLabel } from '../../shared/tournament-day';
import { CircleCheck, ClipboardPen, Clock, CreditCard, Lock, Pencil, Ticket } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../router';
import { LOCKED_MESSAGE } from '../../shared/editing-lock';
import { formatDateRange, formatDateTime } from '../lib/format';
import { formatMoney } from '../../shared/money';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { usePayNow, type TeamSummary } from '../registration/queries';

const TeamAddonsDialog = lazy(() => import('../addons/team-addons-dialog').then((m) => ({ default: m.TeamAddonsDialog })));

export function TeamCard({
  team,
  cardPayments,
  currency = 'USD',
  onEdit,
}: {
  team: TeamSummary;
  cardPayments: boolean;
  currency?: string;
  onEdit: () => void;
}) {
  const headingId = `team-${team.id}`;
  const [addons, setAddons] = useState(false);
  const payNow = usePayNow();
  const [coverFee, setCoverFee] = useState(false);
  const unpaid = team.paymentStatus === 'pending' || team.paymentStatus === 'hold';
  // An unpaid team can be paid by card (R23) while its place is kept; the payer may cover the card fee (R58).
  const payable = cardPayments && unpaid && team.dueCents > 0;
  const pay = () =>
    payNow.mutate(
      { teamIds: [team.id], coverFee: coverFee && team.coverableFeeCents > 0 },
      { onError: (error) => notify.error(errorMessage(error, 'The payment page could not be opened')) },
    );
  return (
    <Card className="flex flex-col gap-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-semibold">
            {team.name}
          </h3>
          <PaymentBadge status={team.paymentStatus} />
        </div>
        <div className="flex flex-wrap gap-2">
          {payable ? (
            <Button size="sm" onClick={pay} disabled={payNow.isPending || payNow.isSuccess} aria-label={`Pay now for ${team.name}`}>
              <CreditCard aria-hidden className="size-4" /> {payNow.isPending || payNow.isSuccess ? 'Opening…' : 'Pay now'}
            </Button>
          ) : null}
          {/* Scoring needs the course and its holes; it leads the card once the tournament is near (the lock). */}
          {team.tournament.hasCourse ? (
            <Button asChild size="sm" variant={team.editable ? 'secondary' : 'primary'}>
              <Link to={`/register/scores/${team.id}`} aria-label={`Enter Scores for ${team.name}`}>
                <ClipboardPen aria-hidden className="size-4" /> Enter Scores
              </Link>
            </Button>
          ) : null}
          {team.editable && team.paymentStatus !== 'expired' ? (
            <Button variant="secondary" size="sm" onClick={() => setAddons(true)} aria-label={`Add-ons for ${team.name}`}>
              <Ticket aria-hidden className="size-4" /> Add-ons
            </Button>
          ) : null}
          {team.editable ? (
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${team.name}`}>
              <Pencil aria-hidden className="size-4" /> Edit
            </Button>
          ) : null}
        </div>
      </div>
      {payable && team.coverableFeeCents > 0 ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-800" checked={coverFee} onChange={(e) => setCoverFee(e.target.checked)} />
          Cover the card fee (+{formatMoney(team.coverableFeeCents, currency)}), a gift to the cause
        </label>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">Tournament</dt>
          <dd>
            {team.tournament.name} · {formatDateRange(team.tournament.startDate, team.tournament.endDate)}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Company</dt>
          <dd>{team.company || 'Not specified'}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Contact</dt>
          <dd className="break-words">
            {team.contactName} · {team.contactPhone} · {team.contactEmail}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Players</dt>
          <dd>{team.playerCount} / 4</dd>
        </div>
        {team.level ? (
          <div>
            <dt className="text-stone-600">Sponsorship level</dt>
            <dd>{team.level.name}</dd>
          </div>
        ) : null}
        {team.receiptIds.length ? (
          <div>
            <dt className="text-stone-600">{team.receiptIds.length === 1 ? 'Receipt' : 'Receipts'}</dt>
            <dd className="flex flex-wrap gap-x-3">
              {team.receiptIds.map((id, i) => (
                <Link key={id} to={`/receipts/${id}`} className="font-medium text-brand-800 underline underline-offset-4">
                  {team.receiptIds.length === 1 ? 'Printable receipt' : `Payment ${i + 1}`}
                  <span className="sr-only"> for {team.name}</span>
                </Link>
              ))}
            </dd>
          </div>
        ) : null}
        {unpaid && team.dueCents > 0 ? (
          <div>
            <dt className="text-stone-600">To pay</dt>
            <dd>{formatMoney(team.dueCents, currency)}</dd>
          </div>
        ) : null}
        {unpaid && team.holdUntil ? (
          <div>
            <dt className="text-stone-600">{team.paymentStatus === 'hold' ? 'Held until' : 'Pay by'}</dt>
            <dd>{formatDateTime(team.holdUntil, { withZone: true })}</dd>
          </div>
        ) : null}
        {team.golfersAsked.length ? (
          <div className="sm:col-span-2">
            <dt className="text-stone-600">Golfers' own details</dt>
            <dd>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {team.golfersAsked.map((g, i) => (
                  <li key={i} className="flex items-center gap-1.5">
                    {g.answered ? (
                      <CircleCheck aria-hidden className="size-4 text-green-700" />
                    ) : (
                      <Clock aria-hidden className="size-4 text-amber-700" />
                    )}
                    {g.name}: {g.answered ? 'answered' : 'waiting'}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {team.startingHole != null ? (
          <div>
            <dt className="text-stone-600">Starting hole</dt>
            <dd className="font-semibold">{startingHoleLabel(team.startingHole, team.startGroup)}</dd>
          </div>
        ) : null}
      </dl>
      {team.paymentStatus === 'expired' ? (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          This place was not paid in time and has been released. Contact the organisers: they can reinstate the team while places remain.
        </p>
      ) : null}
      {!team.editable ? (
        <p className="flex items-center gap-2 text-sm text-stone-700">
          <Lock aria-hidden className="size-4" /> {LOCKED_MESSAGE}
        </p>
      ) : null}
      {addons ? (
        <Suspense fallback={null}>
          <TeamAddonsDialog teamId={team.id} teamName={team.name} currency={currency} onClose={() => setAddons(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
