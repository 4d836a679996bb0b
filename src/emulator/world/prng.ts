// Small seeded randomness. Every record is keyed by (seed, group, stream, round, index) so it
// can be regenerated from its id alone, without storing anything.

/** Avalanching 32-bit mix (murmur3 finalizer): neighbouring keys give unrelated outputs. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hashes a list of integers and strings into one unsigned 32-bit key. */
export function hashKey(...parts: (number | string)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    if (typeof part === 'number') {
      // Split so epoch seconds and other values above 2^32 keep all their bits.
      h = mix32(h ^ mix32(part >>> 0));
      h = mix32(h ^ mix32(Math.floor(part / 0x100000000)));
    } else {
      for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
      h = mix32(h ^ part.length);
    }
  }
  return h >>> 0;
}

/** mulberry32: fast, small, good enough for synthetic data. */
export class Rng {
  private state: number;

  constructor(key: number) {
    this.state = key >>> 0;
  }

  static of(...parts: (number | string)[]): Rng {
    return new Rng(hashKey(...parts));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number, decimals = 2): number {
    const factor = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * factor) / factor;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks with weights; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Roughly normal (Irwin–Hall of 4), clamped at `min`. */
  gauss(mean: number, spread: number, min = 0): number {
    const sum = this.next() + this.next() + this.next() + this.next();
    return Math.max(min, mean + (sum - 2) * spread);
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 0x10000).toString(16).padStart(4, '0');
    return out.slice(0, length);
  }
}
