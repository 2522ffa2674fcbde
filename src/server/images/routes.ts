// /api/images: uploading an image (multipart/form-data) and serving its re-encoded variants to anyone, cached for good.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { AppError, rateLimited, unavailable } from '../http/errors';
import { getActor } from '../http/context';
import { hitWindow } from '../auth/rate-limit';
import { waitText } from '../auth/routes';
import { IMAGE_MESSAGES, IMAGE_PURPOSES } from '../../shared/image-rules';
import { prepareImage } from './image-processing';
import { assertStorageLeft, readImageVariant, storePreparedImage } from './service';

const imageSchema = z
  .object({
    id: z.string(),
    purpose: z.enum(IMAGE_PURPOSES),
    width: z.number(),
    height: z.number(),
    variants: z.array(z.object({ name: z.string(), width: z.number(), height: z.number(), url: z.string() })),
  })
  .openapi('Image');

const uploadSchema = z.object({
  file: z
    .custom<File>((value) => value instanceof File, IMAGE_MESSAGES.empty)
    .openapi({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP, at most 2 MB (recognised by its content)' }),
  purpose: z.enum(IMAGE_PURPOSES, 'Choose what the image is for: logo or hero').default('logo'),
});

/** The multipart body cap for this route (app.ts): the 2 MB file and the form around it; larger is refused unread (413). */
export const IMAGE_UPLOAD_PATH = '/api/images';

/** An upload refused because two decodes run and eight wait: the largest decode takes about half a second (decision 095). */
export const DECODE_RETRY_SECONDS = 5;
const UPLOAD_WINDOW_SECONDS = 60 * 60;
export const tooManyUploads = (perHour: number, seconds: number) =>
  `You have uploaded ${perHour} images in the last hour, the most one account may. Please try again in ${waitText(seconds)}.`;

/** Variants never change under one id: a year, immutable, and the content hash as ETag for a conditional request. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imageRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'signed-in',
      summary: 'Upload an image (a sponsor logo, or the event hero image: staff only)',
      description:
        "The file is recognised by its content (PNG, JPEG or WebP; never by its name or declared type), at most 2 MB and 25 megapixels, no variant taller than 16,383 pixels (the WebP limit), and re-encoded to WebP at the sizes the pages show, without any metadata. A refusal is a 400 naming `file` (also when the account's images would pass IMAGE_STORAGE_MB); nothing is stored.",
      request: { body: { required: true, content: { 'multipart/form-data': { schema: uploadSchema } } } },
      responses: {
        201: jsonResponse('Stored', z.object({ image: imageSchema })),
        429: errorResponse('This account made IMAGES_PER_HOUR uploads in the last hour; Retry-After says when to try again'),
        503: errorResponse('Two images are being decoded and more wait: Retry-After says when to try again'),
      },
    }),
    async (c) => {
      const { file, purpose } = c.req.valid('form');
      const actor = await getActor(c);
      if (purpose === 'hero' && !actor.staff) throw new AppError('FORBIDDEN', 'Only staff may upload the event image');
      const { database, config, imageDecodes } = c.var.deps;
      // Every attempt counts, refused or not: each may cost a decode (docs/decisions/095).
      const uploads = await hitWindow(database.db, `image-upload:${actor.userId}`, UPLOAD_WINDOW_SECONDS);
      if (uploads.count > config.imageUploadsPerHour) {
        throw rateLimited(c, uploads.retryAfterSeconds, tooManyUploads(config.imageUploadsPerHour, uploads.retryAfterSeconds));
      }
      await assertStorageLeft(database.db, actor.userId, config.imageStorageBytes);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const prepared = imageDecodes.run(() => prepareImage(bytes, purpose));
      if (!prepared) throw unavailable(c, DECODE_RETRY_SECONDS, IMAGE_MESSAGES.busy);
      const image = await storePreparedImage(database.db, await prepared, {
        purpose,
        uploadedBy: actor.userId,
        storageBytes: config.imageStorageBytes,
      });
      return c.json({ image }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}/{variant}',
      access: 'public',
      summary: "An image's re-encoded variant (w320, w160; a hero's w1280, w640)",
      description: 'Cached for a year (immutable); the ETag is the content hash, so If-None-Match answers 304.',
      request: {
        params: z.object({ id: z.uuid('Image not found'), variant: z.string().regex(/^w\d{2,4}$/, 'Image not found') }),
      },
      responses: {
        200: { description: 'The image', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
        304: { description: 'Not modified (If-None-Match matched the ETag)' },
        404: errorResponse('No such image or variant'),
      },
    }),
    async (c) => {
      const { id, variant } = c.req.valid('param');
      const found = await readImageVariant(c.var.deps.database.db, id, variant);
      if (!found) throw new AppError('NOT_FOUND', 'Image not found');
      const etag = `"${found.sha256}"`;
      const headers = { 'Cache-Control': IMMUTABLE, ETag: etag };
      if (
        c.req
          .header('if-none-match')
          ?.split(/\s*,\s*/)
          .includes(etag)
      )
        return c.body(null, 304, headers);
      return c.body(new Uint8Array(found.bytes), 200, { ...headers, 'Content-Type': found.contentType });
    },
  );
