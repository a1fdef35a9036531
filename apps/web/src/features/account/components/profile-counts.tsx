import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@mm/shared';

const COUNTS = [
  'location_count',
  'checklist_count',
  'observation_count',
  'species_count',
  'following_count',
  'follower_count',
] as const;

/** The spec §3 counts of a volunteer, as labelled tiles. */
export function ProfileCounts({ profile }: { profile: Pick<PublicProfile, (typeof COUNTS)[number]> }) {
  const { t } = useTranslation('account');
  return (
    // A CSS grid of 2, 3 then 6 columns (as Grid's sizes 6/4/2 of 12 were), without Grid's code.
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' },
      }}
    >
      {COUNTS.map((key) => (
        // A <dl> may hold one <div> per term and value: the grid item is that div, dt before dd (shown below it).
        <Paper
          key={key}
          sx={{
            p: 2,
            textAlign: 'center',
            display: 'flex',
            flexDirection: 'column-reverse',
            justifyContent: 'flex-end',
          }}
        >
          <Typography variant="body2" component="dt">
            {t(`public.${key}`)}
          </Typography>
          <Typography variant="h4" component="dd" sx={{ m: 0 }}>
            {profile[key]}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
