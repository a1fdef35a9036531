/**
 * Seeded pseudo-random numbers (mulberry32): a tiny, fast generator whose sequence depends only on
 * the seed, so demo data and derived models are reproducible. Not for anything security-related.
 *
 * @param seed any number; only its low 32 bits are used.
 * @returns a function yielding uniformly distributed floats in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
