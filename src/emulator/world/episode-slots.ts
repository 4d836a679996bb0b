// Reserved list positions: each round's lists keep places for the featured agents
// (episodes.ts), spread evenly over the round, so every featured agent has data in every
// round and an episode is always visible.
import type { GroupContext } from './context';
import { extendHashBy, extendHashText } from './prng';
import { dailyActivity } from './rhythm';

/**
 * A round's records: `count` in all, of which `reserved.length` sit at positions spread
 * evenly over the round (shifted by `offset`) and belong to featured agents; the others are
 * the ordinary draws 0, 1, 2 … in order. `reserved` holds one code per reserved position.
 */
export interface RoundSlots {
  roundId: number;
  key: number;
  count: number;
  reserved: readonly number[];
  offset: number;
}

/**
 * Reserved position number at list `index` (≥ 0), or −(ordinary draw number + 1). The k-th
 * reserved position is ⌊(k·count + offset) / reserved⌋, so positions are distinct and in order.
 */
export function slotAt(slots: RoundSlots, index: number): number {
  const reserved = slots.reserved.length;
  if (reserved === 0) return -(index + 1);
  const k = Math.ceil((index * reserved - slots.offset) / slots.count);
  if (k >= 0 && k < reserved && k * slots.count + slots.offset < (index + 1) * reserved) return k;
  return -(index - Math.min(reserved, Math.max(0, k)) + 1);
}

function spread(roundId: number, key: number, ordinary: number, reserved: number[]): RoundSlots {
  const count = ordinary + reserved.length;
  return { roundId, key, count, reserved, offset: extendHashText(key, 'reserved') % count };
}

/**
 * User sessions of a round: the drawn ones plus one per featured agent, and a second one in
 * busy hours (chance grows with the daily rhythm), so each has 1–2 sessions in every round.
 */
export function sessionSlots(ctx: GroupContext, roundId: number, key: number, ordinary: number): RoundSlots {
  const featured = ctx.featured;
  const reserved = featured.map((plan) => plan.agentIndex);
  const second = Math.min(0.8, Math.max(0, dailyActivity(roundId) - 0.6));
  featured.forEach((plan, k) => {
    if ((extendHashText(extendHashBy(key, k), 'second') % 1000) / 1000 < second) reserved.push(plan.agentIndex);
  });
  return spread(roundId, key, ordinary, reserved);
}

/** Probe codes: agentIndex · 3 + index into PROBE_TYPES order (gateway, proxy, vpn). */
export function probeSlots(ctx: GroupContext, roundId: number, key: number, ordinary: number): RoundSlots {
  const reserved: number[] = [];
  for (const plan of ctx.featured) {
    const agent = ctx.agentAt(plan.agentIndex);
    reserved.push(plan.agentIndex * 3);
    if (agent.network.proxy) reserved.push(plan.agentIndex * 3 + 1);
    if (agent.vpnTarget) reserved.push(plan.agentIndex * 3 + 2);
  }
  return spread(roundId, key, ordinary, reserved);
}
