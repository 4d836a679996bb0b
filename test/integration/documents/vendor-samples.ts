// A create request of each enterprise test type with EVERY writable field of the vendor's
// OpenAPI request schema (test/fixtures/openapi, Apache-2.0 — see its NOTICE) given a value
// the schema allows: enums their first value, numbers their default or minimum, objects all
// their properties. Targets get values a service would take (a URL, a domain, an agent id).
import type { EnterpriseTestType } from '../../../src/api/types';
import { openApiSpec } from '../emulator/openapi';

type Json = Record<string, unknown>;

/** Domain type → the vendor's path segment. */
export const VENDOR_SEGMENTS: Readonly<Record<EnterpriseTestType, string>> = {
  'agent-to-server': 'agent-to-server',
  'agent-to-agent': 'agent-to-agent',
  'dns-trace': 'dns-trace',
  'dns-server': 'dns-server',
  'dns-dnssec': 'dnssec',
  'http-server': 'http-server',
  'page-load': 'page-load',
  'web-transactions': 'web-transactions',
  api: 'api',
  'ftp-server': 'ftp-server',
  'sip-server': 'sip-server',
  voice: 'voice',
  bgp: 'bgp',
};

const MAX_DEPTH = 8;

function schemas(): Json {
  return (openApiSpec().document.components as Json).schemas as Json;
}

function deref(node: unknown): Json {
  const ref = (node as Json | undefined)?.$ref;
  return (typeof ref === 'string' ? schemas()[ref.split('/').pop()!] : node) as Json;
}

/** Properties of a schema with its allOf merged, read-only ones left out. */
export function writableProperties(node: unknown, depth = 0): Json {
  const schema = deref(node);
  if (!schema || depth > MAX_DEPTH) return {};
  const merged: Json = {};
  for (const part of (schema.allOf as unknown[] | undefined) ?? [])
    Object.assign(merged, writableProperties(part, depth + 1));
  for (const [name, value] of Object.entries((schema.properties as Json | undefined) ?? {})) {
    if (deref(value).readOnly !== true) merged[name] = value;
  }
  return merged;
}

/** The request schema of POST /tests/{segment}. */
export function requestSchemaOf(type: EnterpriseTestType): unknown {
  const paths = openApiSpec().document.paths as Record<string, Record<string, Json>>;
  const body = paths[`/tests/${VENDOR_SEGMENTS[type]}`]!.post!.requestBody as Json;
  return ((body.content as Json)['application/json'] as Json).schema;
}

function sample(node: unknown, depth: number): unknown {
  const schema = deref(node);
  if (schema.allOf || schema.properties) {
    return Object.fromEntries(Object.entries(writableProperties(schema)).map(([k, v]) => [k, sample(v, depth + 1)]));
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.format === 'ipv4') return '192.0.2.53';
  if (schema.format === 'date-time') return '2026-11-20T16:00:00Z';
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      const fallback = typeof schema.default === 'number' ? schema.default : (min ?? 1);
      return Math.min(Math.max(fallback, min ?? fallback), max ?? fallback);
    }
    case 'array':
      return depth > MAX_DEPTH ? [] : [sample(schema.items, depth + 1)];
    case 'object':
      return {};
    default:
      return 'sample';
  }
}

/** Values a service takes for the fields that name something real. */
function targets(type: EnterpriseTestType, agentIds: readonly string[]): Json {
  return {
    url: type === 'ftp-server' ? 'ftp://ftp.example.com/pub/a.txt' : 'https://www.example.com/',
    server: 'www.example.com',
    port: type === 'voice' ? 5004 : 443,
    domain: 'example.com',
    dnsServers: ['8.8.8.8'],
    targetAgentId: agentIds[1],
    prefix: '192.0.2.0/24',
    transactionScript: 'markStart("home");',
    contentRegex: 'Example',
    interval: 300,
    agents: [{ agentId: agentIds[0] }],
    labels: ['11'],
    tags: ['21'],
    sharedWithAccounts: ['1002'],
    alertRules: ['31'],
    monitors: ['41'],
  };
}

/** Every writable field of the type, in the vendor's order, the test name ours. */
export function fullRequest(type: EnterpriseTestType, agentIds: readonly string[]): Json {
  const fixed = targets(type, agentIds);
  const out: Json = {};
  for (const [field, schema] of Object.entries(writableProperties(requestSchemaOf(type)))) {
    out[field] = field in fixed ? fixed[field] : sample(schema, 0);
  }
  return { ...out, testName: `Every field of ${type}` };
}
