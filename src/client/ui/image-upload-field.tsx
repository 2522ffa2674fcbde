// Choosing an image file in a form (R36's rules): checked in the browser first, uploaded at once, so the form can show it
// before it is saved; a refusal says why (the server's message for `file`, or the browser's check) and changes nothing.
// The organisation's logo (Settings) and the event's picture (the tournament form) both upload this way.
import { useId, useState, type ReactNode } from 'react';
import { uploadImage } from '../items/queries';
import { ApiError, errorMessage } from '../lib/api';
import { IMAGE_ACCEPT, imageFileProblem } from '../../shared/image-rules';
import { Button } from './button';

/** An uploaded image: its id and the address of the variant the form shows. */
export interface UploadedImage {
  id: string;
  url: string;
}

function useImageUpload(
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

interface ImageUploadFieldProps {
  label: string;
  purpose: 'logo' | 'hero';
  variant: string;
  failureText: string;
  /** The image shown now (the saved one, or the one just uploaded); null for none. */
  preview: ReactNode;
  /** What the remove button says, and what it does; no button while there is no image. */
  removeLabel: string;
  onRemove: (() => void) | null;
  hint: string;
  /** The form's own message for the field, shown when the upload has none. */
  formError?: string;
  onUploaded: (image: UploadedImage) => void;
}

/** A form's image field: its label, the image as it is now, the file input, a remove button, the hint and the refusal. */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const id = useId();
  const { choose, error, uploading } = useImageUpload(props.purpose, props.variant, props.failureText, props.onUploaded);
  const message = error ?? props.formError;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {props.label}
      </label>
      {props.preview}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={uploading}
          aria-describedby={`${id}-hint ${id}-error`}
          aria-invalid={Boolean(message)}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          onChange={(e) => void choose(e.currentTarget)}
        />
        {props.onRemove ? (
          <Button variant="secondary" size="sm" onClick={props.onRemove}>
            {props.removeLabel}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {uploading ? 'Uploading…' : props.hint}
      </p>
      <p id={`${id}-error`} role="alert" className="text-sm text-red-700 empty:hidden">
        {message ?? ''}
      </p>
    </div>
  );
}
