// R61: a golfer's check-in code drawn as a QR (an SVG: sharp on paper at any size, nothing to fetch). The `qrcode` library
// encodes; we only draw its modules, so the page carries its encoder and not its canvas and PNG renderers.
import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The quiet zone around the code, in modules (the standard's 4: scanners find the code by it). */
const QUIET = 4;

export function QrCode({ code, label, className }: { code: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
    return { size: modules.size + 2 * QUIET, path: d };
  }, [code]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className={className}>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
