/**
 * A small seeded pseudo-random generator (mulberry32), so a chaos run is replayable from its
 * seed: the same seed gives the same fault decisions and the same scripted actions in the same
 * order. Not for anything secret.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `share` (0..1). */
  chance(share: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A new generator whose stream depends on this seed and `label`, not on how much this one was used. */
  fork(label: string): Rng;
}

function hashLabel(seed: number, label: string): number {
  let hash = seed ^ 0x9e3779b9;
  for (let index = 0; index < label.length; index += 1) {
    hash = Math.imul(hash ^ label.charCodeAt(index), 0x85ebca6b);
    hash ^= hash >>> 13;
  }
  return hash >>> 0;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (share) => next() < share,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    fork: (label) => createRng(hashLabel(seed, label)),
  };
}
