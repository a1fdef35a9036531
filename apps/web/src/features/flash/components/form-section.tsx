import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled block of a form or detail page, named for assistive technology by its title. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 } }} aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
