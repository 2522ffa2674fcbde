// A file to download (the CSV exports), as a link that looks like a secondary button: the browser saves what it fetches.
import { Download } from 'lucide-react';
import { Button } from './button';

export function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <Button variant="secondary" asChild>
      <a href={href} download>
        <Download aria-hidden className="size-4" /> {label}
      </a>
    </Button>
  );
}
