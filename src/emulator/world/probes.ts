// Network-topology probes: an agent pinging its gateway, its proxy or its VPN concentrator.
import type { NetworkProbe, NetworkProbeDetail } from '../../api/types';
import type { AgentProfile } from './agents';
import { agentFacets, ROUND_SECONDS, type GroupContext } from './context';
import { formatDateTime } from './format';
import { encodeRecordId } from './ids';
import { LazyEntry, type EntryKind } from './entries';
import type { ListEntry } from './model';
import { networkProfile, pingStats } from './measures';
import { Rng, extendHashBy, extendHashText } from './prng';
import { probeEffect } from './episode-effects';
import { slotAt } from './episode-slots';
import { coordinatesOf } from './session-details';

export const PROBE_TYPES = ['gateway', 'proxy', 'vpn'] as const;
export type ProbeType = (typeof PROBE_TYPES)[number];

interface ProbeCore {
  agent: AgentProfile;
  type: ProbeType;
  target: string;
  rng: Rng;
  record: NetworkProbe;
}

function targetsOf(agent: AgentProfile): [ProbeType, string][] {
  const targets: [ProbeType, string][] = [
    ['gateway', agent.connection === 'Loopback' ? '127.0.0.1' : agent.network.gateway],
  ];
  if (agent.network.proxy) targets.push(['proxy', agent.network.proxy.ip]);
  if (agent.vpnTarget) targets.push(['vpn', agent.vpnTarget]);
  return targets;
}

/** The target types an agent can probe, by code (bit 0: proxy, bit 1: VPN), in targetsOf's order. */
const TYPES_BY_CODE: readonly (readonly ProbeType[])[] = [
  ['gateway'],
  ['gateway', 'proxy'],
  ['gateway', 'vpn'],
  ['gateway', 'proxy', 'vpn'],
];
const typeCodes = new WeakMap<GroupContext, Int8Array>();

/** targetsOf(agent) reduced to its types, kept per agent (the round index reads it for every probe). */
function targetTypesOf(ctx: GroupContext, agentIndex: number): readonly ProbeType[] {
  let codes = typeCodes.get(ctx);
  if (!codes) {
    codes = new Int8Array(ctx.size.endpointAgents).fill(-1);
    typeCodes.set(ctx, codes);
  }
  let code = codes[agentIndex] ?? -1;
  if (code < 0) {
    const agent = ctx.agentAt(agentIndex);
    code = (agent.network.proxy ? 1 : 0) + (agent.vpnTarget ? 2 : 0);
    codes[agentIndex] = code;
  }
  return TYPES_BY_CODE[code] as readonly ProbeType[];
}

/**
 * The draws that decide a probe's agent and target type, in the order probeCore consumes
 * them (indexed per round). Reserved positions (ctx.probeSlots) give every featured agent
 * one probe per target type and round; the others are ordinary draws numbered in order.
 */
export function drawProbe(
  ctx: GroupContext,
  roundId: number,
  index: number,
  slots = ctx.probeSlots(roundId),
): { rng: Rng; agentIndex: number; type: ProbeType } {
  const slot = slotAt(slots, index);
  if (slot >= 0) {
    const code = slots.reserved[slot] as number;
    return {
      rng: new Rng(extendHashText(extendHashBy(slots.key, slot), 'featured')),
      agentIndex: Math.floor(code / 3),
      type: PROBE_TYPES[code % 3] as ProbeType,
    };
  }
  const rng = new Rng(extendHashBy(slots.key, -slot - 1));
  const agentIndex = ctx.activeIndexNear(rng.int(0, ctx.size.endpointAgents - 1));
  return { rng, agentIndex, type: rng.pick(targetTypesOf(ctx, agentIndex)) };
}

function probeCore(ctx: GroupContext, roundId: number, index: number, count: number): ProbeCore {
  const { rng, agentIndex, type } = drawProbe(ctx, roundId, index);
  const agent = ctx.agentAt(agentIndex);
  const target = targetsOf(agent).find(([kind]) => kind === type)?.[1] ?? '';
  const slot = ROUND_SECONDS / count;
  const featured = agent.featured !== undefined;
  // Featured agents' healthy links: a gateway within a few ms, a VPN concentrator well under 150 ms.
  const meanRtt =
    type === 'gateway'
      ? agent.connection === 'Wireless'
        ? rng.float(1.5, featured ? 6 : 9)
        : rng.float(0.3, 1.5)
      : type === 'proxy'
        ? rng.float(1, 6)
        : rng.float(15, featured ? 60 : 90);
  const networkProbeId = encodeRecordId(ctx.seed, ctx.aid, 'probe', roundId, index);
  const dateSeconds = roundId + Math.floor(index * slot + rng.next() * slot * 0.9);
  const effect = featured ? probeEffect(agent, roundId, type, meanRtt, Rng.of(networkProbeId, 'episode')) : undefined;
  const record: NetworkProbe = {
    networkProbeId,
    agentId: agent.record.agentId,
    roundId,
    date: formatDateTime(dateSeconds),
    target,
    icmpPing: effect ? pingStats(rng, effect.meanRtt, effect.lossChance, effect.loss) : pingStats(rng, meanRtt),
    type,
  };
  return { agent, type, target, rng, record };
}

export function probeCount(ctx: GroupContext, roundId: number): number {
  return ctx.probeSlots(roundId).count;
}

const PROBE: EntryKind<ProbeCore, NetworkProbe> = {
  record: (core) => core.record,
  facets: (core) => {
    const facets = agentFacets(core.agent, 'auto', core.record.roundId);
    facets.type = core.type;
    return facets;
  },
};

/** Probe `index` of a round holding `count` probes. */
export function networkProbeAt(
  ctx: GroupContext,
  roundId: number,
  index: number,
  count: number,
): ListEntry<NetworkProbe> {
  return new LazyEntry(PROBE, probeCore(ctx, roundId, index, count), roundId, index, 0);
}

export function networkProbeDetail(ctx: GroupContext, roundId: number, index: number): NetworkProbeDetail {
  const core = probeCore(ctx, roundId, index, probeCount(ctx, roundId));
  return {
    ...core.record,
    coordinates: coordinatesOf(core.agent),
    networkProfile: networkProfile(core.rng, core.agent, core.record.roundId),
  };
}
