// Endpoint test documents (*.netmon-endpoint-test.json): the schema and rules say what is
// wrong and where; names of labels and agents become the ids v7 takes; a plan creates,
// patches what v7 changes in place, replaces what it cannot, deletes a marked document;
// an import plans as unchanged against the test it came from.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import endpointSchema from '../../../schemas/netmon-endpoint-test.schema.json';
import type { EndpointAgent, EndpointLabel, ManagedEndpointTest } from '../../../src/api/types';
import {
  ALL_TARGET_FIELDS,
  ENDPOINT_TEMPLATES,
  SELECTION_FIELDS,
  computeEndpointPlan,
  documentKindOf,
  endpointCompletionsAt,
  endpointTestRequest,
  importedEndpointDocument,
  newEndpointTestText,
  planEndpointImport,
  readBinding,
  validateDocument,
} from '../../../src/documents';
import { DocumentShapeError } from '../../../src/documents/payloads';
import { diagnose, lines } from './helpers';

const LABELS: EndpointLabel[] = [
  { id: '1001001', name: 'Mac laptops', filters: [{ key: 'platform', values: ['mac'] }] },
  { id: '1001002', name: 'Windows desktops', filters: [] },
  { id: '1001003', name: 'Twin', filters: [] },
  { id: '1001004', name: 'Twin', filters: [] },
];
const AGENTS = [
  { agentId: '0d7c6f7e-0000-4000-8000-000000000001', computerName: 'anna-mbp-1', agentName: 'Anna' },
  { agentId: '0d7c6f7e-0000-4000-8000-000000000002', computerName: 'DESKTOP-7F2A', agentName: 'Ben' },
] as unknown as EndpointAgent[];
const DIRECTORY = { labels: LABELS, agents: AGENTS };
const TARGET = { serviceKey: 'https://api.example.com', aidKey: '1001' };

function deployed(overrides: Partial<ManagedEndpointTest> = {}): ManagedEndpointTest {
  return {
    type: 'agent-to-server',
    testId: 100_101,
    testName: 'Outlook',
    interval: 300,
    isEnabled: true,
    agentSelector: { agentSelectorType: 'agent-labels', maxMachines: 25, endpointAgentLabels: ['1001001'] },
    fields: {
      server: 'outlook.office365.com',
      port: 443,
      protocol: 'tcp',
      isPrioritized: false,
      networkMeasurements: true,
    },
    ...overrides,
  };
}

const bound = (text: string): string =>
  text.replace(/\}\s*$/, `,\n  "deployments": { "${TARGET.serviceKey}": { "${TARGET.aidKey}": 100101 } }\n}\n`);

describe('endpoint test documents: schema and rules', () => {
  test('the file name selects the kind; every template of every type is valid', () => {
    assert.equal(documentKindOf('/w/teams.netmon-endpoint-test.json'), 'endpoint-test');
    assert.equal(documentKindOf('/w/teams.netmon-test.json'), 'test');
    for (const { type } of ENDPOINT_TEMPLATES) {
      for (const label of [undefined, 'Mac laptops']) {
        assert.deepEqual(
          diagnose('endpoint-test', newEndpointTestText(type, { label })).map((d) => d.message),
          [],
          `${type} ${label ?? ''}`,
        );
      }
    }
  });

  test('the schema lists exactly the fields the requests send (one table: fields.ts)', () => {
    const own = ['$schema', 'type', 'testName', 'interval', 'aid', 'deployments', 'markedForDeletion'];
    assert.deepEqual(
      Object.keys(endpointSchema.properties).sort(),
      [...own, ...SELECTION_FIELDS, ...ALL_TARGET_FIELDS].sort(),
    );
  });

  test("says which field is wrong: another type's field, a missing target, two selections, an unknown field", () => {
    const text = lines(
      '{',
      '  "type": "dynamic",',
      '  "testName": "Calls",',
      '  "url": "https://x.example",',
      '  "agents": ["Anna"],',
      '  "agentLabels": ["Mac laptops"],',
      '  "colour": 1',
      '}',
    );
    const found = diagnose('endpoint-test', text).map((d) => `${d.code} ${d.message}`);
    assert.deepEqual(
      found.sort(),
      [
        'endpoint-test/field-of-other-type "url" belongs to http-server tests, not dynamic',
        'endpoint-test/target-missing dynamic tests need "application"',
        'endpoint-test/two-selections Choose the agents by "agentLabels" or by "agents", not both (without either, all agents run the test)',
        'schema/additionalProperties Property "colour" is not allowed',
      ].sort(),
    );
  });
});

describe('endpoint test documents: requests and plans', () => {
  const byLabel = lines(
    '{',
    '  "type": "agent-to-server",',
    '  "testName": "Outlook",',
    '  "interval": 300,',
    '  "agentLabels": ["Mac laptops"],',
    '  "server": "outlook.office365.com",',
    '  "port": 443,',
    '  "protocol": "tcp"',
    '}',
  );

  test("labels and agents by name become ids; a name that is nobody's, or two labels', is refused naming it", () => {
    const request = endpointTestRequest(validateDocument('endpoint-test', byLabel).parsed.value, DIRECTORY);
    assert.deepEqual(request.body, {
      testName: 'Outlook',
      interval: 300,
      agentSelectorType: 'agent-labels',
      endpointAgentLabels: ['1001001'],
      server: 'outlook.office365.com',
      port: 443,
      protocol: 'tcp',
    });
    const agents = endpointTestRequest(
      { type: 'http-server', testName: 'h', url: 'https://a.example', agents: ['Ben', AGENTS[0]?.agentId] },
      DIRECTORY,
    );
    assert.deepEqual(agents.selector, {
      agentSelectorType: 'specific-agents',
      agents: [AGENTS[1]?.agentId, AGENTS[0]?.agentId],
    });
    assert.throws(
      () =>
        endpointTestRequest(
          { type: 'dynamic', testName: 'd', application: 'zoom', agentLabels: ['Nobody'] },
          DIRECTORY,
        ),
      (error: Error) =>
        error instanceof DocumentShapeError && /Endpoint label "Nobody" is not in the account/.test(error.message),
    );
    assert.throws(
      () =>
        endpointTestRequest({ type: 'dynamic', testName: 'd', application: 'zoom', agentLabels: ['Twin'] }, DIRECTORY),
      /names 2 of them: use its id \(1001003, 1001004\)/,
    );
  });

  test('unbound creates; bound and equal is unchanged; a rename patches; new labels replace; marked deletes', () => {
    const plan = (text: string, tests = [deployed()]) =>
      computeEndpointPlan({
        documents: [{ uri: 'file:///w/o.netmon-endpoint-test.json', text }],
        deployed: tests,
        connectionKey: TARGET.serviceKey,
        aid: TARGET.aidKey,
        directory: DIRECTORY,
      });
    assert.equal(plan(byLabel).steps[0]?.action, 'create');
    assert.deepEqual(plan(bound(byLabel)), {
      steps: [],
      unchanged: [{ uri: 'file:///w/o.netmon-endpoint-test.json', testId: 100_101 }],
      skipped: [],
    });
    const renamed = plan(
      bound(byLabel.replace('"Outlook"', '"Outlook EU"').replace('"interval": 300', '"interval": 600')),
    ).steps[0];
    assert.equal(renamed?.action, 'update');
    assert.deepEqual(renamed?.action === 'update' && renamed.patch, { testName: 'Outlook EU', interval: 600 });
    const relabelled = plan(bound(byLabel.replace('Mac laptops', 'Windows desktops'))).steps[0];
    assert.equal(relabelled?.action, 'replace');
    assert.deepEqual(relabelled?.action === 'replace' && relabelled.changes, [
      { field: 'agentSelection', from: 'labels 1001001', to: 'labels 1001002' },
    ]);
    const marked = plan(bound(byLabel.replace('"type"', '"markedForDeletion": true,\n  "type"'))).steps[0];
    assert.deepEqual(marked && { action: marked.action, type: marked.type }, {
      action: 'delete',
      type: 'agent-to-server',
    });
    assert.match(plan(byLabel.replace('Mac laptops', 'Nobody')).skipped[0]?.reason ?? '', /Endpoint label "Nobody"/);
  });
});

describe('endpoint test documents: import', () => {
  const tests: ManagedEndpointTest[] = [
    deployed(),
    deployed({
      type: 'http-server',
      testId: 100_102,
      testName: 'Portal "login"',
      agentSelector: { agentSelectorType: 'specific-agents', maxMachines: 5, agents: AGENTS.map((a) => a.agentId) },
      fields: {
        url: 'https://intranet.example/portal/',
        authType: 'basic',
        username: 'monitor',
        httpTimeLimit: 10_000,
        sslVersionId: '6',
        verifyCertificate: true,
        networkMeasurements: true,
        protocol: 'tcp',
        tcpProbeMode: 'auto',
      },
    }),
    deployed({
      type: 'dynamic',
      testId: 100_103,
      testName: 'Zoom',
      agentSelector: { agentSelectorType: 'all-agents', maxMachines: 25 },
      fields: { application: 'zoom', protocol: 'tcp', hasPathTraceInSession: false },
    }),
    deployed({
      testId: 100_104,
      testName: 'Twins',
      agentSelector: { agentSelectorType: 'agent-labels', endpointAgentLabels: ['1001004'] },
    }),
  ];

  test('every type imports as a valid bound document that plans as unchanged, the same bytes each time', () => {
    const { write, skipped } = planEndpointImport(tests, DIRECTORY, TARGET, new Set([100_104]));
    assert.deepEqual(
      skipped.map((s) => s.testId),
      [100_104],
    );
    assert.equal(write.length, 3);
    for (const document of write) {
      assert.deepEqual(
        validateDocument('endpoint-test', document.text).diagnostics.map((d) => d.message),
        [],
        document.text,
      );
      assert.equal(readBinding(document.text, TARGET.serviceKey, TARGET.aidKey), document.testId);
      assert.match(document.fileName, new RegExp(`-${document.testId}\\.netmon-endpoint-test\\.json$`));
    }
    const plan = computeEndpointPlan({
      documents: write.map((d) => ({ uri: d.fileName, text: d.text })),
      deployed: tests,
      connectionKey: TARGET.serviceKey,
      aid: TARGET.aidKey,
      directory: DIRECTORY,
    });
    assert.deepEqual(plan.steps, []);
    assert.deepEqual(
      plan.unchanged.map((u) => u.testId),
      [100_101, 100_102, 100_103],
    );
    assert.deepEqual(planEndpointImport(tests, DIRECTORY, TARGET, new Set()).write.slice(0, 3), write);
  });

  test('a label named twice is written by id, an agent with its name in a comment', () => {
    const twins = importedEndpointDocument(tests[3]!, DIRECTORY, TARGET).text;
    assert.match(twins, /"agentLabels": \["1001004"\]/);
    const http = importedEndpointDocument(tests[1]!, DIRECTORY, TARGET).text;
    assert.match(http, /"0d7c6f7e-0000-4000-8000-000000000001", \/\/ Anna\n/);
    assert.match(http, /"testName": "Portal \\"login\\""/);
  });
});

describe('endpoint test documents: completion', () => {
  const text = '{ "type": "agent-to-server", "testName": "t", "agentLabels": ["Ma"], "agents": [""], "server": "x" }';
  test('label names inside agentLabels, agent names inside agents, nothing elsewhere', () => {
    const inLabels = endpointCompletionsAt(text, text.indexOf('"Ma"') + 2, DIRECTORY);
    assert.deepEqual(
      inLabels.map((item) => [item.label, item.insertText, item.detail]),
      [
        ['Mac laptops', '"Mac laptops"', 'platform in mac'],
        ['Windows desktops', '"Windows desktops"', 'no filters'],
        ['Twin', '"Twin"', 'no filters'],
        ['Twin', '"Twin"', 'no filters'],
      ],
    );
    assert.equal(inLabels[0]?.range.length, 4, 'replaces the string typed so far');
    assert.deepEqual(
      endpointCompletionsAt(text, text.indexOf('"agents": [""]') + 12, DIRECTORY).map((item) => [
        item.label,
        item.detail,
      ]),
      AGENTS.map((a) => [a.agentName, a.agentId]),
    );
    assert.deepEqual(endpointCompletionsAt(text, text.indexOf('"x"') + 1, DIRECTORY), []);
  });
});
