// What an uploaded image may be (R36), and what a refusal says: the upload forms check size and type before sending, the
// server (src/server/images) checks everything by the file's content.
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Decoding a larger image could take the server's memory: 25 megapixels is a 5000 × 5000 logo. */
export const IMAGE_MAX_MEGAPIXELS = 25;
/** The WebP encoder's largest width or height (the format stores 14 bits): a variant past it cannot be written. */
export const IMAGE_MAX_SIDE = 16_383;
export const IMAGE_PURPOSES = ['logo', 'hero'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];
/** What the file picker offers: the browser's hint only; the server decides by content. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

export const IMAGE_MESSAGES = {
  empty: 'Choose an image to upload',
  tooBig: 'The image must be at most 2 MB',
  svg: 'SVG files are not accepted: upload a PNG, JPEG or WebP image',
  notImage: 'The file must be a PNG, JPEG or WebP image',
  tooManyPixels: `The image is too large: at most ${IMAGE_MAX_MEGAPIXELS} megapixels`,
  unreadable: 'The image could not be read (the file may be damaged or incomplete)',
  tooLong: `The image is too long and narrow: resized for the page it would be more than ${IMAGE_MAX_SIDE.toLocaleString('en-US')} pixels tall. Crop it and upload it again`,
  busy: 'The server is busy with other images right now. Please try again in a few seconds',
} as const;

/** What the upload forms say before sending a file (the server checks it again by content), or undefined when it may go. */
export function imageFileProblem(file: { size: number; type: string }): string | undefined {
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooBig;
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return IMAGE_MESSAGES.notImage;
  return undefined;
}
