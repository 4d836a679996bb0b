// The test types only API v7 has, and DNSSEC under either name: documents accept `dnssec` (v7)
// and `dns-dnssec` (the spec, v6) as one type, plan them against a deployed test of either
// spelling, and report what belongs to another type or to no BGP test.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, expectOnly, lines } from './helpers';
import {
  DOCUMENT_SCHEMAS,
  computePlan,
  setBinding,
  testCreateRequest,
  testTypeOf,
  validateDocument,
  type DeployedTest,
} from '../../../src/documents';
import { ENTERPRISE_TEST_TYPES } from '../../../src/api/types';

const dnssec = (type: string, ...extra: string[]): string =>
  lines(
    '{',
    `  "type": "${type}",`,
    '  "testName": "Chain",',
    '  "interval": 300,',
    '  "agents": [{ "agentId": 1000 }],',
    ...extra,
    '  "domain": "example.net"',
    '}',
  );

describe('dnssec and dns-dnssec are one test type', () => {
  for (const type of ['dnssec', 'dns-dnssec']) {
    test(`a ${type} document validates clean and deploys as the domain's dns-dnssec`, () => {
      assert.deepEqual(diagnose('test', dnssec(type)), []);
      assert.equal(testTypeOf({ type }), 'dns-dnssec');
      assert.equal(testCreateRequest(JSON.parse(dnssec(type))).path, '/v7/tests/dns-dnssec');
    });
  }

  test('a field of another type in a dnssec document names the types it belongs to', () => {
    const d = expectOnly('test', dnssec('dnssec', '  "dnsServers": ["8.8.8.8"],'), 'test/field-of-other-type', {
      start: [5, 2],
      end: [5, 14],
      text: '"dnsServers"',
    });
    assert.match(d.message, /^"dnsServers" belongs to dns-server tests; dns-dnssec tests use "domain"$/);
  });

  test('bound to a deployed test of either spelling, either document plans as no change', () => {
    for (const [documentType, deployedType] of [
      ['dnssec', 'dns-dnssec'],
      ['dns-dnssec', 'dnssec'],
      ['dnssec', 'dnssec'],
    ] as const) {
      const deployed: DeployedTest = {
        testId: 7,
        testName: 'Chain',
        type: deployedType,
        interval: 300,
        agents: [{ agentId: 1000 }],
        domain: 'example.net',
      };
      const text = setBinding(dnssec(documentType), 'https://api.example.com', '1001', 7);
      const plan = computePlan({
        documents: [{ uri: 'chain.netmon-test.json', text }],
        deployed: [deployed],
        connectionKey: 'https://api.example.com',
        aid: '1001',
      });
      assert.deepEqual(plan.steps, [], `${documentType} against ${deployedType}`);
      assert.deepEqual(plan.unchanged, [{ uri: 'chain.netmon-test.json', testId: 7 }]);
    }
  });
});

describe('a deployed dnssec test (v7) whose document is gone', () => {
  test("plans as a delete of the domain's dns-dnssec type, like v6's", () => {
    for (const deployedType of ['dnssec', 'dns-dnssec']) {
      const deployed: DeployedTest = {
        testId: 8,
        testName: 'Chain',
        type: deployedType,
        interval: 300,
        agents: [{ agentId: 1000 }],
        domain: 'example.net',
      };
      const plan = computePlan({
        documents: [],
        deployed: [deployed],
        connectionKey: 'k',
        aid: '1001',
        previousBindings: [{ uri: 'chain.netmon-test.json', testId: 8 }],
      });
      assert.deepEqual(
        plan.steps.map((s) => [s.action, s.type, s.request.path]),
        [['delete', 'dns-dnssec', '/v7/tests/dns-dnssec/8']],
        deployedType,
      );
    }
  });
});

describe('the types v7 added', () => {
  test('a bgp test has no agents and no interval: its document validates without them, and a create sends neither', () => {
    const text = lines('{', '  "type": "bgp",', '  "testName": "Prefix",', '  "prefix": "192.0.2.0/24"', '}');
    assert.deepEqual(diagnose('test', text), []);
    const request = testCreateRequest(JSON.parse(text));
    assert.deepEqual(request.body, { testName: 'Prefix', prefix: '192.0.2.0/24' });
  });

  test('agents in a bgp document are flagged: BGP tests run from monitors', () => {
    const text = lines(
      '{',
      '  "type": "bgp",',
      '  "testName": "Prefix",',
      '  "agents": [{ "agentId": 1000 }],',
      '  "prefix": "192.0.2.0/24"',
      '}',
    );
    const d = expectOnly('test', text, 'test/field-of-other-type', { start: [3, 2], end: [3, 10], text: '"agents"' });
    assert.match(d.message, /^"agents" belongs to .* tests; bgp tests use "prefix"$/);
  });

  test('each new type names its missing target on the type value', () => {
    const cases: [string, string][] = [
      ['api', 'requests'],
      ['ftp-server', 'requestType'],
      ['sip-server', 'targetSipCredentials'],
      ['voice', 'targetAgentId'],
      ['bgp', 'prefix'],
    ];
    for (const [type, field] of cases) {
      const text = lines(
        '{',
        `  "type": "${type}",`,
        '  "testName": "T",',
        '  "interval": 60,',
        '  "agents": [{ "agentId": 1000 }]',
        '}',
      );
      const messages = validateDocument('test', text).diagnostics.map((d) => d.message);
      assert.ok(messages.includes(`${type} tests need "${field}"`), `${type}: ${messages.join('; ')}`);
    }
  });

  test("a value outside the vendor's range or enum is a schema error on the value", () => {
    const text = lines(
      '{',
      '  "type": "voice",',
      '  "testName": "T",',
      '  "interval": 60,',
      '  "agents": [{ "agentId": 1000 }],',
      '  "targetAgentId": "1001",',
      '  "duration": 40',
      '}',
    );
    const d = expectOnly('test', text, 'schema/maximum', { start: [6, 14], end: [6, 16], text: '40' });
    assert.equal(d.message, '"duration" must be <= 30');
    const ftp = lines(
      '{',
      '  "type": "ftp-server",',
      '  "testName": "T",',
      '  "interval": 60,',
      '  "agents": [{ "agentId": 1000 }],',
      '  "url": "https://ftp.example.com/",',
      '  "requestType": "fetch",',
      '  "username": "u",',
      '  "password": "p"',
      '}',
    );
    const messages = validateDocument('test', ftp).diagnostics.map((x) => x.message);
    assert.deepEqual(messages.sort(), [
      '"requestType" must be one of "download", "upload", "list"',
      '"url" may start with ftp, ftps or sftp, not https',
    ]);
  });
});

describe('snippets of the test schema', () => {
  /** A snippet body with each placeholder at its default (its first choice; empty when none). */
  const filled = (body: unknown): string =>
    JSON.stringify(body).replace(
      /\$\{[0-9]+(?::([^}]*)|\|([^,|]*)[^}]*\|)?\}/g,
      (_m, value?: string, choice?: string) => value ?? choice ?? '',
    );

  test('there is one for every test type, and each, its placeholders at their defaults, is a valid document', () => {
    const snippets = (DOCUMENT_SCHEMAS.test as { defaultSnippets: { label: string; body: { type: string } }[] })
      .defaultSnippets;
    assert.deepEqual(snippets.map((s) => testTypeOf(s.body)).sort(), [...ENTERPRISE_TEST_TYPES].sort());
    for (const snippet of snippets) {
      const errors = validateDocument('test', filled(snippet.body)).diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(
        errors.map((d) => d.message),
        [],
        snippet.label,
      );
    }
  });
});
