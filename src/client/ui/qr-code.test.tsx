// R61: the QR the golfer's page and the badge draw (an SVG of the qrcode library's modules) is read back by the decoder the
// Scan panel falls back to (jsQR): drawn, rasterised, decoded.
import jsQR from 'jsqr';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';

describe('QrCode', () => {
  it('draws a code that decodes back to the check-in code', async () => {
    const code = '5e1f0c0de5e1f0c0de5e1f0c0de5e1f0';
    const svg = renderToStaticMarkup(<QrCode code={code} label="Check-in QR code" />).replace('<svg', '<svg width="330" height="330"');
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(code);
  });
});
