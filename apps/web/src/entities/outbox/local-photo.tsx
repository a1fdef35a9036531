import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { getPhotoBlob } from '../../lib/outbox';

/** An object URL for a photo file kept on this device (released when unused); undefined until read. */
export function useLocalPhotoUrl(localId: string | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!localId) return;
    let made: string | undefined;
    let live = true;
    void getPhotoBlob(localId).then((blob) => {
      if (!blob || !live) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [localId]);
  return url;
}

/** A picture not uploaded yet, shown from its file kept on this device. */
export function LocalPhoto({
  localId,
  alt,
  ...img
}: { localId: string; alt: string } & ImgHTMLAttributes<HTMLImageElement>) {
  const url = useLocalPhotoUrl(localId);
  return url ? (
    <img {...img} alt={alt} src={url} />
  ) : (
    <span style={{ display: 'block', width: img.width, height: img.height }} />
  );
}
