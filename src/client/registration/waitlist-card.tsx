// The leader's waitlist entries on the dashboard (R25): place in line, or an offer with its deadline, Register now and
// Pass it on.
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { myWaitlistQuery, useDeclineOffer, type WaitlistEntry } from './waitlist-queries';

export function WaitlistCard({ onRegister }: { onRegister: (entry: WaitlistEntry) => void }) {
  const entries = useQuery(myWaitlistQuery);
  const decline = useDeclineOffer();
  if (!entries.data?.length) return null;
  const passOn = (entry: WaitlistEntry) =>
    decline.mutate(entry.offerToken!, {
      onSuccess: () => notify.success('Offer passed on to the next in line'),
      onError: (error) => notify.error(errorMessage(error, 'Failed to pass the offer on')),
    });
  return (
    <Card>
      <CardTitle>Your waitlist</CardTitle>
      <ul className="mt-3 flex flex-col gap-3" aria-label="Your waitlist">
        {entries.data.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 text-sm">
            <p className="font-medium">
              {entry.levelName} · {entry.tournamentName}
            </p>
            <p className="text-stone-600">
              {entry.teamsWanted} {entry.teamsWanted === 1 ? 'team' : 'teams'}
              {entry.status === 'waiting' ? ` · number ${entry.position} in line` : ''}
            </p>
            {entry.status === 'offered' && entry.offerExpiresAt ? (
              <div className="mt-1 flex flex-col gap-2 rounded-md bg-brand-50 p-3">
                <p>
                  A place is kept for you until <strong>{formatDateTime(entry.offerExpiresAt, { withZone: true })}</strong>.
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => onRegister(entry)}>
                    Register now
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => passOn(entry)} disabled={decline.isPending}>
                    Pass it on
                  </Button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
