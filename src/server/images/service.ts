// Stored images: one upload re-encoded into its variants, saved in one transaction; read back by id and variant name.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { images, imageVariants } from '../db/schema';
import type { ImagePurpose } from '../../shared/image-rules';
import { prepareImage } from './image-processing';

export interface StoredImage {
  id: string;
  purpose: ImagePurpose;
  width: number;
  height: number;
  variants: { name: string; width: number; height: number; url: string }[];
}

/** The public address of a variant: an image's bytes never change, so it may be cached for good. */
export const imageUrl = (id: string, variant: string) => `/api/images/${id}/${variant}`;

/** Checks and re-encodes `bytes` (a 400 naming `file` when refused, nothing stored), then stores every variant. */
export async function storeImage(
  db: Db,
  bytes: Uint8Array,
  { purpose, uploadedBy }: { purpose: ImagePurpose; uploadedBy: string | null },
): Promise<StoredImage> {
  const prepared = await prepareImage(bytes, purpose);
  return db.transaction(async (tx) => {
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
