// /receipts/:paymentId?key=…: the printable receipt (R39) for a paid team, gift, item or add-on: date, amount, what was
// received and its value, what may be deductible, and the quid pro quo disclosure over 75.00.
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../shared/money';
import { deductibleNote, yearIn } from '../../shared/receipts';
import { errorMessage } from '../lib/api';
import { Link, useParams, useSearchParams } from '../router';
import { Card } from '../ui/card';
import { PageSpinner } from '../ui/spinner';
import { receiptQuery } from './queries';
import { Figure, ReceiptSheet } from './receipt-sheet';

export const formatDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(new Date(iso));

export function ReceiptPage() {
  const { paymentId = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const receipt = useQuery(receiptQuery(paymentId, key));
  if (receipt.isPending) return <PageSpinner />;
  if (receipt.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <title>Receipt not found · Golf Tournament</title>
        <Card className="flex flex-col gap-2">
          <h1 className="text-xl font-bold">Receipt not found</h1>
          <p className="text-stone-700">
            {errorMessage(receipt.error, 'Failed to load the receipt')}. Open it from your receipt e-mail, or sign in with the account that
            paid.
          </p>
        </Card>
      </div>
    );
  }
  const { receipt: r, organisation, currency, timeZone, statementOpens } = receipt.data;
  const money = (cents: number) => formatMoney(cents, currency);
  const year = String(yearIn(r.paidAt, timeZone));
  const statement = `/statement?${new URLSearchParams({ email: r.payerEmail, year }).toString()}`;
  return (
    <ReceiptSheet title="Receipt" organisation={organisation}>
      <dl className="text-sm sm:text-base">
        <Figure term="Received from">{r.payerName}</Figure>
        <Figure term="Date">{formatDay(r.paidAt, timeZone)}</Figure>
        <Figure term="For">
          {r.description} · {r.tournamentName}
        </Figure>
        <Figure term="Reference">{r.reference}</Figure>
        <Figure term="Amount" strong>
          {money(r.amountCents)}
        </Figure>
        {r.refundedCents > 0 ? <Figure term="Refunded">−{money(r.refundedCents)}</Figure> : null}
        <Figure term="Goods or services received">{r.received}</Figure>
        <Figure term="Their fair market value">{money(r.fmvCents)}</Figure>
        <Figure term="May be deductible" strong>
          {money(r.deductibleCents)}
        </Figure>
      </dl>
      <p className="rounded-md bg-stone-50 p-3 text-sm text-stone-800 print:bg-transparent print:p-0">{deductibleNote(r, money)}</p>
      <p className="text-sm text-stone-600">
        Thank you for supporting {organisation.name}. Please keep this receipt for your tax records.{' '}
        {/* Only where it opens (the server says): without SMTP, a payer's own statement opens from a receipt e-mail only. */}
        {statementOpens ? (
          <Link to={statement} className="underline print:hidden">
            Your statement for {year}
          </Link>
        ) : null}
      </p>
    </ReceiptSheet>
  );
}
