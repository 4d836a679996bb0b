// What v7 shows of an endpoint agent beyond v6's record, from the agent's profile: where it
// works from (its network's city and public address), when it last checked in, and the VPN
// it tunnels through. An agent that records sessions checks in every round; a disabled or
// deleted one went quiet days ago, on a day fixed by its id. The VPN profile names the
// concentrator its VPN probes ping (the VPN episode's agent has one), with the private
// address the VPN server gave it.
import type { AgentProfile } from './agents';
import { VPN_CONCENTRATORS } from './agents';
import { ROUND_SECONDS } from './context';
import { hostInPrefix } from './format';
import type { AgentSite } from './model';
import { hashKey } from './prng';

const DAY_SECONDS = 86_400;
/** The private range VPN servers hand addresses out of (the spec's example range). */
export const VPN_CLIENT_RANGE = '10.100.0.0/22';
/** One VPN product per concentrator, as a company runs one per region. */
const VPN_TYPES = ['cisco-anyconnect', 'palo-alto-globalprotect', 'zscaler-internet-access'] as const;

/** The start of the latest round at or before `nowSeconds` for an active agent; else a quiet day's round. */
export function lastSeenSeconds(agent: AgentProfile, nowSeconds: number): number {
  const round = Math.floor(nowSeconds / ROUND_SECONDS) * ROUND_SECONDS;
  if (agent.active) return round;
  const quietDays = 2 + (hashKey(agent.record.agentId, 'last-seen') % 26);
  const roundOfDay = hashKey(agent.record.agentId, 'last-seen-round') % (DAY_SECONDS / ROUND_SECONDS);
  return Math.floor(nowSeconds / DAY_SECONDS) * DAY_SECONDS - quietDays * DAY_SECONDS + roundOfDay * ROUND_SECONDS;
}

export function agentSite(agent: AgentProfile, nowSeconds: number): AgentSite {
  const { city, record } = agent.network;
  const site: AgentSite = {
    locationName: city.location,
    latitude: city.latitude,
    longitude: city.longitude,
    publicIp: agent.publicIp,
    networkId: record.networkId,
    lastSeenSeconds: lastSeenSeconds(agent, nowSeconds),
  };
  if (agent.vpnTarget !== undefined) {
    const concentrator = Math.max(0, VPN_CONCENTRATORS.indexOf(agent.vpnTarget));
    site.vpn = {
      gatewayAddress: agent.vpnTarget,
      vpnType: VPN_TYPES[concentrator % VPN_TYPES.length] as string,
      interfaceName: agent.platform === 'Mac' ? 'utun4' : 'AnyConnect',
      clientAddress: hostInPrefix(VPN_CLIENT_RANGE, 10 + agent.index),
      clientRange: VPN_CLIENT_RANGE,
    };
  }
  return site;
}
