import { Box, ButtonBase, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryPhoto } from '@mm/shared';
import { MmImage } from '../../../components/ui/mm-image';
import type { PhotoCaption } from '../hooks/use-photo-caption';

interface GalleryGridProps {
  photos: readonly GalleryPhoto[];
  captionOf: (photo: GalleryPhoto) => PhotoCaption;
  /** A photo was chosen: its index in `photos`. */
  onOpen: (index: number) => void;
  /** Receives each tile's button, to give focus back after the lightbox closes. */
  tileRef?: (index: number, element: HTMLButtonElement | null) => void;
}

/**
 * Thumbnails (small variant, lazy-loaded, 4:3 crop) in a grid of 2 columns on phones up to 6 on
 * wide screens, each captioned with life stage, date, place and observer. Memoised: opening or closing the
 * viewer re-renders the page, not its tiles (give it stable `captionOf`, `onOpen` and `tileRef`).
 */
export const GalleryGrid = memo(function GalleryGrid({ photos, captionOf, onOpen, tileRef }: GalleryGridProps) {
  const { t } = useTranslation('gallery');
  return (
    <Box
      component="ul"
      aria-label={t('grid')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
      }}
    >
      {photos.map((photo, index) => {
        const caption = captionOf(photo);
        return (
          <Box
            component="li"
            key={photo.id}
            sx={{ minWidth: 0, contentVisibility: 'auto', containIntrinsicBlockSize: 'auto 240px' }}
          >
            <Box component="figure" sx={{ m: 0 }}>
              <ButtonBase
                ref={(el: HTMLButtonElement | null) => tileRef?.(index, el)}
                onClick={() => onOpen(index)}
                aria-label={t('open', { alt: caption.alt })}
                // The same tile of the server-rendered grid and of the app's: a press before the app runs is
                // pressed again on the app's (`lib/on-demand.ts`).
                data-replay={`photo-${photo.id}`}
                focusRipple
                sx={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '4 / 3',
                  borderRadius: 1.5,
                  overflow: 'hidden',
                  bgcolor: 'action.hover',
                  '& img': { transition: 'transform .2s' },
                  '&:hover img': { transform: 'scale(1.04)' },
                }}
              >
                <MmImage
                  src={photo.small}
                  alt={caption.alt}
                  loading="lazy"
                  decoding="async"
                  width={400}
                  height={300}
                  style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </ButtonBase>
              <Box component="figcaption" sx={{ pt: 0.75 }}>
                <Typography variant="subtitle2" component="p" sx={{ lineHeight: 1.3 }}>
                  {caption.stage}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {caption.date}
                </Typography>
                <Typography
                  variant="body2"
                  title={caption.place}
                  sx={{
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {caption.place}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap title={caption.observer}>
                  {caption.observer}
                </Typography>
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
});
