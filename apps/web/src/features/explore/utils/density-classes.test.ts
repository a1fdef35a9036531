import { describe, expect, it } from 'vitest';
import { DENSITY_BREAKS, DENSITY_COLORS, densityClass } from './density-classes';

describe('densityClass', () => {
  it('puts 0 alone, then each side of every break', () => {
    expect(DENSITY_COLORS).toHaveLength(DENSITY_BREAKS.length + 2);
    expect(densityClass(0)).toBe(0);
    expect(densityClass(0.01)).toBe(1);
    expect(densityClass(4.99)).toBe(1);
    expect(densityClass(5)).toBe(2);
    expect(densityClass(9.99)).toBe(2);
    expect(densityClass(10)).toBe(3);
    expect(densityClass(24.99)).toBe(3);
    expect(densityClass(25)).toBe(4);
    expect(densityClass(49.99)).toBe(4);
    expect(densityClass(50)).toBe(5);
    expect(densityClass(5000)).toBe(5);
  });
});
