// Run Now maps a scheduled test document onto an instant test of the same target, and names
// what it could not carry over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newDocumentText, parseDocument, runNowPlan, validateDocument } from '../../../src/documents';

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
