/**
 * A small seeded pseudo-random generator (mulberry32) and the helpers the catalog generator and
 * the fault injector draw from. Same seed, same sequence: that is what makes the generated
 * catalog and the injected faults reproducible from one run to the next.
 */

export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements of `items` (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** Turns any string or number seed into a 32-bit state (FNV-1a over the text). */
function seedToState(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createPrng(seed: string | number): Prng {
  let state = seedToState(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick() needs a non-empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      const [item] = pool.splice(int(0, pool.length - 1), 1);
      out.push(item as T);
    }
    return out;
  };
  return { next, int, chance: (p) => next() < p, pick, sample };
}
