// Suppression window documents through the real `netmon` entry point against the emulator over
// loopback HTTP (v7): plan shows the create with its test resolved by name, apply creates it, then
// the plan shows no change; `netmon import --windows` writes a document per deployed window that
// plans to no change. The editor's Delete (the window documents' use case, over the same
// emulator) removes the window, after which the document plans to a create again.
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { applyWindowSteps, planWindowDocument } from '../../../src/documents/suppression-windows/deploy';
import { ALERT_TESTS } from '../alerts-world';
import { useAlertWorldForCli } from '../alerts-world-cli';

const WINDOW = {
  name: 'Saturday maintenance',
  startDate: '2026-07-04T22:00:00Z',
  duration: 7200,
  repeat: { type: 'week', intervalLength: 1, daysOfWeek: ['sat'] },
  tests: [ALERT_TESTS[1]],
};

describe('netmon plan, apply and import of suppression window documents (emulator speaking v7)', () => {
  const shared = useAlertWorldForCli('netmon-windows-', 'netmon-windows-import-');
  const [folder, imported] = shared.folders as [string, string];
  const { run } = shared;

  test('create, then no change; import, then no change', async () => {
    const { world } = shared;
    writeFileSync(join(folder, 'saturday.netmon-alert-suppression-window.json'), JSON.stringify(WINDOW, null, 2));
    const zoom = String((await world.client.listEnterpriseTests()).find((t) => t.testName === ALERT_TESTS[1])?.testId);
    const planned = await run('plan', folder);
    assert.equal(planned.code, 1, planned.stdout + planned.stderr);
    assert.match(planned.stdout, /\+ create {2}window "Saturday maintenance" from /);
    assert.ok(planned.stdout.includes(`test "${ALERT_TESTS[1]}" → ${zoom}`), planned.stdout);
    const applied = await run('apply', folder, '--yes');
    assert.equal(applied.code, 0, applied.stdout + applied.stderr);
    const listed = (await world.client.listSuppressionWindows()).filter((w) => w.name === WINDOW.name);
    assert.equal(listed.length, 1);
    const window = await world.client.getSuppressionWindow(listed[0]?.windowId ?? '');
    assert.deepEqual(window.testIds, [zoom]);
    assert.equal(window.duration, 7200);
    const again = await run('plan', folder);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /Suppression windows: 0 to create, 0 to update\./);

    const first = await run('import', '--windows', imported);
    assert.equal(first.code, 0, first.stderr);
    const files = readdirSync(imported);
    assert.equal(files.length, (await world.client.listSuppressionWindows()).length, first.stdout);
    assert.ok(files.some((name) => name.startsWith('saturday-maintenance-')));
    const afterImport = await run('plan', imported);
    assert.equal(afterImport.code, 0, afterImport.stdout + afterImport.stderr);
    assert.match(afterImport.stdout, /Suppression windows: 0 to create, 0 to update\./);
    const second = await run('import', '--windows', imported);
    assert.match(second.stderr, new RegExp(`0 written, ${files.length} unchanged, 0 left alone`));
  });

  test('Delete of the document removes its window; the document then plans to a create', async () => {
    const { world } = shared;
    const file = join(folder, 'saturday.netmon-alert-suppression-window.json');
    writeFileSync(file, JSON.stringify(WINDOW, null, 2));
    assert.equal((await run('apply', folder, '--yes')).code, 0);
    const document = { uri: file, text: JSON.stringify(WINDOW) };
    const [listed] = (await world.client.listSuppressionWindows()).filter((w) => w.name === WINDOW.name);
    assert.ok(listed);
    const plan = await planWindowDocument(world.client, document, { deleting: true });
    assert.deepEqual(
      plan.steps.map((s) => `${s.action} ${'windowId' in s ? s.windowId : ''}`),
      [`delete ${listed.windowId}`],
    );
    const { failed } = await applyWindowSteps(plan.steps, world.client);
    assert.equal(failed, undefined);
    assert.deepEqual(
      (await world.client.listSuppressionWindows()).filter((w) => w.name === WINDOW.name),
      [],
    );
    const again = await planWindowDocument(world.client, document, { deleting: true });
    assert.deepEqual(again.skipped, [{ uri: file, reason: 'no deployed window to delete' }]);
    const planned = await run('plan', folder);
    assert.match(planned.stdout, /\+ create {2}window "Saturday maintenance" from /);
  });
});
