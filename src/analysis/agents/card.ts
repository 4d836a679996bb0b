// An endpoint agent as a person reads it: its name, its status in words, and its fields in
// sections (system, identity), with any field this version does not know listed as sent.
// Pure; the agent card panel draws it.
import type { EndpointAgent } from '../../api/types';
import { NOT_REPORTED, text } from '../records/summaries';
import { whereaboutsFacts } from './whereabouts';

export type AgentStatus = 'enabled' | 'disabled' | 'deleted' | 'unknown';

export interface AgentCard {
  agentId: string;
  title: string;
  status: AgentStatus;
  /** "Enabled", "Disabled", "Deleted (was enabled)". */
  statusText: string;
  sections: { heading: string; facts: [string, string][] }[];
}

const KNOWN = new Set([
  'agentId',
  'computerName',
  'osVersion',
  'kernelVersion',
  'manufacturer',
  'model',
  'status',
  'deleted',
  'numberOfClients',
  'lastSeen',
  'location',
  'publicIP',
  'vpnProfiles',
]);
/** Fields listed as sent, at most; values cut at VALUE_LIMIT characters. */
const OTHER_LIMIT = 50;
const VALUE_LIMIT = 300;

export function agentStatus(agent: Pick<EndpointAgent, 'status' | 'deleted'>): AgentStatus {
  if (agent.deleted === true) return 'deleted';
  const status: unknown = agent.status;
  return status === 'enabled' || status === 'disabled' ? status : 'unknown';
}

export function agentCard(agent: EndpointAgent): AgentCard {
  const status = agentStatus(agent);
  const agentId = text(agent.agentId);
  const hardware = [agent.manufacturer, agent.model]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');
  const word =
    status === 'unknown'
      ? `Status ${typeof agent.status === 'string' && agent.status !== '' ? agent.status : NOT_REPORTED}`
      : status[0]!.toUpperCase() + status.slice(1);
  return {
    agentId,
    title: typeof agent.computerName === 'string' && agent.computerName !== '' ? agent.computerName : agentId,
    status,
    statusText: status === 'deleted' && typeof agent.status === 'string' ? `${word} (was ${agent.status})` : word,
    sections: [
      {
        heading: 'System',
        facts: [
          ['Operating system', text(agent.osVersion)],
          ['Kernel', text(agent.kernelVersion)],
          ['Hardware', text(hardware)],
        ],
      },
      {
        heading: 'Identity',
        facts: [
          ['Agent id', agentId],
          ['Computer name', text(agent.computerName)],
          ['Clients', text(agent.numberOfClients)],
        ],
      },
      ...whereabouts(agent),
      ...otherFields(agent),
    ],
  };
}

/** v7's last check-in, place, public address and VPNs, when the record has them (v6: no section). */
function whereabouts(agent: EndpointAgent): AgentCard['sections'] {
  const facts = whereaboutsFacts(agent);
  return facts.length === 0 ? [] : [{ heading: 'Network and presence', facts }];
}

function otherFields(agent: EndpointAgent): AgentCard['sections'] {
  const facts: [string, string][] = [];
  for (const [name, value] of Object.entries(agent)) {
    if (KNOWN.has(name) || value === undefined) continue;
    if (facts.length === OTHER_LIMIT) {
      facts.push(['…', 'more fields: Open as JSON shows them all']);
      break;
    }
    facts.push([name, valueText(value)]);
  }
  return facts.length === 0 ? [] : [{ heading: 'Other fields', facts }];
}

function valueText(value: unknown): string {
  let shown: string;
  try {
    shown = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    shown = String(value);
  }
  return shown.length > VALUE_LIMIT ? `${shown.slice(0, VALUE_LIMIT)}…` : shown;
}
