// Suppression window documents that name a test the same apply creates, on hand-built data: the
// name resolves to the pending test (its document shown, no id yet), the known ids are sent and
// the new one is added once created; an update to such a window lists its tests as a change even
// when the known ids match; a replaced test is pending too; a name neither deployed nor to be
// created is skipped as before; the test plan's creates and replaces are the pending tests.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SuppressionWindow } from '../../../src/api/types/alerts';
import type { Plan } from '../../../src/documents/plan';
import { planSuppressionWindows } from '../../../src/documents/suppression-windows/plan';
import { renderWindowPlan, windowPlanJson } from '../../../src/documents/suppression-windows/plan-text';
import { pendingTests, withCreatedTestIds } from '../../../src/documents/suppression-windows/window-tests';

const TESTS = [
  { testId: '101', testName: 'Outlook' },
  { testId: '102', testName: 'Zoom' },
];
const RELAY = { uri: 'relay.netmon-test.json', testName: 'Relay' };
const NIGHTLY: SuppressionWindow = {
  windowId: '31',
  name: 'Nightly backup',
  startDate: '2026-07-01T22:00:00Z',
  duration: 3600,
  isEnabled: true,
  status: 'inactive',
  testIds: ['101'],
};
const NIGHTLY_DOCUMENT = { name: 'Nightly backup', startDate: '2026-07-01T22:00:00Z', duration: 3600 };
const plan = (fields: Record<string, unknown>, pending = [RELAY]) =>
  planSuppressionWindows({
    documents: [{ uri: 'w.json', text: JSON.stringify(fields) }],
    deployed: [NIGHTLY],
    tests: TESTS,
    pending,
  });

describe('suppression window documents naming a test the same apply creates', () => {
  test('a new window names the new test: pending in the plan, its id added once created', () => {
    const result = plan({
      name: 'Release',
      startDate: '2026-07-02T08:00:00Z',
      duration: 600,
      tests: ['Zoom', 'Relay'],
    });
    const [step] = result.steps;
    assert.equal(step?.action, 'create');
    assert.deepEqual(result.skipped, []);
    assert.deepEqual(step.body.testIds, ['102']);
    assert.deepEqual(step.tests, [
      { written: 'Zoom', testId: '102', testName: 'Zoom' },
      { written: 'Relay', testName: 'Relay', createdBy: 'relay.netmon-test.json' },
    ]);
    const text = renderWindowPlan(result, (uri) => uri).join('\n');
    assert.match(
      text,
      /\+ create {2}window "Release" from w.json\n {8}test "Zoom" → 102\n {8}test "Relay" → its id once created \(relay.netmon-test.json\)/,
    );
    const json = windowPlanJson(result, (uri) => uri) as { steps: { tests: unknown[] }[] };
    assert.deepEqual(json.steps[0]?.tests[1], { written: 'Relay', testId: null, createdBy: 'relay.netmon-test.json' });

    assert.deepEqual(
      withCreatedTestIds(step.body.testIds, step.tests, (uri) => (uri === RELAY.uri ? 140 : undefined)),
      ['102', '140'],
    );
    // Its test was not created (its step failed): the window is not written without it.
    assert.throws(
      () => withCreatedTestIds(step.body.testIds, step.tests, () => undefined),
      /the test of relay.netmon-test.json was not created, so the window cannot name it yet; apply again/,
    );
  });

  test('an update to name the new test lists its tests as a change, though the known ids match', () => {
    const [step] = plan({ ...NIGHTLY_DOCUMENT, tests: ['Outlook', 'Relay'] }).steps;
    assert.equal(step?.action, 'update');
    assert.deepEqual(step.action === 'update' && step.changes, [{ field: 'testIds', from: ['101'], to: ['101'] }]);
    // The same document without the new test: unchanged, as before.
    assert.deepEqual(plan({ ...NIGHTLY_DOCUMENT, tests: ['Outlook'] }).unchanged, [
      { uri: 'w.json', name: 'Nightly backup', windowId: '31' },
    ]);
  });

  test('a test the apply replaces is pending too: its deployed id is deleted before the window step', () => {
    const replacing = [{ uri: 'outlook.netmon-test.json', testName: 'Outlook', replaces: '101' }];
    const [step] = plan({ ...NIGHTLY_DOCUMENT, tests: ['Outlook', 102] }, replacing).steps;
    assert.equal(step?.action, 'update');
    assert.deepEqual(step.body.testIds, ['102']);
    assert.deepEqual(step.tests[0], { written: 'Outlook', testName: 'Outlook', createdBy: 'outlook.netmon-test.json' });
  });

  test('a name neither deployed nor to be created is skipped, as before; two new tests of a name too', () => {
    const release = { name: 'Release', startDate: '2026-07-02T08:00:00Z', duration: 600, tests: ['Mail'] };
    assert.deepEqual(plan(release).skipped, [{ uri: 'w.json', reason: 'no deployed test is named "Mail"' }]);
    assert.deepEqual(plan(release).steps, []);
    const twice = [RELAY, { ...RELAY, uri: 'relay-2.netmon-test.json' }];
    assert.deepEqual(plan({ ...release, tests: ['Relay'] }, twice).skipped, [
      { uri: 'w.json', reason: '2 test documents this apply creates are named "Relay"; rename one' },
    ]);
  });

  test("the pending tests are the test plan's creates and replaces, not its updates or deletes", () => {
    const steps = [
      { action: 'create', uri: 'a.json', testName: 'A' },
      { action: 'replace', uri: 'b.json', testName: 'B', testId: 7 },
      { action: 'update', uri: 'c.json', testName: 'C', testId: 8 },
      { action: 'delete', uri: 'd.json', testName: 'D', testId: 9 },
    ] as unknown as Plan['steps'];
    assert.deepEqual(pendingTests({ steps }), [
      { uri: 'a.json', testName: 'A' },
      { uri: 'b.json', testName: 'B', replaces: '7' },
    ]);
  });
});
