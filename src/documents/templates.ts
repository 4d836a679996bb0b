// New documents for "Netmon: New Test Document…": a commented, valid document of each kind
// with every required field and the common optional ones, ready to deploy (test), run
// (instant) or apply to a view (filter). Comments say what a field does and what to change.
import { commentLine, slug } from './text';
import { idLiteral } from './live-catalog';
import type { EnterpriseTestType } from '../api/types';
import { DOCUMENT_SUFFIXES, type DocumentKind } from './kinds';

export type TemplateId = EnterpriseTestType | 'instant-http-server' | 'instant-agent-to-server' | 'filter';

export interface TemplateInfo {
  id: TemplateId;
  kind: DocumentKind;
  label: string;
  description: string;
  usesEnterpriseAgents: boolean;
}

export const TEMPLATES: readonly TemplateInfo[] = [
  {
    id: 'agent-to-server',
    kind: 'test',
    label: 'Network test (agent-to-server)',
    description: 'loss, latency and path from enterprise agents to a server',
    usesEnterpriseAgents: true,
  },
  {
    id: 'agent-to-agent',
    kind: 'test',
    label: 'Agent-to-agent test',
    description: 'the network between two enterprise agents',
    usesEnterpriseAgents: true,
  },
  {
    id: 'http-server',
    kind: 'test',
    label: 'HTTP server test',
    description: 'availability and timing of a URL',
    usesEnterpriseAgents: true,
  },
  {
    id: 'page-load',
    kind: 'test',
    label: 'Page load test',
    description: 'a page and everything it loads, in a browser',
    usesEnterpriseAgents: true,
  },
  {
    id: 'web-transactions',
    kind: 'test',
    label: 'Web transaction test',
    description: 'a scripted user journey',
    usesEnterpriseAgents: true,
  },
  {
    id: 'dns-server',
    kind: 'test',
    label: 'DNS server test',
    description: 'answers of DNS servers for a domain',
    usesEnterpriseAgents: true,
  },
  {
    id: 'dns-trace',
    kind: 'test',
    label: 'DNS trace test',
    description: 'the delegation chain of a domain',
    usesEnterpriseAgents: true,
  },
  {
    id: 'dns-dnssec',
    kind: 'test',
    label: 'DNSSEC test',
    description: 'the DNSSEC chain of trust of a domain',
    usesEnterpriseAgents: true,
  },
  {
    id: 'api',
    kind: 'test',
    label: 'API test',
    description: 'a sequence of API requests and their assertions (API v7)',
    usesEnterpriseAgents: true,
  },
  {
    id: 'ftp-server',
    kind: 'test',
    label: 'FTP server test',
    description: 'downloading, uploading or listing on an FTP server (API v7)',
    usesEnterpriseAgents: true,
  },
  {
    id: 'sip-server',
    kind: 'test',
    label: 'SIP server test',
    description: 'availability of a SIP server and registration (API v7)',
    usesEnterpriseAgents: true,
  },
  {
    id: 'voice',
    kind: 'test',
    label: 'Voice (RTP stream) test',
    description: 'voice quality between two enterprise agents (API v7)',
    usesEnterpriseAgents: true,
  },
  {
    id: 'bgp',
    kind: 'test',
    label: 'BGP test',
    description: 'reachability and path changes of a prefix seen by BGP monitors (API v7)',
    usesEnterpriseAgents: false,
  },
  {
    id: 'instant-http-server',
    kind: 'instant',
    label: 'Instant HTTP test (endpoint agents)',
    description: "run once now from users' machines",
    usesEnterpriseAgents: false,
  },
  {
    id: 'instant-agent-to-server',
    kind: 'instant',
    label: 'Instant network test (endpoint agents)',
    description: "run once now from users' machines",
    usesEnterpriseAgents: false,
  },
  {
    id: 'filter',
    kind: 'filter',
    label: 'Search filter',
    description: 'which sessions the Netmon view lists',
    usesEnterpriseAgents: false,
  },
];

export interface TemplateAgent {
  agentId: string | number;
  name?: string;
}

export interface TemplateOptions {
  /** Enterprise agents to run the test from; a placeholder agent when none. */
  agents?: readonly TemplateAgent[];
  testName?: string;
}

/**
 * Stand-ins when the account lists no agents: a name no agent has (a diagnostic says so once
 * the account's agents are known; deploying asks for a real one), and an id no agent has as
 * the far end — never an id that happens to exist.
 */
const PLACEHOLDER_NAME = 'Replace with an agent name (completion lists them)';
const PLACEHOLDER_FAR_END: TemplateAgent = { agentId: 1, name: "replace with the far end's agent id" };

export function templateInfo(id: TemplateId): TemplateInfo {
  const info = TEMPLATES.find((t) => t.id === id);
  if (!info) throw new Error(`no document template "${id}"`);
  return info;
}

/** A file name for the new document, e.g. `new-http-server-test.netmon-test.json`. */
export function templateFileName(id: TemplateId, testName?: string): string {
  return `${slug(testName ?? `new ${id}`, 'netmon')}${DOCUMENT_SUFFIXES[templateInfo(id).kind]}`;
}

export function newDocumentText(id: TemplateId, options: TemplateOptions = {}): string {
  const info = templateInfo(id);
  if (info.kind === 'filter') return filterText();
  if (info.kind === 'instant')
    return instantText(
      id === 'instant-http-server' ? 'http-server' : 'agent-to-server',
      options.testName ?? info.label,
    );
  const agents = options.agents?.length ? options.agents : [];
  return testText(id as EnterpriseTestType, options.testName ?? `New ${info.label.toLowerCase()}`, agents);
}

function testText(type: EnterpriseTestType, testName: string, picked: readonly TemplateAgent[]): string {
  // Agent-to-agent and voice: of several agents picked, the last is the far end, the others run it.
  const twoEnded = type === 'agent-to-agent' || type === 'voice';
  const agents = twoEnded && picked.length > 1 ? picked.slice(0, -1) : picked;
  const farEnd = twoEnded && picked.length > 1 ? picked.at(-1) : undefined;
  const lines = [
    `// A ${type} test. Deploy it with the "Create" lens above (or \`netmon apply\`); after that`,
    '// the lens updates it, and "deployments" below records where it runs. Ctrl+Space lists the fields.',
    '{',
    `  "type": ${JSON.stringify(type)},`,
    `  "testName": ${JSON.stringify(testName)},`,
    ...(type === 'bgp'
      ? ['  // BGP tests run from the BGP monitors (public ones unless usePublicBgp is false), not from agents.']
      : ['  // Seconds between rounds: 60, 120, 300, 600, 900, 1800 or 3600.', '  "interval": 300,']),
    '  // 1 runs the test, 0 keeps it deployed but paused.',
    '  "enabled": 1,',
    ...(type === 'bgp'
      ? []
      : [
          '  // Enterprise agents that run the test.',
          '  "agents": [',
          ...(agents.length === 0 ? [`    { "agentName": ${JSON.stringify(PLACEHOLDER_NAME)} }`] : []),
          ...agents.map((agent, index) => {
            const comma = index < agents.length - 1 ? ',' : '';
            const nameComment = agent.name ? ` // ${commentLine(agent.name)}` : '';
            return `    { "agentId": ${idLiteral(agent.agentId)} }${comma}${nameComment}`;
          }),
          '  ],',
        ]),
    ...targetLines(type, farEnd),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

function targetLines(type: EnterpriseTestType, farEnd: TemplateAgent | undefined): string[] {
  switch (type) {
    case 'agent-to-server':
      return ['  // Host name or IP, optionally with :port.', '  "server": "www.example.com"'];
    case 'agent-to-agent':
    case 'voice': {
      const target = farEnd ?? PLACEHOLDER_FAR_END;
      return [
        `  // The enterprise agent at the other end${target.name ? ` (${commentLine(target.name)})` : ''}.`,
        `  "targetAgentId": ${idLiteral(target.agentId)}`,
      ];
    }
    case 'http-server':
    case 'page-load':
      return ['  // The URL to fetch.', '  "url": "https://www.example.com/"'];
    case 'web-transactions':
      return [
        '  "url": "https://www.example.com/",',
        '  // Selenium-style script run against url.',
        `  "transactionScript": ${JSON.stringify("await driver.get('https://www.example.com/');")}`,
      ];
    case 'dns-server':
    case 'dns-trace':
    case 'dns-dnssec':
      return ['  // The domain to query.', '  "domain": "example.com"'];
    default:
      return V7_TYPE_TARGETS[type];
  }
}

/** The targets of the types only API v7 has (the far end of a voice test is written as agent-to-agent's). */
const V7_TYPE_TARGETS: Readonly<Record<'api' | 'ftp-server' | 'sip-server' | 'bgp', string[]>> = {
  api: [
    '  // The base URL; each request below is sent in turn (its url may use {{variables}}).',
    '  "url": "https://api.example.com",',
    '  "requests": [',
    '    { "name": "Health", "method": "get", "url": "https://api.example.com/health" }',
    '  ]',
  ],
  'ftp-server': [
    '  "url": "ftp://ftp.example.com/pub/file.txt",',
    '  // download, upload or list.',
    '  "requestType": "download",',
    '  "username": "anonymous",',
    '  // Write-only: the service never shows it back; keep secrets out of shared files.',
    '  "password": ""',
  ],
  'sip-server': [
    '  // The SIP server and how to reach it (port and protocol: tcp, tls or udp).',
    '  "targetSipCredentials": {',
    '    "sipRegistrar": "sip.example.com",',
    '    "port": 5060,',
    '    "protocol": "tcp"',
    '  }',
  ],
  bgp: ['  // The prefix to watch, a.b.c.d/e with e from 8 to 24.', '  "prefix": "192.0.2.0/24"'],
};

function instantText(type: 'http-server' | 'agent-to-server', testName: string): string {
  const target =
    type === 'http-server'
      ? ['  // The URL each endpoint agent fetches.', '  "url": "https://www.example.com/",']
      : ['  // The server each endpoint agent reaches.', '  "serverName": "www.example.com",'];
  const lines = [
    `// An instant ${type} test run from users' machines (endpoint agents): "Run" lens above.`,
    '{',
    `  "type": ${JSON.stringify(type)},`,
    `  "testName": ${JSON.stringify(testName)},`,
    ...target,
    '  // How many endpoint agents run it at most.',
    '  "maxMachines": 5',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

function filterText(): string {
  return [
    '// A search filter for the Netmon view: "Apply to View" lens above. Values of one key are',
    '// ORed, keys are ANDed. Ctrl+Space lists the keys the target accepts and their values.',
    '{',
    '  // user-sessions, web, network or network-topology.',
    '  "target": "user-sessions",',
    '  "searchFilters": [',
    '    { "key": "connection", "values": ["Wireless"] }',
    '  ],',
    '  // The time range: 1h, 12h, 1d, 7d… (or "from" and "to").',
    '  "window": "1d"',
    '}',
    '',
  ].join('\n');
}
