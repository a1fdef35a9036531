import type L from 'leaflet';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, Tooltip, useMap } from 'react-leaflet';
import type { Cluster } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { markerIcon } from '../../flash/components/marker-icon';
import { clusterLatLngBounds, isSinglePoint } from '../utils/map-geometry';
import { clusterIcon } from '../utils/map-icons';
import { ChecklistPopup } from './checklist-popup';

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

/** Several observations: a bubble with their count that zooms onto them; at one point, a tooltip says so. */
function ClusterBubble({ cluster }: { cluster: Cluster }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const map = useMap();
  const samePlace = isSinglePoint(cluster.bounds);
  const text = new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 }).format(cluster.count);
  const label = samePlace ? t('map.cluster_same_place', { count: cluster.count }) : t('map.cluster', { count: cluster.count });
  const icon = useMemo(() => clusterIcon(cluster.count, text, label), [cluster.count, text, label]);
  const handlers = useMemo(
    () => ({
      click: () => {
        if (samePlace) map.setView([cluster.latitude, cluster.longitude], Math.max(map.getZoom(), Math.min(MAX_CLUSTER_ZOOM, map.getMaxZoom())));
        else map.fitBounds(clusterLatLngBounds(cluster.bounds), { padding: [48, 48], maxZoom: MAX_CLUSTER_ZOOM });
      },
    }),
    [map, cluster, samePlace],
  );
  return (
    <Marker position={[cluster.latitude, cluster.longitude]} icon={icon} title={label} eventHandlers={handlers} zIndexOffset={cluster.count}>
      {samePlace && <Tooltip direction="top">{label}</Tooltip>}
    </Marker>
  );
}

/**
 * The clusters of the viewport: a bubble with the count for several observations (click zooms to
 * their bounds), a pin with a popup for the observations of a single checklist.
 */
export function ClusterMarkers({ clusters }: { clusters: Cluster[] }) {
  return (
    <>
      {clusters.map((c) => {
        const key = `${c.latitude.toFixed(6)},${c.longitude.toFixed(6)},${c.count},${c.checklist_id ?? ''}`;
        return c.checklist_id !== null ? <ChecklistMarker key={key} cluster={c} checklistId={c.checklist_id} /> : <ClusterBubble key={key} cluster={c} />;
      })}
    </>
  );
}
