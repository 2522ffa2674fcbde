// /give/thanks: where Stripe sends the giver back. 'Thank you' only once the webhook has confirmed the gift (R35, R23).
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/money';
import { activeTournamentsQuery } from '../registration/queries';
import { Link, useSearchParams } from '../router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { giftCheckoutQuery } from './queries';

function Outcome({ icon, title, children, tournamentId }: { icon: ReactNode; title: string; children: ReactNode; tournamentId?: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <title>{`${title} · Golf Tournament`}</title>
      <Card className="flex flex-col items-center gap-4 text-center">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
        <Button asChild>
          <Link to={tournamentId ? `/give?tournament=${tournamentId}` : '/give'}>See the donor wall</Link>
        </Button>
      </Card>
    </div>
  );
}

export function GiveThanksPage() {
  const [params] = useSearchParams();
  const status = useQuery(giftCheckoutQuery(params.get('session_id') ?? ''));
  const currency = useQuery(activeTournamentsQuery).data?.currency;
  const data = status.data;
  const tournamentId = data?.purchases[0]?.tournamentId;
  if (status.isError || !params.get('session_id')) {
    return (
      <Outcome icon={<XCircle aria-hidden className="size-12 text-red-700" />} title="We could not find this gift">
        <p className="text-stone-700">If money was taken, your receipt e-mail confirms it.</p>
      </Outcome>
    );
  }
  if (data?.paid) {
    return (
      <Outcome
        icon={<CheckCircle2 aria-hidden className="size-12 text-green-700" />}
        title="Thank you for your gift"
        tournamentId={tournamentId}
      >
        <p className="text-stone-700">{formatMoney(data.amountCents, currency)} received. Your receipt is on its way by e-mail.</p>
      </Outcome>
    );
  }
  return (
    <Outcome icon={<Clock aria-hidden className="size-12 text-brand-800" />} title="Confirming your gift…" tournamentId={tournamentId}>
      <p className="text-stone-700" role="status">
        Stripe is confirming your payment. This page updates by itself in a few seconds.
      </p>
    </Outcome>
  );
}
