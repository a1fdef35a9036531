import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Height (px) of one figure's box once drawn: the placeholders take the same room (CLS). */
const FIGURE_HEIGHT_PX = 96;

/**
 * The live figures' frame: heading, the grid of figures (or, while `children` is absent, four grey
 * placeholders of the figures' height) and the note under it. Drawn by the home page while the figures'
 * code loads (`FiguresStrip` is lazy: it carries the data queries) and by the strip while the figures
 * load, so neither step moves the page.
 */
export function FiguresFrame({ alert, children }: { alert?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('content');
  return (
    // `data-when-visible`: on the server-rendered home page, the app starts when this comes into view (docs/adr/0033).
    <Box component="section" aria-labelledby="figures-heading" data-when-visible="">
      <Typography id="figures-heading" variant="h5" component="h2" gutterBottom>
        {t('home.figures_title')}
      </Typography>
      {alert}
      <Box
        component="dl"
        // `minmax(0, 1fr)`: a column may be narrower than its longest word (a plain `1fr` grows to it and
        // pushed a 320 px Spanish page to 331 px); the labels wrap inside instead.
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {children ??
          [0, 1, 2, 3].map((i) => <div key={i} className="mm-placeholder" style={{ height: FIGURE_HEIGHT_PX }} />)}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('home.figures_note')}
      </Typography>
    </Box>
  );
}
