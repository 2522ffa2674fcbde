// Choosing an image file in a form (R36's rules): checked in the browser first, uploaded at once, so the form can show it
// before it is saved; a refusal says why (the server's message for `file`, or the browser's check) and changes nothing.
// The organisation's logo (Settings) and the event's picture (the tournament form) both upload this way.
import { useState } from 'react';
import { uploadImage } from '../items/queries';
import { ApiError, errorMessage } from '../lib/api';
import { imageFileProblem } from '../../shared/image-rules';

/** An uploaded image: its id and the address of the variant the form shows. */
export interface UploadedImage {
  id: string;
  url: string;
}

export function useImageUpload(
  purpose: 'logo' | 'hero',
  /** The variant to show ('w320', 'w1280'); the first one when the image is smaller. */
  variant: string,
  failureText: string,
  onUploaded: (image: UploadedImage) => void,
) {
  const [error, setError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    try {
      const image = await uploadImage(file, purpose);
      onUploaded({ id: image.id, url: image.variants.find((v) => v.name === variant)?.url ?? image.variants[0]!.url });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.fields?.file ? failure.fields.file : errorMessage(failure, failureText));
    } finally {
      setUploading(false);
      input.value = '';
    }
  };
  return { choose, error, uploading };
}
