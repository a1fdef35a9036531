import type L from 'leaflet';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useLeafletMap } from '../../../components/map/leaflet';
import type { Cluster, ExploreFilters } from '@mm/shared';
import { useLocale } from '../../../lib/links';
import { markerIcon } from '../../../components/map/marker-icon';
import { compactCount, zoomIntoCluster } from '../utils/explore-map-view';
import { isSinglePoint } from '../utils/map-geometry';
import { clusterIcon } from '../utils/map-icons';
import { ChecklistPopup } from './checklist-popup';
import { PlaceObservationsPopup } from './place-observations-popup';

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
        if (!samePlace) zoomIntoCluster(map, cluster.bounds);
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
