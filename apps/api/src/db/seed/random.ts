import { mulberry32 } from '../../lib/mulberry32';

/** A small seeded PRNG (mulberry32): the same seed always yields the same demo data. */
export function createRandom(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** Poisson-distributed goals, roughly like real football scores. */
    goals: (mean: number) => {
      const l = Math.exp(-mean);
      let k = 0;
      let p = 1;
      do {
        k++;
        p *= next();
      } while (p > l);
      return k - 1;
    },
  };
}

export type Random = ReturnType<typeof createRandom>;
