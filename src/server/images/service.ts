// Stored images: one upload re-encoded into its variants, saved in one transaction; read back by id and variant name.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { images, imageVariants } from '../db/schema';
import { AppError } from '../http/errors';
import type { ImagePurpose } from '../../shared/image-rules';
import { prepareImage, type PreparedImage } from './image-processing';

export interface StoredImage {
  id: string;
  purpose: ImagePurpose;
  width: number;
  height: number;
  variants: { name: string; width: number; height: number; url: string }[];
}

/** The public address of a variant: an image's bytes never change, so it may be cached for good. */
export const imageUrl = (id: string, variant: string) => `/api/images/${id}/${variant}`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

/** What an upload past an account's storage says (IMAGE_STORAGE_MB); unused images go after 24 hours (unused-images.ts). */
export const storageFull = (usedBytes: number, limitBytes: number) =>
  `Your uploaded images already take ${megabytes(usedBytes)} of the ${megabytes(limitBytes)} one account may store. ` +
  'Images not used on any page are removed 24 hours after their upload: try again then, or ask the organisers for help';

/** The bytes the stored variants of `userId`'s uploads take. */
export async function storageUsed(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: number }>(
    db,
    sql`select coalesce(sum(octet_length(v.bytes)), 0)::float8 as used
        from ${imageVariants} v join ${images} i on i.id = v.image_id where i.uploaded_by = ${userId}`,
  );
  return Number(row!.used);
}

/** Refuses (400 naming `file`) an upload from an account whose images already fill its storage: before any decoding. */
export async function assertStorageLeft(db: Db, userId: string, limitBytes: number): Promise<void> {
  const used = await storageUsed(db, userId);
  if (used >= limitBytes) throw new AppError('VALIDATION', storageFull(used, limitBytes), { file: storageFull(used, limitBytes) });
}

/** Checks and re-encodes `bytes` (a 400 naming `file` when refused, nothing stored), then stores every variant. */
export async function storeImage(
  db: Db,
  bytes: Uint8Array,
  options: { purpose: ImagePurpose; uploadedBy: string | null; storageBytes?: number },
): Promise<StoredImage> {
  return storePreparedImage(db, await prepareImage(bytes, options.purpose), options);
}

/**
 * Stores an image re-encoded by prepareImage. With `storageBytes`, the uploader's images with these variants must fit it
 * (400 naming `file` otherwise): checked under a lock on the account's uploads, so two uploads at once cannot both slip in.
 */
export async function storePreparedImage(
  db: Db,
  prepared: PreparedImage,
  { purpose, uploadedBy, storageBytes }: { purpose: ImagePurpose; uploadedBy: string | null; storageBytes?: number },
): Promise<StoredImage> {
  return db.transaction(async (tx) => {
    if (uploadedBy && storageBytes !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`image-storage:${uploadedBy}`}, 0))`);
      const used = await storageUsed(tx, uploadedBy);
      const adding = prepared.variants.reduce((sum, variant) => sum + variant.bytes.byteLength, 0);
      if (used + adding > storageBytes) {
        throw new AppError('VALIDATION', storageFull(used, storageBytes), { file: storageFull(used, storageBytes) });
      }
    }
    const [image] = await tx
      .insert(images)
      .values({ purpose, uploadedBy, width: prepared.width, height: prepared.height })
      .returning({ id: images.id });
    await tx.insert(imageVariants).values(prepared.variants.map((variant) => ({ ...variant, imageId: image!.id })));
    return {
      id: image!.id,
      purpose,
      width: prepared.width,
      height: prepared.height,
      variants: prepared.variants.map(({ name, width, height }) => ({ name, width, height, url: imageUrl(image!.id, name) })),
    };
  });
}

/** One variant's bytes, or null when there is no such image or variant. */
export async function readImageVariant(db: Db, id: string, variant: string) {
  const [row] = await db
    .select({ bytes: imageVariants.bytes, contentType: imageVariants.contentType, sha256: imageVariants.sha256 })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, id), eq(imageVariants.name, variant)));
  return row ?? null;
}
