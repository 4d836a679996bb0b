// Shared fixtures of the world tests: a fixed "now" so no test depends on the clock.
import { createWorld, type GroupWorld, type World } from '../../../src/emulator/world/index';

/** 2026-11-18 12:00:00 UTC, a round boundary. */
export const NOW = Date.UTC(2026, 10, 18, 12, 0, 0) / 1000;
export const HOUR = 3600;

export function demoGroup(seed = 42, aid = 1001): { world: World; group: GroupWorld } {
  const world = createWorld({ seed, preset: 'demo' });
  const group = world.group(aid);
  if (!group) throw new Error(`no group ${aid}`);
  return { world, group };
}

export function lastHours(hours: number): { from: number; to: number } {
  return { from: NOW - hours * HOUR, to: NOW };
}

export function take<T>(items: Iterable<T>, count: number): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= count) break;
    out.push(item);
  }
  return out;
}
