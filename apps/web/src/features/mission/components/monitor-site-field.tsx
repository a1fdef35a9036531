import { Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMonitoredSites } from '../../../entities/site/monitored-sites';
import type { MissionFormValues } from '../mission-values';

/**
 * "Monitor this site" (docs/monitoring.md): sent with the Mission as `site.monitored`; left untouched it
 * shows whether the chosen site is already monitored and changes nothing.
 */
export function MonitorSiteField({ siteId }: { siteId: number | null | undefined }) {
  const { t } = useTranslation('mission');
  const { control } = useFormContext<MissionFormValues>();
  const monitored = useMonitoredSites();
  const already = siteId != null && (monitored.data?.sites ?? []).some((s) => s.site_id === siteId);
  return (
    <Box>
      <Controller
        control={control}
        name="site.monitored"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value ?? already}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'monitor-site-note' } }}
              />
            }
            label={t('monitoring.monitor_switch')}
          />
        )}
      />
      <FormHelperText id="monitor-site-note">{t('monitoring.monitor_note')}</FormHelperText>
    </Box>
  );
}
