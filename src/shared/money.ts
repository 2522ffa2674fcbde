// Money is integer cents everywhere (R16); shown with two decimals in the configured currency.

/** One formatter per currency: building an Intl.NumberFormat costs ~50 times its format() (every confirmation e-mail, every list). */
const formats = new Map<string, Intl.NumberFormat>();

/** '1234567' → '1,234,567': en-US's grouping. */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function formatMoney(cents: number, currency = 'USD'): string {
  // Dollars, the default, are written by hand in exactly en-US's form ('-$1,234.50'): Home's prices and its 'raised'
  // figure are formatted while the page hydrates, and a page's first Intl object loads the browser's locale data, ~50 ms
  // in one task on the phone's main thread (docs/decisions/118, 126). money.test.ts holds it to Intl's output.
  if (currency === 'USD' && Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    return `${cents < 0 ? '-' : ''}$${grouped(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  }
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
