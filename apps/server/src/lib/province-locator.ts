/** A province's bounding box, WGS84 degrees. */
export interface ProvinceBox {
  province_id: number;
  country_id: number;
  min_lat: number;
  min_lng: number;
  max_lat: number;
  max_lng: number;
}

/**
 * How deep inside a box a point lies: 0 on an edge, 0.5 at the centre; negative outside.
 * Boxes of neighbours overlap along borders (Toronto sits inside New York's box, near its edge),
 * so the box the point is deepest in is the better guess than the smallest one.
 */
export function depthInBox(box: ProvinceBox, lat: number, lng: number): number {
  const h = box.max_lat - box.min_lat;
  const w = box.max_lng - box.min_lng;
  if (h <= 0 || w <= 0) return -1;
  return Math.min((lat - box.min_lat) / h, (box.max_lat - lat) / h, (lng - box.min_lng) / w, (box.max_lng - lng) / w);
}

/**
 * Suggests the province of a point (WGS84 degrees) from bounding boxes, offline.
 * @returns the province, or undefined outside every box
 */
export function locateProvince<T extends ProvinceBox>(boxes: readonly T[], lat: number, lng: number): T | undefined {
  let best: T | undefined;
  let bestDepth = 0;
  for (const box of boxes) {
    const depth = depthInBox(box, lat, lng);
    if (depth >= 0 && (best === undefined || depth > bestDepth)) {
      best = box;
      bestDepth = depth;
    }
  }
  return best;
}
