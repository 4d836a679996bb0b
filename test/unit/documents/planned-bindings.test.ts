// The bindings a plan writes first: shown in one wording (CLI and editor), planned as if written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bindingLines,
  computePlan,
  documentsWithBindings,
  readBinding,
  recoveredBindings,
  type DeployedTest,
} from '../../../src/documents';

const document = {
  uri: 'file:///w/portal.netmon-test.json',
  text: '{\n  // the portal\n  "type": "http-server",\n  "testName": "Portal",\n  "interval": 300,\n  "agents": [{ "agentId": 11 }],\n  "url": "https://portal.example.com/"\n}\n',
};
const deployed: DeployedTest[] = [
  {
    testId: 42,
    testName: 'Portal',
    type: 'http-server',
    interval: 300,
    agents: [{ agentId: 11 }],
    url: 'https://portal.example.com/',
  },
];

test('a create an interrupted apply made is bound to its test, and planned so it is neither created again nor a conflict', () => {
  const plan = computePlan({ documents: [document], deployed, connectionKey: 'demo', aid: 'default' });
  assert.equal(plan.steps.length + plan.conflicts.length, 1, 'the test of its name is news before the binding');
  const journal = {
    version: 1 as const,
    pending: [{ uri: document.uri, type: 'http-server', testName: 'Portal', existingTestIds: [] }],
  };
  const bindings = recoveredBindings(plan, journal);
  assert.deepEqual(bindings, [{ uri: document.uri, testId: 42, testName: 'Portal', why: 'recovered' }]);
  const [bound] = documentsWithBindings([document], bindings, 'demo', 'default');
  assert.equal(readBinding(bound?.text ?? '', 'demo', 'default'), 42);
  assert.ok(bound?.text.includes('  // the portal\n'), 'the rest of the document as it was');
  const after = computePlan({ documents: bound ? [bound] : [], deployed, connectionKey: 'demo', aid: 'default' });
  assert.deepEqual([after.steps.length, after.conflicts.length, after.unchanged.map((u) => u.testId)], [0, 0, [42]]);
});

test('the plan names each binding first, the test name quoted on one line', () => {
  const lines = bindingLines(
    [{ uri: 'a', testId: 42, testName: 'Portal\n  + create', why: 'recovered' }],
    (uri) => `${uri}.json`,
  );
  assert.deepEqual(lines, [
    'Bindings apply will write into the documents first:',
    '  = bind a.json → test 42 ("Portal\\n  + create"): created by an interrupted apply from this machine',
    '',
  ]);
  assert.deepEqual(bindingLines([], String), []);
});
