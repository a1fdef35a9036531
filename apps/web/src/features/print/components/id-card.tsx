import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Illustration } from '../../../components/illustrations/illustration';
import type { IllustrationId } from '../../../components/illustrations/illustrations';

/**
 * One species or life stage on an identification sheet: its drawing, its name (an h3, optionally
 * with the Latin name in italics) and label/text pairs as a description list. Never split across
 * two printed pages.
 */
export function IdCard({
  illustration,
  alt,
  name,
  latin,
  facts,
  children,
}: {
  illustration: IllustrationId;
  alt: string;
  name: string;
  latin?: string;
  facts: readonly (readonly [label: string, text: string])[];
  children?: ReactNode;
}) {
  return (
    <Box
      sx={{
        breakInside: 'avoid',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '38% 1fr' },
        gap: 1.5,
        alignItems: 'start',
        '@media print': { gridTemplateColumns: '30% 1fr', borderColor: '#999', p: 1, gap: 1 },
      }}
    >
      <Box sx={{ maxWidth: 240, width: '100%', mx: 'auto' }}>
        <Illustration id={illustration} alt={alt} eager />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.25, mb: 0.5 }}>
          {name}
          {latin && (
            <Box component="span" sx={{ fontWeight: 400, fontStyle: 'italic' }}>
              {' '}
              ({latin})
            </Box>
          )}
        </Typography>
        {facts.length > 0 && (
          <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 0.75 } }}>
            {facts.map(([label, text]) => (
              <Box key={label} sx={{ breakInside: 'avoid' }}>
                <Typography component="dt" variant="body2">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2">
                  {text}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {children}
      </Box>
    </Box>
  );
}

/**
 * Cards side by side: two columns from the tablet width up and on paper, one on a phone. On paper
 * the text is a little smaller, so that the four stages fit on one page and the look-alikes on the next.
 */
export function IdGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, 1fr)` },
        '@media print': {
          gridTemplateColumns: `repeat(${columns}, 1fr)`,
          gap: 1,
          '& .MuiTypography-body2': { fontSize: '0.78rem', lineHeight: 1.35 },
        },
      }}
    >
      {children}
    </Box>
  );
}
