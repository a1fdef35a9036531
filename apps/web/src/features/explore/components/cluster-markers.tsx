import type L from 'leaflet';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useLeafletMap } from '../../../components/map/leaflet';
import type { Cluster, ExploreFilters } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { markerIcon } from '../../../components/map/marker-icon';
import { clusterLatLngBounds, fitPadding, isSinglePoint } from '../utils/map-geometry';
import { clusterIcon } from '../utils/map-icons';
import { ChecklistPopup } from './checklist-popup';
import { PlaceObservationsPopup } from './place-observations-popup';

/** One compact number format per language ("1.2K"), shared by every marker: building one costs more than using it. */
const compactFormats = new Map<string, Intl.NumberFormat>();
/**
 * A cluster's count as its bubble shows it: "1.2K" in English, "1,2 k" in French. Counts under 1,000
 * read the same in every language of the app and skip Intl, whose first number format of a page costs
 * 6–8 ms unthrottled (ICU's data), ≈ 30 ms on a phone.
 */
function compactCount(count: number, lng: string): string {
  if (count < 1000) return String(count);
  let format = compactFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(lng, format);
  }
  return format.format(count);
}

/** Zoom beyond which a cluster is not zoomed into any further. */
const MAX_CLUSTER_ZOOM = 18;

/** One checklist: a pin whose popup loads the checklist when opened. */
function ChecklistMarker({ cluster, checklistId }: { cluster: Cluster; checklistId: number }) {
  const { t } = useTranslation('explore');
  const popup = useRef<L.Popup>(null);
  const relayout = useCallback(() => popup.current?.update(), []);
  const label = t('map.checklist_marker', { count: cluster.count });
  return (
    <Marker position={[cluster.latitude, cluster.longitude]} icon={markerIcon} title={label} alt={label}>
      <Popup ref={popup} minWidth={220} maxWidth={260}>
        <ChecklistPopup checklistId={checklistId} onLayout={relayout} />
      </Popup>
    </Marker>
  );
}

/**
 * Several observations: a bubble with their count that zooms onto them. When they all lie at one
 * point (several visits at one place), zooming cannot split them: the bubble opens a popup listing them.
 */
function ClusterBubble({ cluster, filters }: { cluster: Cluster; filters: ExploreFilters }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const map = useLeafletMap();
  const popup = useRef<L.Popup>(null);
  const relayout = useCallback(() => popup.current?.update(), []);
  const samePlace = isSinglePoint(cluster.bounds);
  const text = compactCount(cluster.count, lng);
  const label = samePlace
    ? t('map.cluster_same_place', { count: cluster.count })
    : t('map.cluster', { count: cluster.count });
  const icon = useMemo(() => clusterIcon(cluster.count, text, label), [cluster.count, text, label]);
  const handlers = useMemo(
    () => ({
      click: () => {
        if (samePlace) return;
        const box = map.getContainer();
        const corner = (side: 'left' | 'right') =>
          [...box.querySelectorAll(`.leaflet-top.leaflet-${side} .leaflet-control`)].map((c) =>
            c.getBoundingClientRect(),
          );
        map.fitBounds(clusterLatLngBounds(cluster.bounds), {
          ...fitPadding(box.getBoundingClientRect(), { left: corner('left'), right: corner('right') }),
          maxZoom: MAX_CLUSTER_ZOOM,
        });
      },
    }),
    [map, cluster, samePlace],
  );
  return (
    <Marker
      position={[cluster.latitude, cluster.longitude]}
      icon={icon}
      title={label}
      eventHandlers={handlers}
      zIndexOffset={cluster.count}
    >
      {samePlace && (
        <Popup ref={popup} minWidth={240} maxWidth={280}>
          <PlaceObservationsPopup cluster={cluster} filters={filters} onLayout={relayout} />
        </Popup>
      )}
    </Marker>
  );
}

/**
 * The clusters of the viewport: a bubble with the count for several observations (click zooms to
 * their bounds, or lists them when they share one point), a pin with a popup for the observations of
 * a single checklist. `filters`: the Explore filters the clusters were asked with.
 */
export function ClusterMarkers({ clusters, filters }: { clusters: Cluster[]; filters: ExploreFilters }) {
  return (
    <>
      {clusters.map((c) => {
        const key = `${c.latitude.toFixed(6)},${c.longitude.toFixed(6)},${c.count},${c.checklist_id ?? ''}`;
        return c.checklist_id !== null ? (
          <ChecklistMarker key={key} cluster={c} checklistId={c.checklist_id} />
        ) : (
          <ClusterBubble key={key} cluster={c} filters={filters} />
        );
      })}
    </>
  );
}
