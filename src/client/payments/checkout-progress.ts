// The question every payment's return page asks (payment-return.tsx): the server's `checkoutProgress` answer, and how
// often to ask. Apart from the page, so the queries that use it do not bring the page's code with them.

/** What every return question answers. */
export interface CheckoutProgress {
  paid: boolean;
  amountCents: number;
}

/** A return question's polling: every two seconds until the webhook has confirmed, for up to two minutes (60 answers). */
export const untilPaid = (query: { state: { data?: CheckoutProgress; dataUpdateCount: number } }) =>
  query.state.data?.paid || query.state.dataUpdateCount > 60 ? false : 2000;
