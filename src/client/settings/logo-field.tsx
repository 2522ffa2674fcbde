// The organisation's logo (R51 through R36's image rules): uploaded as soon as it is chosen, kept once the form is saved.
import { useId, useState } from 'react';
import { IMAGE_ACCEPT } from '../../shared/image-rules';
import { Button } from '../ui/button';
import { useImageUpload, type UploadedImage } from '../ui/use-image-upload';

interface Props {
  imageId: string | null;
  /** The saved logo's address; undefined while a newly chosen one is shown from its upload. */
  url: string | null | undefined;
  name: string;
  error?: string;
  onChange: (imageId: string | null) => void;
}

export function LogoField({ imageId, url, name, error: formError, onChange }: Props) {
  const id = useId();
  const [uploaded, setUploaded] = useState<UploadedImage | null>(null);
  const { choose, error, uploading } = useImageUpload('logo', 'w320', 'The logo could not be uploaded: try again', (image) => {
    setUploaded(image);
    onChange(image.id);
  });
  const shown = imageId ? (uploaded?.id === imageId ? uploaded.url : url) : null;
  const message = error ?? formError;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        Logo (optional)
      </label>
      {shown ? (
        <img
          src={shown}
          alt={`${name} logo`}
          width={160}
          className="h-auto max-h-24 w-40 rounded-md border border-stone-200 bg-white object-contain p-1"
        />
      ) : null}
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
        {imageId ? (
          <Button variant="secondary" size="sm" onClick={() => onChange(null)}>
            Remove logo
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {uploading ? 'Uploading…' : 'PNG, JPEG or WebP, at most 2 MB. Saved with the form.'}
      </p>
      <p id={`${id}-error`} role="alert" className="text-sm text-red-700 empty:hidden">
        {message ?? ''}
      </p>
    </div>
  );
}
