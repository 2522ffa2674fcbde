// /give/thanks: where Stripe sends the giver back, through the one return page (payments/payment-return.tsx): 'Thank you'
// only once the webhook has confirmed the gift (R35, R23).
import { PaymentReturn } from '../payments/payment-return';
import { Link } from '../router';
import { Button } from '../ui/button';
import { purchaseCheckoutQuery } from './queries';

const confirming = {
  title: 'Confirming your gift…',
  text: 'Stripe is confirming your payment. This page updates by itself in a few seconds.',
};
const notFound = { title: 'We could not find this gift', text: 'If money was taken, your receipt e-mail confirms it.' };

export function GiveThanksPage() {
  return (
    <PaymentReturn
      question={purchaseCheckoutQuery}
      withoutSession="failed"
      words={{
        // A gift's cancel goes back to the Give page (?cancelled=1), never here.
        cancelled: notFound,
        failed: () => notFound,
        paid: (_answer, amount) => ({
          title: 'Thank you for your gift',
          text: `${amount} received. Your receipt is on its way by e-mail.`,
        }),
        waiting: () => confirming,
      }}
      actions={(answer) => {
        const tournamentId = answer?.purchases[0]?.tournamentId;
        return (
          <Button asChild>
            <Link to={tournamentId ? `/give?tournament=${tournamentId}` : '/give'}>See the donor wall</Link>
          </Button>
        );
      }}
    />
  );
}
