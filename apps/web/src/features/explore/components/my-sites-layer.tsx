import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useLeafletMap } from '../../../components/map/leaflet';
import type { MySite } from '@mm/shared';
import { mySiteIcon } from '../utils/map-icons';

/** Zoom used when I have a single site. */
const ONE_SITE_ZOOM = 13;

function MySiteMarker({ site }: { site: MySite }) {
  const { t } = useTranslation('explore');
  const label = t('map.my_site_named', { place: site.locality });
  const icon = useMemo(() => mySiteIcon(label), [label]);
  return (
    <Marker position={[site.latitude, site.longitude]} icon={icon} title={label} zIndexOffset={1000}>
      <Popup>
        <strong>{site.locality}</strong>
        <br />
        {t('map.my_site_visits', { count: site.checklists })}
      </Popup>
    </Marker>
  );
}

/** My sites ("show my locations", spec §1) as green pins; the map fits them once when they arrive. */
export function MySitesLayer({ sites }: { sites: MySite[] }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (sites.length === 1 && sites[0]) map.setView([sites[0].latitude, sites[0].longitude], ONE_SITE_ZOOM);
    else if (sites.length > 1)
      map.fitBounds(
        sites.map((s) => [s.latitude, s.longitude] as [number, number]),
        { padding: [40, 40], maxZoom: ONE_SITE_ZOOM },
      );
  }, [map, sites]);
  return (
    <>
      {sites.map((s) => (
        <MySiteMarker key={s.site_id} site={s} />
      ))}
    </>
  );
}
