import { Grid, Paper, Typography } from '@mui/material';
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
    <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
      {COUNTS.map((key) => (
        // A <dl> may hold one <div> per term and value: the grid item is that div, dt before dd (shown below it).
        <Grid
          key={key}
          size={{ xs: 6, sm: 4, md: 2 }}
          component={Paper}
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
        </Grid>
      ))}
    </Grid>
  );
}
