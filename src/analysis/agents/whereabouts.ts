// What v7 adds about an endpoint agent that a troubleshooter asks first: when it last checked
// in, where it works from, its public address and the VPNs it tunnels through. Read from the
// domain record (v6 agents have none of it: nothing is shown), as "name: value" facts and a
// few words for a list row. Bounded: at most MAX_VPNS profiles and MAX_TEXT characters a value.
import type { EndpointAgent } from '../../api/types';
import { asArray, asRecord, asString } from '../har/narrow';
import { apiTimeMs, apiTimeUtcText } from '../time/api-time';

const MAX_VPNS = 4;
const MAX_TEXT = 120;
/** An agent quiet longer than this says when it was last seen in its list row. */
export const QUIET_AFTER_MS = 60 * 60_000;

const cut = (value: string): string => (value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);

function utc(value: unknown): string | undefined {
  return typeof value === 'string' ? apiTimeUtcText(value) : undefined;
}

/** "cisco-anyconnect to 198.51.100.10 as 10.100.0.20 (utun4)" for each VPN profile. */
export function vpnTexts(agent: EndpointAgent): string[] {
  return asArray(agent.vpnProfiles)
    .slice(0, MAX_VPNS)
    .map((raw) => {
      const vpn = asRecord(raw);
      const client = asArray(vpn.vpnClientAddresses)
        .map((a) => asString(a))
        .filter(Boolean)
        .slice(0, 2)
        .join(', ');
      const parts = [
        asString(vpn.vpnType, 'VPN'),
        vpn.vpnGatewayAddress ? `to ${asString(vpn.vpnGatewayAddress)}` : '',
        client ? `as ${client}` : '',
        vpn.interfaceName ? `(${asString(vpn.interfaceName)})` : '',
      ];
      return cut(parts.filter(Boolean).join(' '));
    });
}

/** Last seen, location, public IP and VPNs, as far as the record tells them. */
export function whereaboutsFacts(agent: EndpointAgent): [string, string][] {
  const facts: [string, string][] = [];
  const seen = utc(agent.lastSeen);
  if (seen) facts.push(['Last seen', seen]);
  const location = asRecord(agent.location);
  const place = asString(location.locationName);
  if (place) facts.push(['Location', cut(place)]);
  if (typeof agent.publicIP === 'string' && agent.publicIP !== '') facts.push(['Public IP', cut(agent.publicIP)]);
  const vpns = vpnTexts(agent);
  if (vpns.length)
    facts.push(...vpns.map((vpn, i): [string, string] => [vpns.length === 1 ? 'VPN' : `VPN ${i + 1}`, vpn]));
  else if (Array.isArray(agent.vpnProfiles)) facts.push(['VPN', 'none']);
  return facts;
}

/** Words a list row adds: "VPN" when it tunnels, "last seen …" when it has been quiet a while. */
export function whereaboutsWords(agent: EndpointAgent, now: number = Date.now()): string[] {
  const words: string[] = [];
  if (vpnTexts(agent).length) words.push('VPN');
  const seen = typeof agent.lastSeen === 'string' ? (apiTimeMs(agent.lastSeen) ?? NaN) : NaN;
  if (Number.isFinite(seen) && now - seen > QUIET_AFTER_MS) words.push(`last seen ${utc(agent.lastSeen) ?? ''}`);
  return words;
}
