import { Printer } from 'lucide-react';
import { Button } from '../ui/button';

/** The browser's own print dialog (paper or PDF); the page's print styles hide everything but the sheet. */
export function PrintButton({ label = 'Print' }: { label?: string }) {
  return (
    <Button onClick={() => window.print()} className="print:hidden">
      <Printer aria-hidden className="size-4" />
      {label}
    </Button>
  );
}
