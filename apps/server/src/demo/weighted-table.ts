/**
 * Picks items with probability proportional to their weights in O(log n), from a uniform draw in [0, 1).
 * Built once per distribution so the demo generator's hot loop only does a binary search.
 */
export class WeightedTable<T> {
  private readonly cdf: Float64Array;

  /**
   * @param items the outcomes; at least one.
   * @param weights one non-negative weight per item, not all zero.
   */
  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    if (items.length === 0 || items.length !== weights.length || !(total > 0)) {
      throw new RangeError('WeightedTable needs as many weights as items, with a positive total');
    }
    let running = 0;
    this.cdf = Float64Array.from(weights, (weight) => (running += weight) / total);
  }

  /** The item whose cumulative-weight interval contains `uniform` (a float in [0, 1)). */
  pick(uniform: number): T {
    let low = 0;
    let high = this.cdf.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.cdf[middle] ?? 1) > uniform) high = middle;
      else low = middle + 1;
    }
    // low stays within 0..length-1 and items.length === cdf.length, so the cast cannot hide an undefined.
    return this.items[low] as T;
  }
}
