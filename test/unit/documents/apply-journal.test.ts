// Which interrupted creates a re-run binds instead of creating again, and which tests the journal makes ours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  endpointStepsNotOurs,
  isOurs,
  parseJournal,
  recoverCreates,
  sameDocument,
  type EndpointPlanStep,
  type Plan,
} from '../../../src/documents';

const createStep = (uri: string, testName: string) =>
  ({ action: 'create', uri, type: 'http-server', testName, reason: 'new' }) as unknown as Plan['steps'][number];
const plan = (steps: Plan['steps'], unmanaged: Plan['unmanaged']): Plan => ({
  steps,
  unchanged: [],
  skipped: [],
  unmanaged,
  conflicts: [],
});

test('a noted create whose document is unbound is bound to the one test of its name that is new since', () => {
  const journal = {
    version: 1 as const,
    pending: [{ uri: 'a.json', type: 'http-server', testName: 'Portal', existingTestIds: [7] }],
  };
  const found = recoverCreates(
    plan(
      [createStep('a.json', 'Portal')],
      [
        { testId: 7, testName: 'Portal', type: 'http-server' },
        { testId: 9, testName: 'Portal', type: 'http-server' },
        { testId: 10, testName: 'Portal', type: 'page-load' },
      ],
    ),
    journal,
  );
  assert.deepEqual(found, [{ uri: 'a.json', testId: 9, testName: 'Portal' }]);
});

test('nothing new (the create never arrived), two new ones (someone else made one too), or the document bound since: nothing is bound', () => {
  const pending = { uri: 'a.json', type: 'http-server', testName: 'Portal', existingTestIds: [] as number[] };
  const journal = { version: 1 as const, pending: [pending] };
  assert.deepEqual(recoverCreates(plan([createStep('a.json', 'Portal')], []), journal), []);
  assert.deepEqual(
    recoverCreates(
      plan(
        [createStep('a.json', 'Portal')],
        [
          { testId: 8, testName: 'Portal', type: 'http-server' },
          { testId: 9, testName: 'Portal', type: 'http-server' },
        ],
      ),
      journal,
    ),
    [],
  );
  assert.deepEqual(recoverCreates(plan([], [{ testId: 9, testName: 'Portal', type: 'http-server' }]), journal), []);
});

test('an unreadable or foreign journal reads as empty', () => {
  for (const text of [
    undefined,
    '',
    '{',
    'null',
    '{"pending": [{"uri": 1}]}',
    '{"pending": [{"uri": "a", "type": "t", "testName": "n"}]}',
  ]) {
    assert.deepEqual(parseJournal(text).pending, [], String(text));
  }
});

test('endpoint tests apply created are kept apart from tests: the same number in the other list makes neither ours', () => {
  const journal = parseJournal(JSON.stringify({ version: 1, pending: [], owned: [5], endpointOwned: [7, 'x', 1.5] }));
  assert.deepEqual(journal.endpointOwned, [7]);
  assert.equal(isOurs(journal, 7, 'endpoint'), true);
  assert.equal(isOurs(journal, 7), false, 'endpoint test 7 is not test 7');
  assert.equal(isOurs(journal, 5, 'endpoint'), false, 'test 5 is not endpoint test 5');
  const step = (action: 'update' | 'delete' | 'replace', testId: number) =>
    ({
      action,
      testId,
      uri: `${testId}.json`,
      type: 'agent-to-server',
      testName: String(testId),
    }) as unknown as EndpointPlanStep;
  const create = {
    action: 'create',
    uri: 'new.json',
    type: 'agent-to-server',
    testName: 'new',
  } as unknown as EndpointPlanStep;
  assert.deepEqual(
    endpointStepsNotOurs([create, step('update', 7), step('delete', 5), step('replace', 9)], journal, [
      'update',
      'replace',
      'delete',
    ]).map((s) => `${s.action} ${s.testId}`),
    ['delete 5', 'replace 9'],
  );
  assert.deepEqual(
    parseJournal(JSON.stringify({ version: 1, pending: [] })).endpointOwned,
    [],
    'an older journal has none',
  );
});

test('a create netmon apply journaled by path is recovered by the editor, which names the document by its file URI, and the other way round', () => {
  const unmanaged = [{ testId: 9, testName: 'Portal', type: 'http-server' as const }];
  const pending = (uri: string) => ({
    version: 1 as const,
    pending: [{ uri, type: 'http-server', testName: 'Portal', existingTestIds: [] }],
  });
  const editorUri = 'file:///work/my%20tests/portal.netmon-test.json';
  const cliPath = '/work/my tests/portal.netmon-test.json';
  assert.deepEqual(
    recoverCreates(plan([createStep(editorUri, 'Portal')], unmanaged), pending(cliPath)),
    [{ uri: editorUri, testId: 9, testName: 'Portal' }],
    "bound under the plan's own name",
  );
  assert.deepEqual(recoverCreates(plan([createStep(cliPath, 'Portal')], unmanaged), pending(editorUri)), [
    { uri: cliPath, testId: 9, testName: 'Portal' },
  ]);
  assert.equal(sameDocument('file:///c%3A/tests/a.json', 'C:\\tests\\a.json'), true, 'a Windows drive');
  assert.equal(sameDocument('file:///work/a.json', '/work/b.json'), false);
  assert.equal(
    sameDocument('file:///work/%E0%A4%A.json', '/work/%E0%A4%A.json'),
    false,
    'a malformed escape is no path',
  );
});
