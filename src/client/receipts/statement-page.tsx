// /statement?email=…&year=…&key=…: a payer's statement of a calendar year (R39), printable: every payment received, what
// was received in return, and what may be deductible, with the totals.
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../shared/money';
import { ApiError, errorMessage } from '../lib/api';
import { useSearchParams } from '../router';
import { Card } from '../ui/card';
import { ColumnHeads } from '../ui/column-heads';
import { PageSpinner } from '../ui/spinner';
import { statementQuery } from './queries';
import { formatDay } from './receipt-page';
import { ReceiptSheet } from './receipt-sheet';

export function StatementPage() {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const year = params.get('year') ?? String(new Date().getFullYear());
  const key = params.get('key') ?? '';
  const statement = useQuery(statementQuery(email, year, key));
  const fromReceipt = ' Open it from a receipt e-mail, or sign in with the confirmed account of this address.';
  // An address without the e-mail it is for (cut short, or typed): nothing to ask the server for.
  if (!email) return <NotShown title="Statement not found" message={`This address does not say whose statement to show.${fromReceipt}`} />;
  if (statement.isPending) return <PageSpinner />;
  if (statement.isError) {
    // Refused: the server says why (the address is not confirmed, the link opens another year); never a blank page.
    const refused = statement.error instanceof ApiError && statement.error.status === 403;
    return (
      <NotShown
        title={refused ? 'Statement not shown' : 'Statement not found'}
        message={`${errorMessage(statement.error, 'Failed to load the statement')}.${refused || key ? '' : fromReceipt}`}
      />
    );
  }
  const { receipts, totals, organisation, currency, timeZone } = statement.data;
  const money = (cents: number) => formatMoney(cents, currency);
  const thisYear = new Date().getFullYear();
  return (
    <ReceiptSheet title={`Statement of giving, ${year}`} organisation={organisation}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-stone-700">
          For <span className="font-medium text-stone-900">{email}</span>: every payment received in {year}.
        </p>
        {key ? (
          // A receipt e-mail's link opens its own year only: another year comes from that year's e-mail.
          <p className="text-sm text-stone-600 print:hidden">Another year: open the link in one of that year’s receipt e-mails.</p>
        ) : (
          <label className="flex items-center gap-2 text-sm print:hidden">
            Year
            <select
              className="h-10 rounded-md border border-stone-300 bg-white px-2"
              value={year}
              onChange={(e) => setParams({ email, year: e.target.value }, { replace: true })}
            >
              {[thisYear, thisYear - 1, thisYear - 2, thisYear - 3].map((y) => (
                <option key={y}>{y}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {receipts.length === 0 ? (
        <p className="text-stone-700">No payments were received from this address in {year}.</p>
      ) : (
        <>
          {/* A phone reads one payment per block; a wider screen and paper get the table. */}
          <ul aria-label={`Payments in ${year}`} className="flex flex-col gap-3 sm:hidden">
            {receipts.map((r) => (
              <li key={r.paymentId} className="rounded-md border border-stone-200 p-3">
                <p className="font-medium">{r.description}</p>
                <p className="text-xs text-stone-600 [overflow-wrap:anywhere]">
                  {formatDay(r.paidAt, timeZone)} · {r.tournamentName} · {r.reference}
                </p>
                <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-stone-700">Amount{r.refundedCents > 0 ? ' (after refund)' : ''}</dt>
                  <dd className="text-right tabular-nums">{money(r.amountCents - r.refundedCents)}</dd>
                  <dt className="text-stone-700">Value received</dt>
                  <dd className="text-right tabular-nums">{money(r.fmvCents)}</dd>
                  <dt className="text-stone-700">May be deductible</dt>
                  <dd className="text-right font-semibold tabular-nums">{money(r.deductibleCents)}</dd>
                </dl>
              </li>
            ))}
            <li className="flex justify-between rounded-md bg-stone-50 p-3 text-sm font-semibold">
              <span>Total: {money(totals.amountCents)}</span>
              <span>May be deductible: {money(totals.deductibleCents)}</span>
            </li>
          </ul>
          <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label={`Payments in ${year} (table)`}>
            <table className="w-full min-w-[34rem] text-left text-sm">
              <caption className="sr-only">Payments in {year}</caption>
              <thead>
                <ColumnHeads
                  className="border-b border-stone-300"
                  cellClassName="py-2 pr-3 last:pr-0"
                  columns={['Date', 'For', ['Amount', 'text-right'], ['Value received', 'text-right'], ['May be deductible', 'text-right']]}
                />
              </thead>
              <tbody>
                {receipts.map((r) => (
                  <tr key={r.paymentId} className="border-b border-stone-100 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDay(r.paidAt, timeZone)}</td>
                    <td className="py-2 pr-3">
                      {r.description}
                      <span className="block text-xs text-stone-600">
                        {r.tournamentName} · {r.reference}
                      </span>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {money(r.amountCents - r.refundedCents)}
                      {r.refundedCents > 0 ? <span className="block text-xs text-stone-600">after refund</span> : null}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{money(r.fmvCents)}</td>
                    <td className="py-2 text-right tabular-nums">{money(r.deductibleCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <th scope="row" colSpan={2} className="py-2 pr-3">
                    Total
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(totals.amountCents)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(totals.fmvCents)}</td>
                  <td className="py-2 text-right tabular-nums">{money(totals.deductibleCents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      <p className="text-sm text-stone-600">
        Only the amount above the fair market value of goods or services received may be deductible. Please keep this statement for your tax
        records.
      </p>
    </ReceiptSheet>
  );
}

function NotShown({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <title>{`${title} · Golf Tournament`}</title>
      <Card className="flex flex-col gap-2">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="text-stone-700" role="alert">
          {message}
        </p>
      </Card>
    </div>
  );
}
