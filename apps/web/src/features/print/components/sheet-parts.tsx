import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A label with a ruled line to write on (`lines` lines high; 9 mm each, 7.5 mm on paper). */
export function WriteIn({ label, lines = 1, grow = 1 }: { label: string; lines?: number; grow?: number }) {
  return (
    <Box sx={{ flex: grow, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {Array.from({ length: lines }, (_, i) => (
        <Box
          key={i}
          sx={{
            borderBottom: '1px solid',
            borderColor: 'text.primary',
            height: '9mm',
            '@media print': { height: '7.5mm' },
          }}
        />
      ))}
    </Box>
  );
}

/** A box to tick, with its label (smaller on paper, where a sheet lists many species). */
export function Tick({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', breakInside: 'avoid' }}>
      <Box aria-hidden="true" sx={{ width: '4.5mm', height: '4.5mm', border: '1.5px solid', flex: 'none' }} />
      <Typography variant="body2" sx={{ '@media print': { fontSize: '0.75rem' } }}>
        {label}
      </Typography>
    </Stack>
  );
}

/**
 * A titled block of the sheet that is never split across two printed pages, unless `breakable` (a
 * block longer than a page: then only its title stays with what follows). On paper its title and
 * spacing are tighter than on screen, so a field form fits on its page(s).
 */
export function SheetSection({
  title,
  children,
  breakable = false,
}: {
  title: string;
  children: ReactNode;
  breakable?: boolean;
}) {
  return (
    <Box
      component="section"
      sx={{ breakInside: breakable ? 'auto' : 'avoid', mb: 3, flex: 1, minWidth: 0, '@media print': { mb: 1.5 } }}
    >
      <Typography
        variant="h6"
        component="h2"
        sx={{
          borderBottom: '2px solid',
          mb: 1.5,
          breakAfter: 'avoid',
          '@media print': { fontSize: '1.05rem', mb: 1 },
        }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Count boxes for the four life stages: big enough to write a number in pencil (22 mm high, 16 mm on paper). */
export function LifeStageBoxes({ labels }: { labels: string[] }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
      {labels.map((label) => (
        <Box key={label} sx={{ border: '1.5px solid', p: 1, minHeight: '22mm', '@media print': { minHeight: '16mm' } }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
