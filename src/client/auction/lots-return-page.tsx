// /auction/lots/payment and /golfer/:token/lots/payment: where Stripe's page sends a winner back after paying for their lots
// (R55), through the one return page (payments/payment-return.tsx): 'Payment received' once the webhook has confirmed it.
import { purchaseCheckoutQuery } from '../donations/queries';
import { confirmingPayment, PaymentReturn } from '../payments/payment-return';
import { Link, useParams } from '../router';
import { Button } from '../ui/button';

export function LotsReturnPage() {
  const token = useParams().token;
  const lotsPage = token ? `/golfer/${token}/lots` : '/auction/lots';
  return (
    <PaymentReturn
      question={purchaseCheckoutQuery}
      withoutSession="cancelled"
      words={{
        cancelled: {
          title: 'Payment not completed',
          text: 'No money was taken. Your lots are still yours, unpaid: pay from your lots page or at the checkout table.',
        },
        failed: () => ({ title: 'We could not check this payment', text: 'Your lots page shows each lot’s payment status.' }),
        paid: (_answer, amount) => ({
          title: 'Payment received',
          text: `Thank you: ${amount} received for your lots. Receipts are on their way to your e-mail and on your lots page.`,
        }),
        waiting: confirmingPayment,
      }}
      actions={() => (
        <Button asChild>
          <Link to={lotsPage}>Back to your lots</Link>
        </Button>
      )}
    />
  );
}
