// Run Now maps a scheduled test document onto an instant test of the same target, and names
// what it could not carry over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  endpointRunNow,
  instantTestRequest,
  newDocumentText,
  parseDocument,
  runNowPlan,
  validateDocument,
} from '../../../src/documents';

test('http-server: the url, a name that says it is a run, five endpoint agents; agents and interval not carried', () => {
  const plan = runNowPlan(
    parseDocument(newDocumentText('http-server')).value,
    new Date(Date.UTC(2026, 10, 20, 9, 5, 30)),
  );
  assert.ok(plan);
  assert.deepEqual(plan.instant, {
    type: 'http-server',
    testName: 'New http server test (run now 09:05:30 UTC)',
    maxMachines: 5,
    url: 'https://www.example.com/',
  });
  // Instant test names are unique in an account group: a second run names another time, so it is not refused.
  assert.notEqual(
    runNowPlan(parseDocument(newDocumentText('http-server')).value, new Date(Date.UTC(2026, 10, 20, 9, 7, 0)))?.instant[
      'testName'
    ],
    plan.instant['testName'],
  );
  assert.deepEqual(
    plan.notCarried.map((n) => n.field),
    ['agents', 'interval', 'enabled'],
  );
  assert.deepEqual(validateDocument('instant', JSON.stringify(plan.instant)).diagnostics, []);
});

test('agent-to-server: server host:port splits into serverName and port; the result is a valid instant document', () => {
  for (const [server, expected] of [
    ['vpn.example.com:443', { serverName: 'vpn.example.com', port: 443 }],
    ['10.0.0.1', { serverName: '10.0.0.1' }],
    ['[2001:db8::1]:8443', { serverName: '2001:db8::1', port: 8443 }],
  ] as const) {
    const plan = runNowPlan({
      type: 'agent-to-server',
      testName: 'VPN',
      interval: 60,
      agents: [{ agentId: 1 }],
      server,
    });
    assert.deepEqual(
      { serverName: plan?.instant['serverName'], port: plan?.instant['port'] },
      { serverName: expected.serverName, port: 'port' in expected ? expected.port : undefined },
    );
    assert.deepEqual(
      validateDocument('instant', JSON.stringify(plan?.instant)).diagnostics.filter((d) => d.severity === 'error'),
      [],
      server,
    );
  }
});

test('types without an instant form have no Run Now', () => {
  for (const type of ['page-load', 'dns-trace', 'agent-to-agent', 'web-transactions'])
    assert.equal(runNowPlan({ type }), undefined);
  assert.equal(runNowPlan('x'), undefined);
});

// The endpoint-agent run a test document's "Run Now from endpoint agents" lens sends: its target mapped, the rest named.
const RUN_AT = new Date(Date.UTC(2026, 10, 29, 9, 30, 0));

test('endpoint run of an http-server document: its url and network protocol, as the instant request the client sends', () => {
  const run = endpointRunNow(
    {
      type: 'http-server',
      testName: 'Portal',
      interval: 300,
      agents: [{ agentId: 11 }, { agentName: 'Paris' }],
      url: 'https://portal.example.com/health',
      protocol: 'icmp',
    },
    RUN_AT,
  );
  assert.equal(run.reason, undefined);
  const request = instantTestRequest(run.plan?.instant);
  assert.deepEqual(
    [request.type, request.body],
    [
      'http-server',
      {
        testName: 'Portal (run now 09:30:00 UTC)',
        url: 'https://portal.example.com/health',
        maxMachines: 5,
        networkProtocol: 'ICMP',
      },
    ],
  );
  assert.deepEqual(
    run.plan?.notCarried.map((n) => n.field),
    ['agents', 'interval'],
  );
  // UDP has no instant counterpart: named, not sent.
  const udp = endpointRunNow({ type: 'http-server', testName: 'P', url: 'https://p.example.com/', protocol: 'udp' });
  assert.equal(udp.plan?.instant['networkProtocol'], undefined);
  assert.match(udp.plan?.notCarried.find((n) => n.field === 'protocol')?.why ?? '', /TCP or ICMP/);
});

test('endpoint run of an agent-to-server document: server and port fields become serverName and port; protocol is named', () => {
  const run = endpointRunNow(
    {
      type: 'agent-to-server',
      testName: 'VPN',
      interval: 60,
      agents: [{ agentId: 1 }],
      server: 'vpn.example.com',
      port: 8443,
      protocol: 'tcp',
    },
    RUN_AT,
  );
  assert.ok(run.plan, run.reason);
  const request = instantTestRequest(run.plan.instant);
  assert.deepEqual(
    [request.type, request.body],
    [
      'agent-to-server',
      { testName: 'VPN (run now 09:30:00 UTC)', serverName: 'vpn.example.com', maxMachines: 5, port: 8443 },
    ],
  );
  assert.deepEqual(
    run.plan.notCarried.map((n) => n.field),
    ['agents', 'interval', 'protocol'],
  );
  assert.deepEqual(
    validateDocument('instant', JSON.stringify(run.plan.instant)).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  // A port written in the server wins over the port field (the server is what the test reaches).
  assert.equal(
    endpointRunNow({ type: 'agent-to-server', testName: 'V', server: 'vpn.example.com:443', port: 80 }).plan?.instant[
      'port'
    ],
    443,
  );
});

test('a type without an endpoint counterpart has no endpoint run, and the reason names the types that have one', () => {
  for (const type of ['page-load', 'agent-to-agent', 'dns-server', 'bgp']) {
    const run = endpointRunNow({ type, testName: 'X', url: 'https://www.example.com/' });
    assert.equal(run.plan, undefined, type);
    assert.equal(
      run.reason,
      `a ${type} test has no endpoint-agent instant form: endpoint agents run agent-to-server and http-server ` +
        'instant tests only',
    );
  }
  assert.equal(endpointRunNow('x').reason, 'the document names no test type');
});
