// Small seeded randomness. Every record is keyed by (seed, group, stream, round, index) so it
// can be regenerated from its id alone, without storing anything.
import { HEX_BYTES } from './format';

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
  let h = HASH_START;
  for (const part of parts) h = typeof part === 'number' ? hashNumber(h, part) : hashString(h, part);
  return h >>> 0;
}

/** The state an empty hash starts from: extendHash(HASH_START, a, b) === hashKey(a, b). */
export const HASH_START = 0x9e3779b9;

/**
 * Continues a hash by two integers: extendHash(hashKey(a, b), c, d) === hashKey(a, b, c, d).
 * Hot generators hash their constant prefix (seed, group, stream name) once and extend it
 * per record; the fixed arity avoids an argument array per call.
 */
export function extendHash(key: number, first: number, second: number): number {
  return hashNumber(hashNumber(key, first), second) >>> 0;
}

/** Continues a hash by one integer: extendHashBy(extendHashBy(k, a), b) === extendHash(k, a, b). */
export function extendHashBy(key: number, part: number): number {
  return hashNumber(key, part) >>> 0;
}

/** Continues a hash by a string: extendHashText(hashKey(a), 'b') === hashKey(a, 'b'). */
export function extendHashText(key: number, text: string): number {
  return hashString(key, text) >>> 0;
}

function hashNumber(h: number, part: number): number {
  // Split so epoch seconds and other values above 2^32 keep all their bits.
  const low = mix32(h ^ mix32(part >>> 0));
  return mix32(low ^ mix32(Math.floor(part / 0x100000000)));
}

function hashString(h: number, part: string): number {
  let state = h;
  for (let i = 0; i < part.length; i++) state = Math.imul(state ^ part.charCodeAt(i), 0x01000193);
  return mix32(state ^ part.length);
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
    let total = 0;
    for (const [, weight] of items) total += weight;
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
    while (out.length < length) {
      const value = Math.floor(this.next() * 0x10000);
      out += (HEX_BYTES[value >>> 8] as string) + HEX_BYTES[value & 255];
    }
    return out.length === length ? out : out.slice(0, length);
  }
}
