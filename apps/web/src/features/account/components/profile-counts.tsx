import { Grid, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@mm/shared';

const COUNTS = ['location_count', 'checklist_count', 'observation_count', 'species_count', 'following_count', 'follower_count'] as const;

/** The spec §3 counts of a volunteer, as labelled tiles. */
export function ProfileCounts({ profile }: { profile: Pick<PublicProfile, (typeof COUNTS)[number]> }) {
  const { t } = useTranslation('account');
  return (
    <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
      {COUNTS.map((key) => (
        <Grid key={key} size={{ xs: 6, sm: 4, md: 2 }}>
          <Paper sx={{ p: 2, textAlign: 'center', height: '100%' }}>
            <Typography variant="h4" component="dd" sx={{ m: 0 }}>
              {profile[key]}
            </Typography>
            <Typography variant="body2" component="dt">
              {t(`public.${key}`)}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
