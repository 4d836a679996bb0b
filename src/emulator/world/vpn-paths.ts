// The VPN path trace of an endpoint scheduled test's round (v7 `vpnPathTraces`): for an agent
// that tunnels (the VPN episode's agent among them), the route from the agent over its own
// network and ISP to the VPN concentrator its VPN probes ping. Its round trip is the agent's
// normal one to the concentrator plus what the agent's episode adds (scheduledEffect: the
// congested tunnel of a VPN episode), as its test results and probes show it.
import type { PathRoute } from '../../api/types';
import type { AgentProfile } from './agents';
import type { Carrier } from './catalog';
import { accessHops, materializeRoute, type HopSpec } from './paths';
import { scheduledEffect } from './episode-effects';
import { Rng, hashKey } from './prng';

/** The company's VPN service: where its concentrators' addresses come from. */
const VPN_SERVICE: Carrier = {
  name: 'ACME Corp VPN',
  asn: 64_500,
  domain: 'vpn.acme-corp.example',
  block: '198.51.100.0/24',
  mpls: false,
};
/** The access network changes now and then, like the routes to destinations (paths.ts). */
const VARIANT_SECONDS = 10_800;

export function vpnRoutes(
  seed: number,
  aid: number,
  testId: number,
  agent: AgentProfile,
  roundId: number,
): PathRoute[] {
  const target = agent.vpnTarget;
  if (target === undefined) return [];
  const key = hashKey(seed, aid, 'vpn-path', agent.index);
  const access = accessHops(new Rng(hashKey(key, Math.floor(roundId / VARIANT_SECONDS))), agent);
  const concentrator: HopSpec = {
    ipAddress: target,
    prefix: VPN_SERVICE.block,
    rdns: `gw-${target.split('.').pop() ?? '0'}.${VPN_SERVICE.domain}`,
    carrier: VPN_SERVICE,
    city: agent.network.city,
    share: 1,
  };
  const rng = Rng.of(seed, aid, 'vpn-path', testId, agent.index, roundId);
  const normalMs = 15 + (key % 30);
  const rtt = normalMs * rng.float(0.9, 1.2) + scheduledEffect(agent, roundId).addedRtt;
  const pathId = `${rng.hex(8)}-${rng.hex(4)}-vpn`;
  return [materializeRoute({ slots: [...access, concentrator], loops: false }, pathId, rtt, rng).route];
}
