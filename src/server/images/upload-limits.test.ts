// Uploads within bounds (issue 31 item 4, docs/decisions/095): two decodes at once per process and a short queue, then 503;
// uploads per account per hour (429) and stored bytes per account (400 naming `file`), staff too; a variant past WebP's
// 16,383 pixels refused with 400 naming `file` (it was a 500); images used on no page deleted by the sweep after a day.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images, imageVariants, purchases, tournaments } from '../db/schema';
import { IMAGE_MESSAGES } from '../../shared/image-rules';
import { createTournament } from '../test/factories';
import { testDatabaseKind } from '../test/database';
import { useApp, usePool } from '../test/file-app';
import type { TestApp, TestUser } from '../test/test-app';
import { startHoldSweeper } from '../holds/sweeper';
import type { Release } from './decode-gate';
import { largestVariantSide } from './image-processing';
import { DECODE_RETRY_SECONDS, tooManyUploads } from './routes';
import { storageFull, storageUsed } from './service';
import { deleteUnusedImages, UNUSED_IMAGE_GRACE_HOURS } from './unused-images';

const PER_HOUR = 3;
const STORAGE_MB = 1;
let t: TestApp;
useApp(
  (app) => {
    t = app;
  },
  { env: { IMAGES_PER_HOUR: String(PER_HOUR), IMAGE_STORAGE_MB: String(STORAGE_MB) } },
);

const png = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
/** Noise does not compress: a 320 × `height` logo (a JPEG, to stay under 2 MB) whose variants take ~200 bytes a row. */
const noisyJpeg = (height: number) =>
  sharp({ create: { width: 320, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 50 })
    .toBuffer();

function upload(user: TestUser, bytes: Uint8Array, purpose?: string) {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
  if (purpose) form.append('purpose', purpose);
  return t.call('/api/images', { method: 'POST', body: form, cookie: user.cookie });
}

const count = async () => (await t.db.select({ id: images.id }).from(images)).length;
const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('an image whose variant would pass the encoder (WebP: 16,383 pixels a side)', () => {
  it('a 320 × 78,125 PNG: 400 naming file, nothing stored (it was a 500)', async () => {
    const user = await t.createUser();
    const before = await count();
    const { status, body } = await upload(user, await png(320, 78_125));
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION', message: IMAGE_MESSAGES.tooLong, fields: { file: IMAGE_MESSAGES.tooLong } });
    expect(IMAGE_MESSAGES.tooLong).toBe(
      'The image is too long and narrow: resized for the page it would be more than 16,383 pixels tall. Crop it and upload it again',
    );
    expect(await count()).toBe(before);
  });

  it('a JPEG 30,000 × 500 turned a quarter by its EXIF orientation is 500 × 30,000 as shown: refused too', async () => {
    const user = await t.createUser();
    const jpeg = await sharp({ create: { width: 30_000, height: 500, channels: 3, background: '#36c' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { status, body } = await upload(user, jpeg);
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ file: IMAGE_MESSAGES.tooLong });
  });

  it('up to the limit is accepted: a 320 × 16,383 logo', async () => {
    const user = await t.createUser();
    const { status, body } = await upload(user, await png(320, 16_383));
    expect(status).toBe(201);
    expect(body.image.variants[0]).toMatchObject({ width: 320, height: 16_383 });
  });

  it('the largest side counts every variant, never enlarged', () => {
    expect(largestVariantSide(320, 78_125, 'logo')).toBe(78_125);
    expect(largestVariantSide(640, 40_000, 'logo')).toBe(20_000);
    expect(largestVariantSide(100, 16_000, 'logo')).toBe(16_000);
    expect(largestVariantSide(2560, 40_000, 'hero')).toBe(20_000);
    expect(largestVariantSide(78_125, 320, 'logo')).toBe(320);
  });
});

describe('two decodes at once per process, a few waiting, then 503', () => {
  it('with two decodes under way and the queue full, an upload gets 503 with Retry-After; nothing stored', async () => {
    const user = await t.createUser();
    const gate = t.deps.imageDecodes;
    expect([gate.maxRunning, gate.maxWaiting]).toEqual([2, 8]);
    const held: Release[] = [await gate.enter()!, await gate.enter()!];
    const queued = Array.from({ length: gate.maxWaiting }, () => gate.enter()!);
    try {
      const before = await count();
      const { status, body, response } = await upload(user, await png());
      expect(status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(DECODE_RETRY_SECONDS));
      expect(body.error).toEqual({ code: 'UNAVAILABLE', message: IMAGE_MESSAGES.busy });
      expect(await count()).toBe(before);
    } finally {
      for (const release of held) release();
      for (const waiting of queued) (await waiting)();
    }
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('an upload arriving while two decodes run waits its turn, then is stored', async () => {
    const user = await t.createUser();
    const gate = t.deps.imageDecodes;
    const held: Release[] = [await gate.enter()!, await gate.enter()!];
    const pending = upload(user, await png());
    await waitFor(() => gate.waiting === 1);
    held[0]!();
    const { status } = await pending;
    expect(status).toBe(201);
    held[1]!();
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});

describe('per account', () => {
  it(`at most IMAGES_PER_HOUR uploads an hour (here ${PER_HOUR}), refused or not; then 429; another account goes on`, async () => {
    const [user, other] = [await t.createUser(), await t.createUser()];
    expect((await upload(user, await png())).status).toBe(201);
    expect((await upload(user, Buffer.from('not an image'))).status).toBe(400);
    expect((await upload(user, await png())).status).toBe(201);
    const before = await count();
    const { status, body, response } = await upload(user, await png());
    expect(status).toBe(429);
    const wait = Number(response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(body.error).toEqual({ code: 'RATE_LIMITED', message: tooManyUploads(PER_HOUR, wait) });
    expect(body.error.message).toMatch(
      /^You have uploaded 3 images in the last hour, the most one account may\. Please try again in \d+ minutes\.$/,
    );
    expect(await count()).toBe(before);
    expect((await upload(other, await png())).status).toBe(201);
  });

  it('staff too (the same limit: a stolen staff session is the same abuse)', async () => {
    const staff = await t.createUser('moderator');
    for (let i = 0; i < PER_HOUR; i++) expect((await upload(staff, await png(), 'hero')).status).toBe(201);
    expect((await upload(staff, await png(), 'hero')).status).toBe(429);
  });

  it(`the stored variants' bytes of an account's images at most IMAGE_STORAGE_MB (here ${STORAGE_MB}): 400 naming file`, async () => {
    const user = await t.createUser();
    const limit = STORAGE_MB * 1024 * 1024;
    expect((await upload(user, await noisyJpeg(3_000))).status).toBe(201);
    const used = await storageUsed(t.db, user.id);
    expect(used).toBeGreaterThan(limit / 2);
    expect(used).toBeLessThan(limit);
    const before = await count();
    const { status, body } = await upload(user, await noisyJpeg(3_000));
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION', message: storageFull(used, limit), fields: { file: storageFull(used, limit) } });
    expect(body.error.message).toMatch(
      /^Your uploaded images already take 0\.\d MB of the 1 MB one account may store\. Images not used on any page are removed 24 hours after their upload: try again then, or ask the organisers for help$/,
    );
    expect(await count()).toBe(before);
    // What still fits is taken; another account's images are its own.
    expect((await upload(user, await png())).status).toBe(201);
    expect((await upload(await t.createUser(), await noisyJpeg(3_000))).status).toBe(201);
  });

  it('an account whose images fill its storage is refused before any decoding (even with every decode busy)', async () => {
    const user = await t.createUser();
    const [image] = await t.db.insert(images).values({ purpose: 'logo', uploadedBy: user.id, width: 1, height: 1 }).returning();
    const bytes = Buffer.alloc(STORAGE_MB * 1024 * 1024);
    await t.db
      .insert(imageVariants)
      .values({ imageId: image!.id, name: 'w320', contentType: 'image/webp', width: 1, height: 1, sha256: 'x', bytes });
    const gate = t.deps.imageDecodes;
    const held: Release[] = [await gate.enter()!, await gate.enter()!];
    const queued = Array.from({ length: gate.maxWaiting }, () => gate.enter()!);
    try {
      const { status, body } = await upload(user, await png());
      expect(status).toBe(400);
      expect(body.error.fields.file).toBe(storageFull(bytes.length, bytes.length));
    } finally {
      for (const release of held) release();
      for (const waiting of queued) (await waiting)();
    }
  });
});

describe('images used on no page are deleted by the sweep, a day after their upload', () => {
  it('an unattached upload goes after the grace period; a logo on a purchase and an event image stay until let go', async () => {
    const user = await t.createUser('moderator');
    const up = async (purpose: 'logo' | 'hero') =>
      (await upload(user, await png(), purpose)).body.image as { id: string; variants: { url: string }[] };
    // Three uploads an hour: these three, then the sweep.
    const [unattached, logo, hero] = [await up('logo'), await up('logo'), await up('hero')];
    const tournament = await createTournament(t.db);
    await t.db.update(tournaments).set({ heroImageId: hero.id }).where(eq(tournaments.id, tournament.id));
    await t.db.insert(purchases).values({
      tournamentId: tournament.id,
      kind: 'donation',
      buyerName: 'Acme',
      buyerEmail: 'acme@example.org',
      amountCents: 10_000,
      logoImageId: logo.id,
    });
    expect(UNUSED_IMAGE_GRACE_HOURS).toBe(24);

    const sweepAt = async (hours: number) => {
      const sweeper = startHoldSweeper({
        db: t.db,
        config: t.deps.config,
        mailer: t.deps.mailer,
        logger: t.deps.logger,
        now: () => new Date(Date.now() + hours * 3600_000),
      });
      try {
        return (await sweeper.runOnce()).imagesDeleted;
      } finally {
        await sweeper.stop();
      }
    };
    const exists = async (id: string) => (await t.db.select({ id: images.id }).from(images).where(eq(images.id, id))).length === 1;

    await sweepAt(23);
    expect(await exists(unattached.id)).toBe(true);
    expect((await t.request(unattached.variants[0]!.url)).status).toBe(200);

    expect(await sweepAt(25)).toBeGreaterThanOrEqual(1);
    expect(await exists(unattached.id)).toBe(false);
    expect((await t.request(unattached.variants[0]!.url)).status).toBe(404);
    expect(await t.db.select().from(imageVariants).where(eq(imageVariants.imageId, unattached.id))).toEqual([]);
    expect([await exists(logo.id), await exists(hero.id)]).toEqual([true, true]);

    // The event image replaced (cleared), the purchase deleted: both go at the next pass.
    await t.db.update(tournaments).set({ heroImageId: null }).where(eq(tournaments.id, tournament.id));
    await t.db.delete(purchases).where(eq(purchases.logoImageId, logo.id));
    await sweepAt(25);
    expect([await exists(logo.id), await exists(hero.id)]).toEqual([false, false]);
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('on PostgreSQL, a logo being attached while the sweep runs', () => {
    const pooled = usePool(() => t, 2);

    it('is skipped by the sweep, not deleted under the purchase (which would clear its logo)', async () => {
      const user = await t.createUser('moderator');
      const { body } = await upload(user, await png());
      const tournament = await createTournament(t.db);
      let attached!: () => void;
      const attaching = new Promise<void>((resolve) => (attached = resolve));
      let commit!: () => void;
      const committed = pooled.db.transaction(async (tx) => {
        await tx.insert(purchases).values({
          tournamentId: tournament.id,
          kind: 'donation',
          buyerName: 'Acme',
          buyerEmail: 'acme@example.org',
          amountCents: 10_000,
          logoImageId: body.image.id,
        });
        attached();
        await new Promise<void>((resolve) => (commit = resolve));
      });
      await attaching;
      // The purchase's foreign-key check holds the image row: the sweep passes it by rather than wait or delete it.
      await deleteUnusedImages(t.db, new Date(Date.now() + 25 * 3600_000));
      commit();
      await committed;
      const [purchase] = await t.db.select({ logo: purchases.logoImageId }).from(purchases).where(eq(purchases.logoImageId, body.image.id));
      expect(purchase?.logo).toBe(body.image.id);
      expect(await deleteUnusedImages(t.db, new Date(Date.now() + 25 * 3600_000))).toBe(0);
      expect((await t.request(body.image.variants[0].url)).status).toBe(200);
    });
  });
}
