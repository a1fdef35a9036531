import { useState, type ImgHTMLAttributes } from 'react';
import { SUB_PATH } from '@mm/shared';

type MmImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** Path under the sub-path (`/img/…`) or an absolute `/attachments/…` URL. */
  src: string;
  /** Replacement used once when the image fails; defaults to the dummy image (spec §2). */
  fallback?: string;
};

const resolve = (src: string) =>
  src.startsWith('/attachments/') || /^https?:/.test(src) ? src : `${SUB_PATH}${src.startsWith('/') ? '' : '/'}${src}`;

/** An image loaded from the sub-path, replaced once by a fallback in `/mmapp/img` if it fails (spec §2). */
export function MmImage({ src, fallback = '/img/dummy.svg', alt = '', ...rest }: MmImageProps) {
  const [failed, setFailed] = useState(false);
  return <img {...rest} alt={alt} src={resolve(failed ? fallback : src)} onError={() => setFailed(true)} />;
}
