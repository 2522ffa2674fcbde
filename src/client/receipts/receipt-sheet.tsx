// The printable frame of a receipt and a statement (R39): the organisation's logo, legal name and tax id at the top (R51), the
// figures, the disclosure, and a Print button that does not print.
import type { ReactNode } from 'react';
import { PrintButton } from '../starting-holes/print-button';
import { Card } from '../ui/card';

export function ReceiptSheet({
  title,
  organisation,
  children,
}: {
  title: string;
  organisation: { name: string; legalName: string; taxId: string; logoUrl: string | null };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <title>{`${title} · ${organisation.name}`}</title>
      <div className="flex justify-end print:hidden">
        <PrintButton />
      </div>
      <Card className="flex flex-col gap-5 print:border-0 print:shadow-none">
        <header className="flex flex-col gap-1 border-b border-stone-200 pb-4">
          {organisation.logoUrl ? (
            <img src={organisation.logoUrl} alt={organisation.name} className="mb-2 h-auto max-h-16 w-auto max-w-48 object-contain" />
          ) : null}
          <p className="text-lg font-semibold">{organisation.legalName}</p>
          {organisation.taxId ? <p className="text-sm text-stone-700">Tax id (EIN): {organisation.taxId}</p> : null}
          <h1 className="mt-2 text-2xl font-bold">{title}</h1>
        </header>
        {children}
      </Card>
    </div>
  );
}

/** A term and its value, for the receipt's figures. */
export function Figure({ term, children, strong }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 border-b border-stone-100 py-1.5 last:border-0">
      <dt className="text-stone-700">{term}</dt>
      <dd className={strong ? 'text-right font-bold tabular-nums' : 'min-w-0 break-words text-right tabular-nums [overflow-wrap:anywhere]'}>
        {children}
      </dd>
    </div>
  );
}
