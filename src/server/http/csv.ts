// CSV exports (RFC 4180) that open safely in a spreadsheet: quoted where needed, and cells a spreadsheet would run as a
// formula (=, +, -, @, tab, CR at the start) prefixed with an apostrophe.
import type { Context } from 'hono';

export function csvCell(value: unknown): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The CSV as a download named `filename`. */
export function csvResponse(c: Context, filename: string, csv: string) {
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}
