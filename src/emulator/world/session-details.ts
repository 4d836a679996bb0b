// The detailed view of a user session and of a network probe: where the agent was, how its
// network looked, and what ping, traceroute and TCP connect saw.
import type { PingStats, SessionNetwork, UserSessionDetail } from '../../api/types';
import type { AgentProfile } from './agents';
import { BROWSERS } from './catalog';
import { round3 } from './format';
import { networkProfile, pingStats, systemMetrics } from './measures';
import { buildRoutes, tracerouteHops } from './paths';
import { Rng, hashKey } from './prng';
import { probeEffect } from './episode-effects';
import { sessionPages, userSessionRecord, type SessionCore } from './sessions';

/** Agents report a position near their office or home, stable per agent. */
export function coordinatesOf(agent: AgentProfile): { latitude: number; longitude: number; location: string } {
  const rng = Rng.of('coordinates', agent.record.agentId);
  const { city } = agent.network;
  return {
    latitude: round3(city.latitude + rng.float(-0.08, 0.08, 4)),
    longitude: round3(city.longitude + rng.float(-0.08, 0.08, 4)),
    location: city.location,
  };
}

const GATEWAY_ERRORS = ['Request timed out', 'Destination host unreachable'];
const TRACEROUTE_ERRORS = ['Traceroute timed out', 'traceroute: sendto: No route to host'];
const NETWORK_ERRORS = [
  'DNS resolution took longer than 2000 ms',
  'TCP connection reset by peer',
  'Proxy authentication required (407)',
];

function sessionNetwork(core: SessionCore, rng: Rng): SessionNetwork {
  const { agent, effect } = core;
  // Featured agents (effect set) never have a measurement fail, so every session says something.
  const featured = effect !== undefined;
  const lanRtt = effect?.lanRtt ?? 0;
  const wanRtt = effect?.wanRtt ?? 0;
  const gatewayRtt =
    (agent.connection === 'Wireless' ? rng.float(1.5, featured ? 6 : 9) : rng.float(0.3, 1.5)) + lanRtt;
  const icmpBlocked = rng.chance(0.07) && !featured;
  // On a backup line the access hops are the backup ISP's routers.
  const backup = effect?.kind === 'isp' ? agent.featured?.isp?.backup : undefined;
  const routed = backup ? { ...agent, network: { ...agent.network, isp: backup } } : agent;
  const routes = buildRoutes(
    hashKey(core.agent.index, 'session-path'),
    routed,
    core.destination,
    core.targetCity,
    Math.floor(core.roundId / 21600),
    false,
  );
  const firstRoute = routes[0];
  const network: SessionNetwork = {
    networkProfile: networkProfile(rng, agent, core.dateSeconds),
    systemMetrics: systemMetrics(rng, agent, core.dateSeconds * 1000, (core.dateSeconds + 60) * 1000),
    gatewayPing:
      rng.chance(0.04) && !featured
        ? rng.pick(GATEWAY_ERRORS)
        : pingStats(rng, gatewayRtt, featured ? (lanRtt > 0 ? 0.92 : 0) : 0.05),
    ping: icmpBlocked
      ? 'ICMP echo blocked by destination'
      : pingStats(rng, core.rtt, core.loss > 0 ? (featured ? 0.95 : 0.6) : featured ? 0 : 0.03),
    traceroute:
      (rng.chance(0.05) && !featured) || !firstRoute
        ? rng.pick(TRACEROUTE_ERRORS)
        : {
            destination: core.destination.serverIp,
            hops: tracerouteHops(firstRoute, core.rtt - lanRtt - wanRtt, rng, lanRtt, wanRtt),
          },
    connect: { rtt: round3(core.rtt * rng.float(0.95, 1.2, 3)) },
    icmpBlocked,
    errors:
      rng.chance(0.1) && !featured ? [rng.pick(agent.network.proxy ? NETWORK_ERRORS : NETWORK_ERRORS.slice(0, 2))] : [],
  };
  const vpnPing = sessionVpnPing(core);
  return vpnPing ? { ...network, vpnPing } : network;
}

/**
 * An agent on a VPN pings its concentrator in every session (v7 `vpnPing`; v6 has no field for it):
 * within 15–60 ms, or as its probes see the tunnel during its VPN episode. Its own draws, so the
 * session's other measurements stay what they were.
 */
function sessionVpnPing(core: SessionCore): PingStats | undefined {
  const { agent } = core;
  if (!agent.vpnTarget) return undefined;
  const rng = Rng.of(core.id, 'vpn-ping');
  const baseRtt = rng.float(15, 60, 1);
  if (agent.featured === undefined) return pingStats(rng, baseRtt);
  const effect = probeEffect(agent, core.dateSeconds, 'vpn', baseRtt, rng);
  return pingStats(rng, effect.meanRtt, effect.lossChance, effect.loss);
}

/** The browser of a session; the HAR of its pages names the same one. */
export function browserOf(core: SessionCore): { name: string; version: string } {
  const [name, version] = Rng.of(core.id, 'browser').pick(BROWSERS[core.agent.platform]);
  return { name, version };
}

export function userSessionDetail(core: SessionCore): UserSessionDetail {
  const rng = Rng.of(core.id, 'session-detail');
  return {
    ...userSessionRecord(core),
    browser: browserOf(core),
    coordinates: coordinatesOf(core.agent),
    pages: sessionPages(core),
    network: sessionNetwork(core, rng),
  };
}
