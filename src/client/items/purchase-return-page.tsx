// /register/purchase-payment: where Stripe's page sends the buyer of sponsorship items or golfer add-ons back (R23, R36,
// R37), through the one return page (payments/payment-return.tsx): 'Payment received' once the webhook has confirmed it.
import { purchaseCheckoutQuery } from '../donations/queries';
import { confirmingPayment, PaymentReturn } from '../payments/payment-return';
import { Link } from '../router';
import { Button } from '../ui/button';

export function PurchaseReturnPage() {
  return (
    <PaymentReturn
      question={purchaseCheckoutQuery}
      withoutSession="cancelled"
      words={{
        cancelled: {
          title: 'Payment not completed',
          text: 'No money was taken. What you chose stays yours, unpaid, until its deadline; your teams page shows it.',
        },
        failed: () => ({ title: 'We could not check this payment', text: 'Your teams page shows each purchase’s payment status.' }),
        paid: (_answer, amount) => ({
          title: 'Payment received',
          text: `Thank you: ${amount} received. A receipt is on its way to your e-mail.`,
        }),
        waiting: confirmingPayment,
      }}
      actions={() => (
        <Button asChild>
          <Link to="/register">Back to my teams</Link>
        </Button>
      )}
    />
  );
}
