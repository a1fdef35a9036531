import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getLocateQueryOptions } from '../../../entities/checklist/api/locate';
import type { LatLng } from '../../../components/map/location-picker';

/**
 * Suggests the province of a point (`/api/utilities/locate`) while the province is empty or still
 * holds an earlier suggestion; a province the user chose is never replaced. The country follows
 * from the province. `getProvince` and `setProvince` must be stable (useCallback).
 * @returns whether the current province is a suggestion, and `onUserChoice` for the province field
 */
export function useProvinceSuggestion(
  point: LatLng | undefined,
  getProvince: () => number | undefined,
  setProvince: (provinceId: number) => void,
) {
  const queryClient = useQueryClient();
  const suggestedId = useRef<number | null>(null);
  const [suggested, setSuggested] = useState(false);
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const replaceable = () => {
      const current = getProvince();
      return current === undefined || current === suggestedId.current;
    };
    if (!replaceable()) return;
    let live = true;
    queryClient
      .fetchQuery(getLocateQueryOptions(lat, lng))
      .then((hit) => {
        if (!live || hit.province_id === null || !replaceable()) return;
        suggestedId.current = hit.province_id;
        setProvince(hit.province_id);
        setSuggested(true);
      })
      // Only a suggestion: without an answer the volunteer picks the province.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lat, lng, queryClient, getProvince, setProvince]);

  const onUserChoice = () => {
    suggestedId.current = null;
    setSuggested(false);
  };
  return { suggested, onUserChoice };
}
