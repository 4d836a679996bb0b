// New endpoint test documents: a commented, valid document of each type, its agents chosen
// by a label of the account (or all agents when it has none).
import type { ManagedEndpointTestType } from '../../api/types';
import { slug } from '../text';
import { ENDPOINT_TEST_SUFFIX } from './import';

export const ENDPOINT_TEMPLATES: readonly { type: ManagedEndpointTestType; label: string; description: string }[] = [
  {
    type: 'agent-to-server',
    label: 'Endpoint network test (agent-to-server)',
    description: "loss, latency and path from users' machines to a server",
  },
  {
    type: 'http-server',
    label: 'Endpoint HTTP server test',
    description: "availability and timing of a URL from users' machines",
  },
  {
    type: 'dynamic',
    label: 'Endpoint dynamic test',
    description: 'the network of a Webex, Zoom or Teams call, wherever it goes',
  },
];

const TARGETS: Readonly<Record<ManagedEndpointTestType, string[]>> = {
  'agent-to-server': [
    '  // The host the agents test, and its port.',
    '  "server": "example.com",',
    '  "port": 443,',
    '  "protocol": "tcp"',
  ],
  'http-server': ['  // The URL the agents request.', '  "url": "https://example.com/health"'],
  dynamic: [
    '  // webex, zoom or microsoft-teams: the test follows the call to wherever it is served from.',
    '  "application": "zoom"',
  ],
};

export function endpointTemplateFileName(type: ManagedEndpointTestType, testName?: string): string {
  return `${slug(testName ?? `new endpoint ${type}`, 'endpoint-test')}${ENDPOINT_TEST_SUFFIX}`;
}

/** `label`: a label name of the account to run the test on; all agents when undefined. */
export function newEndpointTestText(
  type: ManagedEndpointTestType,
  options: { testName?: string; label?: string } = {},
): string {
  const selection =
    options.label === undefined
      ? ['  // No "agentLabels" or "agents": all endpoint agents run it, up to maxMachines.', '  "maxMachines": 25,']
      : [
          '  // Agents by label (completion lists the account\'s labels), or "agents": [names or ids].',
          `  "agentLabels": [${JSON.stringify(options.label)}],`,
        ];
  return [
    '{',
    `  "type": ${JSON.stringify(type)},`,
    `  "testName": ${JSON.stringify(options.testName ?? `New endpoint ${type} test`)},`,
    '  // Seconds between rounds: 60, 120, 300, 600, 900, 1800 or 3600.',
    '  "interval": 300,',
    ...selection,
    ...TARGETS[type],
    '}',
    '',
  ].join('\n');
}
