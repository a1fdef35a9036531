import PlaceIcon from '@mui/icons-material/Place';
import { Alert, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LoadParams, MySite } from '@mm/shared';
import { useLocale } from '../../../lib/links';

/**
 * "My locations": the user's previous sites, most recently used first; choosing one fills the
 * site step with it. The same sites are drawn on the map.
 */
export function MySitesList({
  sites,
  params,
  selectedId,
  onPick,
}: {
  sites: MySite[];
  params: LoadParams;
  selectedId: number | null;
  onPick: (site: MySite) => void;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const date = (iso: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(iso));
  const province = (id: number | null) => params.provinces.find((p) => p.province_id === id)?.province;
  if (sites.length === 0)
    return (
      <Alert severity="info" sx={{ mt: 1 }}>
        {t('site.no_locations')}
      </Alert>
    );
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('site.my_locations')}
      </Typography>
      <List dense aria-label={t('site.my_locations')} sx={{ maxHeight: 320, overflow: 'auto' }}>
        {sites.map((s) => (
          <ListItemButton
            key={s.site_id}
            selected={s.site_id === selectedId}
            onClick={() => onPick(s)}
            sx={{ minHeight: 56, borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <PlaceIcon color={s.site_id === selectedId ? 'primary' : 'action'} />
            </ListItemIcon>
            <ListItemText
              primary={s.locality}
              secondary={[
                [s.city, province(s.province_id)].filter(Boolean).join(', '),
                t('site.last_used', { date: date(s.last_used), count: s.checklists }),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItemButton>
        ))}
      </List>
    </>
  );
}
