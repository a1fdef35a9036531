import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';

/**
 * A picked photo's 112 × 84 thumbnail in the Flash and Mission forms. While its copy is being made
 * (`src` undefined) an empty tile holds its place. A file this browser cannot draw (an iPhone HEIC
 * on Chromium: the server converts it) shows an image icon and its file name, never a broken image;
 * the name sits in the tile's lower part, under the delete button the pickers place at its top right.
 */
export function PhotoThumb({
  src,
  alt,
  fileName,
  dim = false,
}: {
  src: string | undefined;
  alt: string;
  fileName: string;
  /** Half-transparent while the photo is not uploaded or kept yet. */
  dim?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const tile = { width: 112, height: 84, borderRadius: '6px', opacity: dim ? 0.6 : 1 } as const;
  if (src && failedSrc !== src)
    return (
      <Box
        component="img"
        src={src}
        alt={alt}
        width={112}
        height={84}
        onError={() => setFailedSrc(src)}
        sx={{ ...tile, objectFit: 'cover', display: 'block' }}
      />
    );
  return (
    <Box
      role="img"
      aria-label={alt}
      sx={{
        ...tile,
        bgcolor: 'grey.200',
        color: 'text.secondary',
        p: 0.5,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      {src && (
        <>
          <ImageOutlinedIcon />
          <Typography
            variant="caption"
            aria-hidden
            sx={{
              lineHeight: 1.2,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {fileName}
          </Typography>
        </>
      )}
    </Box>
  );
}
