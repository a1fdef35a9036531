import { describe, expect, it } from 'vitest';
import {
  clusterDiameter,
  clusterLatLngBounds,
  fitPadding,
  isSinglePoint,
  toViewport,
  wrapLongitude,
} from './map-geometry';

describe('toViewport', () => {
  it('keeps a plain view, rounded to 1e-4 degrees', () => {
    expect(toViewport(5, { west: -80.123456, south: 40.000049, east: -70, north: 50 })).toEqual({
      zoom: 5,
      west: -80.1235,
      south: 40,
      east: -70,
      north: 50,
    });
  });
  it('wraps longitudes and lets west > east cross the antimeridian', () => {
    expect(toViewport(4, { west: 170, south: -10, east: 200, north: 10 })).toMatchObject({ west: 170, east: -160 });
    expect(wrapLongitude(-190)).toBe(170);
  });
  it('asks for the whole world when the view is wider than it, and clamps latitudes and zoom', () => {
    expect(toViewport(0.6, { west: -300, south: -95, east: 300, north: 95 })).toEqual({
      zoom: 1,
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
    expect(toViewport(22, { west: 0, south: 0, east: 1, north: 1 }).zoom).toBe(20);
  });
  it('keeps an east edge of exactly 180', () => {
    expect(toViewport(3, { west: 100, south: 0, east: 180, north: 10 }).east).toBe(180);
  });
});

describe('cluster helpers', () => {
  it('grows the bubble with the count', () => {
    expect(clusterDiameter(2)).toBe(33);
    expect(clusterDiameter(100)).toBe(48);
    expect(clusterDiameter(10000)).toBe(66);
  });
  it('tells a single point and unwraps bounds across the antimeridian', () => {
    expect(isSinglePoint({ west: -73.5, south: 45.5, east: -73.5, north: 45.5 })).toBe(true);
    expect(isSinglePoint({ west: -73.6, south: 45.5, east: -73.5, north: 45.5 })).toBe(false);
    expect(clusterLatLngBounds({ west: 170, south: 0, east: -170, north: 5 })).toEqual([
      [0, 170],
      [5, 190],
    ]);
  });
});

describe('fitPadding', () => {
  const box = (left: number, top: number, width: number, height: number) =>
    ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;
  it('keeps the zoomed-to points clear of the zoom buttons in the top-left corner', () => {
    // A 375 px wide map 100 px from the page's left; touch-sized zoom buttons 10 px in from its corner.
    const map = box(100, 200, 375, 420);
    expect(fitPadding(map, { left: [box(110, 210, 46, 90)], right: [] })).toEqual({
      paddingTopLeft: [56 + 48, 48],
      paddingBottomRight: [48, 48],
    });
    expect(fitPadding(map, { left: [], right: [box(400, 210, 60, 30)] })).toEqual({
      paddingTopLeft: [48, 48],
      paddingBottomRight: [75 + 48, 48],
    });
  });
});
