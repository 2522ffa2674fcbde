// Uploading images (R36): recognised by content, capped, re-encoded without metadata, stored, served with long-lived caching.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images, imageVariants } from '../db/schema';
import { IMAGE_MESSAGES } from '../../shared/image-rules';
import { fileAppWithUsers } from '../test/file-app';

const { app: t, leader, moderator } = await fileAppWithUsers();

const png = (width = 400, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();

function upload(
  bytes: Uint8Array,
  name: string,
  type: string,
  { cookie = leader.cookie, purpose }: { cookie?: string; purpose?: string } = {},
) {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  if (purpose) form.append('purpose', purpose);
  return t.call('/api/images', { method: 'POST', body: form, cookie });
}

const stored = async () => ({
  images: (await t.db.select().from(images)).length,
  variants: (await t.db.select().from(imageVariants)).length,
});

async function expectRefused(bytes: Uint8Array, name: string, type: string, message: string, status = 400) {
  const before = await stored();
  const { status: got, body } = await upload(bytes, name, type);
  expect(got).toBe(status);
  expect(body.error.message).toBe(message);
  if (status === 400) expect(body.error.fields).toEqual({ file: message });
  expect(await stored()).toEqual(before);
}

describe('an accepted logo', () => {
  it('is re-encoded to 320 and 160 px wide WebP, stored, and served to anyone with immutable caching and an ETag', async () => {
    const { status, body } = await upload(await png(), 'logo.png', 'image/png');
    expect(status).toBe(201);
    expect(body.image).toMatchObject({ purpose: 'logo', width: 400, height: 200 });
    expect(body.image.variants).toEqual([
      { name: 'w320', width: 320, height: 160, url: `/api/images/${body.image.id}/w320` },
      { name: 'w160', width: 160, height: 80, url: `/api/images/${body.image.id}/w160` },
    ]);

    const served = await t.request(body.image.variants[1].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 160, height: 80 });

    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await t.request(body.image.variants[1].url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('a small image is never enlarged', async () => {
    const { body } = await upload(await png(100, 50), 'small.png', 'image/png');
    expect(body.image.variants.map((v: { width: number }) => v.width)).toEqual([100, 100]);
  });

  it('a JPEG with GPS and camera metadata comes back without any of it', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SecretCam', Model: 'X1', Copyright: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.toString('latin1')).toContain('SecretCam');

    const { status, body } = await upload(jpeg, 'photo.jpg', 'image/jpeg');
    expect(status).toBe(201);
    for (const variant of body.image.variants) {
      const bytes = Buffer.from(await (await t.request(variant.url)).arrayBuffer());
      const output = await sharp(bytes).metadata();
      expect(output.exif).toBeUndefined();
      expect(output.xmp).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain('SecretCam');
      expect(bytes.toString('latin1')).not.toContain('GPS');
    }
  });

  it('a WebP is accepted; the declared name and type do not matter (a PNG sent as photo.gif)', async () => {
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    expect((await upload(webp, 'logo.webp', 'image/webp')).status).toBe(201);
    expect((await upload(await png(), 'photo.gif', 'image/gif')).status).toBe(201);
  });
});

describe('a refused file: a clear message naming the field, nothing stored', () => {
  it('an SVG renamed to .png', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRefused(svg, 'logo.png', 'image/png', IMAGE_MESSAGES.svg);
  });

  it('an HTML page named logo.jpg', async () => {
    await expectRefused(Buffer.from('<!doctype html><html><body>hi</body></html>'), 'logo.jpg', 'image/jpeg', IMAGE_MESSAGES.notImage);
  });

  it('a GIF (an image, but not one of the three formats)', async () => {
    const gif = await sharp(await png(20, 20))
      .gif()
      .toBuffer();
    await expectRefused(gif, 'logo.png', 'image/png', IMAGE_MESSAGES.notImage);
  });

  it('a truncated PNG and a truncated JPEG', async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } })
      .composite([{ input: await png(100, 100), top: 10, left: 10 }])
      .png({ compressionLevel: 0 })
      .toBuffer();
    await expectRefused(whole.subarray(0, Math.floor(whole.length / 2)), 'cut.png', 'image/png', IMAGE_MESSAGES.unreadable);
    const jpeg = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg', IMAGE_MESSAGES.unreadable);
  });

  it('a 50-megapixel image (refused from its header, before decoding)', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: false });
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    await expectRefused(huge, 'huge.png', 'image/png', IMAGE_MESSAGES.tooManyPixels);
  });

  it('a 3 MB file: refused unread (413) with the size rule', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024)]);
    await expectRefused(big, 'big.png', 'image/png', IMAGE_MESSAGES.tooBig, 413);
  });

  it('a file just over 2 MB that fits the request cap: 400 with the size rule', async () => {
    const over = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    await expectRefused(over, 'over.png', 'image/png', IMAGE_MESSAGES.tooBig);
  });

  it('no file, an empty file', async () => {
    const before = await stored();
    const form = new FormData();
    form.append('purpose', 'logo');
    const missing = await t.call('/api/images', { method: 'POST', body: form, cookie: leader.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.file).toBe(IMAGE_MESSAGES.empty);
    await expectRefused(new Uint8Array(0), 'empty.png', 'image/png', IMAGE_MESSAGES.empty);
    expect(await stored()).toEqual(before);
  });
});

describe('the request itself', () => {
  it('a body that is not a form: 415, nothing stored', async () => {
    const before = await stored();
    const { status, body } = await t.call('/api/images', { method: 'POST', json: { file: 'x' }, cookie: leader.cookie });
    expect(status).toBe(415);
    expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await stored()).toEqual(before);
  });
});

describe('who may upload', () => {
  it('signed out: 401; a hero image only from staff', async () => {
    expect((await upload(await png(), 'a.png', 'image/png', { cookie: '' })).status).toBe(401);
    expect((await upload(await png(), 'a.png', 'image/png', { purpose: 'hero' })).status).toBe(403);
    const hero = await upload(await png(2000, 800), 'a.png', 'image/png', { purpose: 'hero', cookie: moderator.cookie });
    expect(hero.status).toBe(201);
    expect(hero.body.image.variants.map((v: { name: string; width: number }) => [v.name, v.width])).toEqual([
      ['w1280', 1280],
      ['w640', 640],
    ]);
  });

  it('an unknown image or variant: 404', async () => {
    const { body } = await upload(await png(), 'a.png', 'image/png');
    expect((await t.request(`/api/images/${body.image.id}/w999`)).status).toBe(404);
    expect((await t.request('/api/images/00000000-0000-4000-8000-000000000000/w320')).status).toBe(404);
  });
});
