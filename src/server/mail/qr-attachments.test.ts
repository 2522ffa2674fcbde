// R61: the confirmation e-mail's QR is a real, readable code: generated, rendered to the PNG the mail attaches, and read back
// by the decoder the Scan panel uses (jsQR).
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrAttachments } from './mailer';
import { renderMail } from './render';

async function decode(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('check-in QR in e-mail', () => {
  const code = 'c0ffee00c0ffee00c0ffee00c0ffee01';

  it('is attached as an inline PNG under the cid the HTML shows, and decodes back to the code', async () => {
    const mail = renderMail({ subject: 's', heading: 'h', blocks: [{ qr: code, caption: 'Pat Golfer, Birdies' }] });
    expect(mail.text).toContain(`Pat Golfer, Birdies: ${code}`);
    const [attachment] = await qrAttachments(mail.qr);
    expect(mail.html).toContain(`src="cid:${attachment!.cid}"`);
    expect(attachment!.contentType).toBe('image/png');
    expect(await decode(attachment!.content)).toBe(code);
  });

  it('a different code gives a different image (nothing cached by mistake)', async () => {
    const [a, b] = await qrAttachments([
      { cid: 'a', code },
      { cid: 'b', code: code.replace(/1$/, '2') },
    ]);
    expect(a!.content.equals(b!.content)).toBe(false);
    expect(await decode(b!.content)).toBe(code.replace(/1$/, '2'));
  });
});
