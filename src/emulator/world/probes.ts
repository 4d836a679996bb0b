// Network-topology probes: an agent pinging its gateway, its proxy or its VPN concentrator.
import type { NetworkProbe, NetworkProbeDetail } from '../../api/types';
import type { AgentProfile } from './agents';
import { agentFacets, ROUND_SECONDS, type GroupContext } from './context';
import { formatDateTime } from './format';
import { encodeRecordId } from './ids';
import { LazyEntry, type EntryKind } from './entries';
import type { ListEntry } from './model';
import { networkProfile, pingStats } from './measures';
import { Rng } from './prng';
import { coordinatesOf } from './session-details';

interface ProbeCore { agent: AgentProfile; type: 'gateway' | 'proxy' | 'vpn'; target: string; rng: Rng; record: NetworkProbe }

function targetsOf(agent: AgentProfile): ['gateway' | 'proxy' | 'vpn', string][] {
  const targets: ['gateway' | 'proxy' | 'vpn', string][] = [['gateway', agent.connection === 'Loopback' ? '127.0.0.1' : agent.network.gateway]];
  if (agent.network.proxy) targets.push(['proxy', agent.network.proxy.ip]);
  if (agent.vpnTarget) targets.push(['vpn', agent.vpnTarget]);
  return targets;
}

function probeCore(ctx: GroupContext, roundId: number, index: number, count: number): ProbeCore {
  const rng = Rng.of(ctx.seed, ctx.aid, 'probe', roundId, index);
  const agent = ctx.activeAgentNear(rng.int(0, ctx.size.endpointAgents - 1));
  const [type, target] = rng.pick(targetsOf(agent));
  const slot = ROUND_SECONDS / count;
  const meanRtt = type === 'gateway' ? (agent.connection === 'Wireless' ? rng.float(1.5, 9) : rng.float(0.3, 1.5)) : type === 'proxy' ? rng.float(1, 6) : rng.float(15, 90);
  const networkProbeId = encodeRecordId(ctx.seed, ctx.aid, 'probe', roundId, index);
  const record: NetworkProbe = {
    networkProbeId,
    agentId: agent.record.agentId,
    roundId,
    date: formatDateTime(roundId + Math.floor(index * slot + rng.next() * slot * 0.9)),
    target,
    icmpPing: pingStats(rng, meanRtt),
    type,
  };
  return { agent, type, target, rng, record };
}

export function probeCount(ctx: GroupContext, roundId: number): number {
  return ctx.countFor('probe-count', roundId, ctx.size.probesPerRound);
}

const PROBE: EntryKind<ProbeCore, NetworkProbe> = {
  record: (core) => core.record,
  facets: (core) => {
    const facets = agentFacets(core.agent, 'auto');
    facets.type = core.type;
    return facets;
  },
};

/** Probe `index` of a round holding `count` probes. */
export function networkProbeAt(ctx: GroupContext, roundId: number, index: number, count: number): ListEntry<NetworkProbe> {
  return new LazyEntry(PROBE, probeCore(ctx, roundId, index, count), roundId, index, 0);
}

export function networkProbeDetail(ctx: GroupContext, roundId: number, index: number): NetworkProbeDetail {
  const core = probeCore(ctx, roundId, index, probeCount(ctx, roundId));
  return { ...core.record, coordinates: coordinatesOf(core.agent), networkProfile: networkProfile(core.rng, core.agent) };
}
