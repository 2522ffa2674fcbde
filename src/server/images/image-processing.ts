// Images from strangers (R36): recognised by their content, never their name or declared type; decoded with a pixel cap;
// re-encoded by sharp to the sizes the pages show, which drops every byte of metadata (EXIF, GPS, XMP, ICC comments).
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../http/errors';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_SIDE, IMAGE_MESSAGES, type ImagePurpose } from '../../shared/image-rules';

/** The widths each purpose is re-encoded to: the sizes its pages show (1x and 2x of a logo's 160 px box; a hero's). */
export const IMAGE_SIZES: Record<ImagePurpose, readonly number[]> = { logo: [320, 160], hero: [1280, 640] };

export interface ImageVariant {
  name: string;
  contentType: string;
  width: number;
  height: number;
  sha256: string;
  bytes: Buffer;
}

export interface PreparedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
}

type Format = 'png' | 'jpeg' | 'webp';

/** The format the first bytes say, or null: PNG's signature, JPEG's SOI marker, WebP's RIFF….WEBP. */
export function sniffFormat(bytes: Uint8Array): Format | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Whether the text of the first bytes is markup (SVG or HTML): said apart so the refusal can name SVG. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').toLowerCase();
  return head.includes('<svg');
}

/**
 * The largest side of the variants `purpose` makes of an image `width` × `height` (as shown, after its EXIF orientation):
 * each is resized to its width, never enlarged, so a long, narrow image keeps most of its height.
 */
export function largestVariantSide(width: number, height: number, purpose: ImagePurpose): number {
  return Math.max(
    ...IMAGE_SIZES[purpose].map((target) => {
      const scale = Math.min(1, target / width);
      return Math.max(Math.ceil(width * scale), Math.ceil(height * scale));
    }),
  );
}

const refuse = (message: string) => new AppError('VALIDATION', message, { file: message });

/**
 * Checks `bytes` and re-encodes them to `purpose`'s sizes as WebP, or throws a 400 naming the `file` field with the reason.
 * Order: empty, size, signature (SVG named), sharp's own reading of the format (must agree), the pixel cap and the encoder's
 * largest side for every variant (from the header, before decoding), then a full decode that fails on a truncated file.
 */
export async function prepareImage(bytes: Uint8Array, purpose: ImagePurpose): Promise<PreparedImage> {
  if (bytes.byteLength === 0) throw refuse(IMAGE_MESSAGES.empty);
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw refuse(IMAGE_MESSAGES.tooBig);
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw refuse(looksLikeSvg(bytes) ? IMAGE_MESSAGES.svg : IMAGE_MESSAGES.notImage);
  const limitInputPixels = IMAGE_MAX_MEGAPIXELS * 1_000_000;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(IMAGE_MESSAGES.unreadable);
  }
  if (metadata.format !== sniffed) throw refuse(IMAGE_MESSAGES.notImage);
  if (!metadata.width || !metadata.height) throw refuse(IMAGE_MESSAGES.unreadable);
  if (metadata.width * metadata.height > limitInputPixels) throw refuse(IMAGE_MESSAGES.tooManyPixels);
  // EXIF orientations 5 to 8 turn the image a quarter: its width is then the header's height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const [shownWidth, shownHeight] = turned ? [metadata.height, metadata.width] : [metadata.width, metadata.height];
  if (largestVariantSide(shownWidth, shownHeight, purpose) > IMAGE_MAX_SIDE) throw refuse(IMAGE_MESSAGES.tooLong);

  // Decoded once, oriented by its EXIF tag (which is then dropped with the rest), and fails on any truncation.
  let oriented: { data: Buffer; info: OutputInfo };
  try {
    oriented = await sharp(bytes, { limitInputPixels, failOn: 'truncated' }).rotate().raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse(IMAGE_MESSAGES.unreadable);
  }
  const { width, height, channels } = oriented.info;
  const variants = await Promise.all(
    IMAGE_SIZES[purpose].map(async (target) => {
      // No withMetadata(): sharp writes none of the input's metadata.
      const { data, info } = await sharp(oriented.data, { raw: { width, height, channels } })
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 82, alphaQuality: 90 })
        .toBuffer({ resolveWithObject: true });
      return {
        name: `w${target}`,
        contentType: 'image/webp',
        width: info.width,
        height: info.height,
        sha256: createHash('sha256').update(data).digest('hex'),
        bytes: data,
      };
    }),
  );
  return { width, height, variants };
}
