// Suppression window documents on hand-built data: the schema's example reads as a window; a plan
// creates a window no deployed one describes (its tests by name sent as ids), lists an update's
// field diff, and says nothing changed when only the service's spelling differs; an imported
// document plans to no change; a delete is planned only of a document the caller names.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SuppressionWindow } from '../../../src/api/types/alerts';
import schema from '../../../schemas/netmon-alert-suppression-window.schema.json';
import { importedWindowDocument } from '../../../src/documents/suppression-windows/import';
import { parseSuppressionWindow } from '../../../src/documents/suppression-windows/parse';
import { planSuppressionWindows } from '../../../src/documents/suppression-windows/plan';
import { renderWindowPlan } from '../../../src/documents/suppression-windows/plan-text';

const TESTS = [
  { testId: '101', testName: 'Outlook' },
  { testId: '102', testName: 'Zoom' },
];
const NIGHTLY: SuppressionWindow = {
  windowId: '31',
  name: 'Nightly backup',
  startDate: '2026-07-01T22:00:00Z',
  duration: 3600,
  isEnabled: true,
  status: 'inactive',
  repeat: { type: 'day', intervalLength: 1 },
  testIds: ['101'],
};
const document = (fields: Record<string, unknown>) => ({ uri: 'w.json', text: JSON.stringify(fields) });
const plan = (fields: Record<string, unknown>) =>
  planSuppressionWindows({ documents: [document(fields)], deployed: [NIGHTLY], tests: TESTS });

describe('suppression window documents', () => {
  test("the schema's example reads as a window; a start that is not a date and time is a problem at its place", () => {
    for (const example of schema.examples) assert.equal(parseSuppressionWindow(JSON.stringify(example)).ok, true);
    const parsed = parseSuppressionWindow('{\n  "name": "x",\n  "startDate": "tomorrow",\n  "duration": 60\n}');
    assert.equal(parsed.ok, false);
    assert.deepEqual(
      parsed.problems.map((p) => `${p.line}:${p.column} ${p.message}`),
      ['3:16 startDate must be a date and time in ISO 8601, e.g. 2026-07-01T22:00:00Z'],
    );
  });

  test('a new window is created with its tests named by name sent as ids', () => {
    const result = plan({ name: 'Release', startDate: '2026-07-02T08:00:00Z', duration: 600, tests: ['Zoom', 101] });
    assert.equal(result.steps[0]?.action, 'create');
    assert.deepEqual(result.steps[0]?.body.testIds, ['102', '101']);
    const text = renderWindowPlan(result, (uri) => uri).join('\n');
    assert.match(text, /\+ create {2}window "Release" from w.json\n {8}test "Zoom" → 102/);
    assert.match(text, /Not managed by these documents \(left alone\): "Nightly backup" \(31\)/);
  });

  test('a changed duration is an update; the start in another offset and the order of keys are no change', () => {
    const same = {
      name: 'Nightly backup',
      startDate: '2026-07-02T00:00:00+02:00',
      duration: 3600,
      repeat: { intervalLength: 1, type: 'day' },
      tests: ['Outlook'],
    };
    assert.deepEqual(plan(same).steps, []);
    assert.equal(plan(same).unchanged.length, 1);
    const [step] = plan({ ...same, duration: 7200 }).steps;
    assert.equal(step?.action, 'update');
    assert.deepEqual(step.action === 'update' && step.changes, [{ field: 'duration', from: 3600, to: 7200 }]);
  });

  test('an imported window plans to no change', () => {
    const imported = importedWindowDocument(NIGHTLY, TESTS);
    assert.ok('text' in imported);
    assert.match(imported.fileName, /^nightly-backup-31\.netmon-alert-suppression-window\.json$/);
    const result = planSuppressionWindows({
      documents: [{ uri: imported.fileName, text: imported.text }],
      deployed: [NIGHTLY],
      tests: TESTS,
    });
    assert.deepEqual(result.steps, []);
    assert.deepEqual(result.unchanged, [{ uri: imported.fileName, name: 'Nightly backup', windowId: '31' }]);
  });

  test('a delete only of the document the caller names; none deployed: skipped, saying so', () => {
    const nightly = { name: 'Nightly backup', startDate: '2026-07-01T22:00:00Z', duration: 60, tests: ['Gone'] };
    // Not named: the same document is an update (its test is not deployed: skipped), never a delete.
    assert.ok(!plan(nightly).steps.some((s) => s.action === 'delete'));
    const asked = planSuppressionWindows({
      documents: [document(nightly)],
      deployed: [NIGHTLY],
      tests: TESTS,
      deleting: ['w.json'],
    });
    // A test since deleted does not stop the window's Delete.
    assert.deepEqual(asked.skipped, []);
    assert.deepEqual(asked.steps, [
      { action: 'delete', uri: 'w.json', name: 'Nightly backup', windowId: '31', tests: [] },
    ]);
    assert.deepEqual(asked.unmanaged, []);
    const text = renderWindowPlan(asked, (uri) => uri).join('\n');
    assert.match(text, /- delete {2}window "Nightly backup" → 31 \(asked for w\.json\)/);
    assert.match(text, /Suppression windows: 0 to create, 0 to update, 1 to delete\./);

    const missing = planSuppressionWindows({
      documents: [document({ ...nightly, name: 'Weekly backup' })],
      deployed: [NIGHTLY],
      tests: TESTS,
      deleting: ['w.json'],
    });
    assert.deepEqual(missing.steps, []);
    assert.deepEqual(missing.skipped, [{ uri: 'w.json', reason: 'no deployed window to delete' }]);
  });
});
