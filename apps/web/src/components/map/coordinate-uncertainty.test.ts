import { describe, expect, it } from 'vitest';
import { clickUncertainty, metresPerPixel, toUncertainty } from './coordinate-uncertainty';

describe('coordinate uncertainty', () => {
  it('gives a map pixel its ground size: ≈ 156 km at zoom 0 on the equator, half as much at 60°', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metresPerPixel(60, 0)).toBeCloseTo(78_271.52, 1);
    expect(metresPerPixel(45.5, 18)).toBeCloseTo(0.4188, 3);
  });

  it('makes a click worth five pixels of ground, in whole metres, within the schema bounds', () => {
    expect(clickUncertainty(45.5, 18)).toBe(3);
    expect(clickUncertainty(45.5, 15)).toBe(17);
    expect(clickUncertainty(45.5, 10)).toBe(536);
    // A click on a map of the continent is capped at the schema's 100 km.
    expect(clickUncertainty(45.5, 3)).toBe(68_577);
    expect(clickUncertainty(45.5, 2)).toBe(100_000);
  });

  it('rounds a device accuracy up to whole metres and drops what is not a positive number', () => {
    expect(toUncertainty(4.2)).toBe(5);
    expect(toUncertainty(0.3)).toBe(1);
    expect(toUncertainty(0)).toBeNull();
    expect(toUncertainty(Number.NaN)).toBeNull();
    expect(toUncertainty(undefined)).toBeNull();
  });
});
