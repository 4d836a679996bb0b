// Scheduled endpoint tests of an account group (saved events included) and their links.
import type { EndpointTest } from '../../api/types';
import { DESTINATIONS, type Destination } from './catalog';
import { formatDateTime } from './format';
import { Rng } from './prng';

interface TestTemplate {
  type: 'agent-to-server' | 'http-server';
  name: string;
  host: string;
  protocol: 'TCP' | 'ICMP';
  interval: number;
  path?: string;
}

const TEMPLATES: readonly TestTemplate[] = [
  {
    type: 'agent-to-server',
    name: 'Outlook reachability',
    host: 'outlook.office365.com',
    protocol: 'TCP',
    interval: 300,
  },
  {
    type: 'http-server',
    name: 'Salesforce login page',
    host: 'acme.my.salesforce.com',
    protocol: 'TCP',
    interval: 300,
    path: '/',
  },
  { type: 'agent-to-server', name: 'Zoom signalling', host: 'zoom.us', protocol: 'ICMP', interval: 300 },
  {
    type: 'http-server',
    name: 'Intranet portal',
    host: 'intranet.acme.example',
    protocol: 'TCP',
    interval: 600,
    path: '/portal/login',
  },
  { type: 'agent-to-server', name: 'Teams media relay', host: 'teams.microsoft.com', protocol: 'TCP', interval: 300 },
  {
    type: 'http-server',
    name: 'GitHub API health',
    host: 'github.com',
    protocol: 'TCP',
    interval: 300,
    path: '/api/v3/meta',
  },
  {
    type: 'http-server',
    name: 'Jira dashboard',
    host: 'acme.atlassian.net',
    protocol: 'TCP',
    interval: 900,
    path: '/jira/dashboards',
  },
  { type: 'agent-to-server', name: 'Slack edge', host: 'app.slack.com', protocol: 'TCP', interval: 300 },
];

/** Date the generated tests were created; fixed so ids and text never depend on the clock. */
const CREATED_BASE = Date.UTC(2026, 0, 5) / 1000;
const SSL_VERSIONS: Record<number, string> = { 0: 'Auto', 3: 'SSLv3', 4: 'TLSv1.0', 5: 'TLSv1.1', 6: 'TLSv1.2' };

export function destinationOf(host: string): Destination {
  return DESTINATIONS.find((d) => d.host === host) ?? syntheticDestination(host);
}

/** Hosts outside the catalog (instant tests) still resolve to a stable address and carrier. */
function syntheticDestination(host: string): Destination {
  const rng = Rng.of('destination', host);
  const base = rng.pick(DESTINATIONS);
  const octets = base.serverIp.split('.');
  return { ...base, host, title: host, serverIp: `${octets[0]}.${octets[1]}.${rng.int(0, 255)}.${rng.int(1, 254)}` };
}

export function endpointTestLinks(testId: number, type: string): EndpointTest['apiLinks'] {
  const links: EndpointTest['apiLinks'] = [
    { rel: 'self', href: `/v7/endpoint-tests/${testId}` },
    { rel: 'data', href: `/v7/endpoint-data/tests/net/metrics/${testId}` },
    { rel: 'data', href: `/v7/endpoint-data/tests/net/path-vis/${testId}` },
  ];
  if (type === 'http-server') links.push({ rel: 'data', href: `/v7/endpoint-data/tests/web/http-server/${testId}` });
  return links;
}

function httpFields(rng: Rng, template: TestTemplate): Partial<EndpointTest> {
  const sslVersionId = rng.pick([0, 0, 0, 6] as const);
  const basic = template.host.startsWith('intranet');
  return {
    authType: basic ? 'BASIC' : 'NONE',
    contentRegex: basic ? 'Welcome, .+' : '',
    followRedirects: 1,
    httpTargetTime: rng.pick([500, 1000, 1500]),
    httpTimeLimit: rng.pick([5000, 10000, 30000]),
    httpVersion: rng.pick([1, 2] as const),
    postBody: '',
    sslVersionId,
    sslVersion: SSL_VERSIONS[sslVersionId] ?? 'Auto',
    url: `https://${template.host}${template.path ?? '/'}`,
    useNtlm: 0,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    username: basic ? 'monitor' : '',
    verifyCertificate: 1,
  };
}

/** The group's scheduled tests; the last one is a saved event. */
export function makeEndpointTests(
  seed: number,
  aid: number,
  groupIndex: number,
  count: number,
  creator: string,
): EndpointTest[] {
  const tests: EndpointTest[] = [];
  for (let index = 0; index < count; index++) {
    const rng = Rng.of(seed, aid, 'endpoint-test', index);
    const template = TEMPLATES[(index + groupIndex * 3) % TEMPLATES.length] as TestTemplate;
    const testId = aid * 100 + index + 1;
    const savedEvent = index === count - 1 ? 1 : 0;
    const created = CREATED_BASE + rng.int(0, 60) * 86400 + rng.int(0, 86399);
    const port = template.protocol === 'ICMP' ? -1 : 443;
    const test: EndpointTest = {
      testId,
      testName: savedEvent
        ? `${template.name} - saved event ${formatDateTime(created + 86400).slice(0, 10)}`
        : `${template.name}${index >= TEMPLATES.length ? ` ${Math.floor(index / TEMPLATES.length) + 1}` : ''}`,
      type: template.type,
      alertsEnabled: savedEvent ? 0 : rng.pick([0, 1] as const),
      apiLinks: endpointTestLinks(testId, template.type),
      bandwidthMeasurements: 0,
      bgpMeasurements: rng.pick([0, 1] as const),
      networkMeasurements: 1,
      mtuMeasurements: rng.pick([0, 1] as const),
      usePublicBgp: 1,
      enabled: savedEvent ? 0 : 1,
      savedEvent,
      interval: template.interval,
      port,
      protocol: template.protocol,
      server: template.host,
      createdBy: creator,
      createdDate: formatDateTime(created),
      ...(template.type === 'http-server' ? httpFields(rng, template) : {}),
    };
    if (rng.chance(0.4))
      Object.assign(test, { modifiedBy: creator, modifiedDate: formatDateTime(created + rng.int(1, 20) * 86400) });
    tests.push(test);
  }
  return tests;
}
