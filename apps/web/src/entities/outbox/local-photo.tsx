import { useEffect, useState } from 'react';
import { getPhotoBlob } from '../../lib/outbox';
import { PhotoThumb } from '../photo/photo-thumb';

/** An object URL for a photo file kept on this device (released when unused); undefined until read. */
function useLocalPhotoUrl(localId: string | undefined): string | undefined {
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

/**
 * A picture not uploaded yet, shown from its file kept on this device as a 112 × 84 thumbnail (a
 * file this browser cannot draw shows its name beside an image icon: PhotoThumb).
 */
export function LocalPhoto({ localId, alt, fileName }: { localId: string; alt: string; fileName: string }) {
  return <PhotoThumb src={useLocalPhotoUrl(localId)} alt={alt} fileName={fileName} />;
}
