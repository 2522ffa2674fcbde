// Money is integer cents everywhere (R16); shown with two decimals in the configured currency.

/** One formatter per currency: building an Intl.NumberFormat costs ~50 times its format() (every confirmation e-mail, every list). */
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency = 'USD'): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(currency, format);
  }
  return format.format(cents / 100);
}

/** An amount as a plain decimal ('1200.50'), without the currency: CSV columns and the ledger's notes. */
export const decimalText = (cents: number): string => (cents / 100).toFixed(2);

/** The amount due for `teams` teams at `priceCents` each. */
export const totalCents = (priceCents: number, teams: number) => priceCents * teams;

/** Parses a price typed in a form ("1,200.50") into cents, or null. */
export function parseMoneyToCents(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
