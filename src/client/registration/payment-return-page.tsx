// /register/payment: where Stripe's page sends the leader back (R23), through the one return page (payments/payment-return.tsx):
// 'Payment received' only once the webhook has confirmed the money, 'Payment not completed' after a cancel.
import { Link } from '../router';
import { ApiError } from '../lib/api';
import { confirmingPayment, PaymentReturn } from '../payments/payment-return';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { checkoutStatusQuery } from './queries';

export function PaymentReturnPage() {
  return (
    <PaymentReturn
      question={checkoutStatusQuery}
      withoutSession="cancelled"
      words={{
        cancelled: {
          title: 'Payment not completed',
          text: 'No money was taken. Your places are still kept until their deadline: use Pay now on your team card to try again.',
        },
        failed: (error) => ({
          title: 'We could not check this payment',
          text:
            error instanceof ApiError && error.status === 401
              ? 'Sign in to see whether your payment has arrived.'
              : 'Your teams page shows each team’s payment status.',
        }),
        paid: (answer, amount) => ({
          title: 'Payment received',
          text: `Thank you: ${amount} received. A receipt is on its way to your contact e-mail.`,
          more: (
            <ul className="flex w-full flex-col gap-2 text-left" aria-label="Paid teams">
              {answer.teams.map((team) => (
                <li key={team.id} className="flex items-center justify-between gap-3 rounded-md border border-stone-200 px-3 py-2">
                  <span className="font-medium">{team.name}</span>
                  <PaymentBadge status={team.paymentStatus} />
                </li>
              ))}
            </ul>
          ),
        }),
        waiting: confirmingPayment,
      }}
      actions={() => (
        <>
          <Button asChild>
            <Link to="/register">Back to my teams</Link>
          </Button>
          <Link to="/give" className="text-sm font-medium text-brand-800 underline underline-offset-4">
            Add a gift to the cause
          </Link>
        </>
      )}
    />
  );
}
