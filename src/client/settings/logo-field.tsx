// The organisation's logo (R51 through R36's image rules): uploaded as soon as it is chosen, kept once the form is saved.
import { useState } from 'react';
import { ImageUploadField, type UploadedImage } from '../ui/image-upload-field';

interface Props {
  imageId: string | null;
  /** The saved logo's address; undefined while a newly chosen one is shown from its upload. */
  url: string | null | undefined;
  name: string;
  error?: string;
  onChange: (imageId: string | null) => void;
}

export function LogoField({ imageId, url, name, error, onChange }: Props) {
  const [uploaded, setUploaded] = useState<UploadedImage | null>(null);
  const shown = imageId ? (uploaded?.id === imageId ? uploaded.url : url) : null;
  return (
    <ImageUploadField
      label="Logo (optional)"
      purpose="logo"
      variant="w320"
      failureText="The logo could not be uploaded: try again"
      preview={
        shown ? (
          <img
            src={shown}
            alt={`${name} logo`}
            width={160}
            className="h-auto max-h-24 w-40 rounded-md border border-stone-200 bg-white object-contain p-1"
          />
        ) : null
      }
      removeLabel="Remove logo"
      onRemove={imageId ? () => onChange(null) : null}
      hint="PNG, JPEG or WebP, at most 2 MB. Saved with the form."
      formError={error}
      onUploaded={(image) => {
        setUploaded(image);
        onChange(image.id);
      }}
    />
  );
}
