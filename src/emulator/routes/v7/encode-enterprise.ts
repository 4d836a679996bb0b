// Enterprise tests and agents in v7's shapes: string ids, booleans instead of 0/1, lower-case
// enums (`tcp`, `to-target`, agent type `enterprise`/`cloud`), `dnssec` for v6's `dns-dnssec`,
// `server` and `port` apart, `_links.self` and `_links.testResults`.
import { linkedResultKinds, type EnterpriseTest, type TestAgent } from '../../../api/types';
import type { RequestContext } from '../../http/router';
import { isoDate } from './encode-common';
import { vendorFieldsAnswer } from './test-fields';

/** v7's test type for a v6 one, and back: only DNSSEC changed its name. */
export const v7TestType = (v6Type: string): string => (v6Type === 'dns-dnssec' ? 'dnssec' : v6Type);
export const v6TestType = (v7Type: string): string => (v7Type === 'dnssec' ? 'dns-dnssec' : v7Type);

export function v7Agent(agent: TestAgent): Record<string, unknown> {
  return {
    agentId: String(agent.agentId),
    agentName: agent.agentName,
    agentType: agent.public === 1 ? 'cloud' : 'enterprise',
    location: agent.location,
    countryId: agent.countryId,
    ipAddresses: [agent.ipAddress],
    prefix: agent.prefix,
    network: agent.network,
    enabled: true,
  };
}

/**
 * `/v7/agents`' `networkProviderInfo`, from the world's `network` line ("Comcast (AS 7922)"):
 * the live service sends it (the vendor's later SDK models it as `{ name, asn, type }`;
 * OpenAPI 7.0.85 does not list it, and forbids no extra field). Undefined when the line
 * names no AS.
 */
export function v7NetworkProviderInfo(agent: TestAgent): { name: string; asn: number } | undefined {
  const match = /^(.*\S)\s*\(AS ?([0-9]{1,10})\)$/.exec(agent.network);
  return match ? { name: match[1] ?? '', asn: Number(match[2]) } : undefined;
}

/** An agent as `/v7/agents` lists it: as tests embed it, with its network provider. */
export function v7ListedAgent(agent: TestAgent): Record<string, unknown> {
  const networkProviderInfo = v7NetworkProviderInfo(agent);
  return { ...v7Agent(agent), ...(networkProviderInfo ? { networkProviderInfo } : {}) };
}

const FLAGS = ['enabled', 'alertsEnabled', 'followRedirects', 'verifyCertificate'];
const COPIED = [
  'testName',
  'interval',
  'description',
  'createdBy',
  'modifiedBy',
  'url',
  'domain',
  'dnsServers',
  'contentRegex',
  'transactionScript',
];
/** v6 counts the HTTP time limit in milliseconds, v7 in seconds. */
export const MS_PER_TIME_LIMIT_UNIT = 1000;

export function v7EnterpriseTest(test: EnterpriseTest, ctx: RequestContext): Record<string, unknown> {
  const record = test as Record<string, unknown>;
  const type = v7TestType(String(test.type));
  const out: Record<string, unknown> = { testId: String(test.testId), type, savedEvent: false };
  for (const field of COPIED) if (record[field] !== undefined) out[field] = record[field];
  for (const field of FLAGS)
    if (record[field] !== undefined) out[field] = record[field] === 1 || record[field] === true;
  for (const field of ['createdDate', 'modifiedDate'])
    if (typeof record[field] === 'string') out[field] = isoDate(record[field]);
  if (Array.isArray(out.dnsServers))
    out.dnsServers = (out.dnsServers as string[]).map((serverName) => ({ serverName }));
  if (typeof record.protocol === 'string') out.protocol = record.protocol.toLowerCase();
  if (typeof record.direction === 'string') out.direction = record.direction.toLowerCase().replace(/_/g, '-');
  if (record.targetAgentId !== undefined) out.targetAgentId = String(record.targetAgentId);
  if (typeof record.port === 'number') out.port = record.port;
  if (typeof record.httpTimeLimit === 'number')
    out.httpTimeLimit = Math.round(record.httpTimeLimit / MS_PER_TIME_LIMIT_UNIT);
  if (typeof record.server === 'string') Object.assign(out, serverAndPort(record.server));
  Object.assign(out, vendorFieldsAnswer(record.v7Fields as Record<string, unknown> | undefined));
  // BGP tests run from monitors; every other type lists its agents.
  if (type !== 'bgp') out.agents = (test.agents ?? []).map(v7Agent);
  // The service links each result list the test has (Tests_API_TestLinks), BGP's too when
  // `bgpMeasurements` adds it: clients learn the lists from here, not from the type alone.
  out._links = {
    self: { href: `${ctx.baseUrl}/v7/tests/${type}/${test.testId}` },
    testResults: linkedResultKinds(test).map((kind) => ({
      href: `${ctx.baseUrl}/v7/test-results/${test.testId}/${kind}`,
    })),
  };
  return out;
}

/** v6 stored `host:port` (`[::1]:80` for IPv6); v7 names them apart. */
function serverAndPort(server: string): { server: string; port?: number } {
  const match = /^(.*):([0-9]{1,5})$/.exec(server);
  if (!match) return { server };
  const host = (match[1] ?? '').replace(/^\[(.*)\]$/, '$1');
  return { server: host, port: Number(match[2]) };
}
