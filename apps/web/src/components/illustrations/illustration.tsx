import type { CSSProperties } from 'react';
import { MmImage } from '../ui/mm-image';
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH, illustrationPath, type IllustrationId } from './illustrations';

/**
 * One of the project's drawings as an `<img>` with its intrinsic width and height (no layout shift),
 * scaled to its box's width; `alt` is the caller's translated text. Lazy unless `eager`.
 */
export function Illustration({
  id,
  alt,
  eager = false,
  style,
}: {
  id: IllustrationId;
  alt: string;
  eager?: boolean;
  style?: CSSProperties;
}) {
  return (
    <MmImage
      src={illustrationPath(id)}
      alt={alt}
      width={ILLUSTRATION_WIDTH}
      height={ILLUSTRATION_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ width: '100%', height: 'auto', display: 'block', ...style }}
    />
  );
}
