// A suppression window document that names, by name, a test the same apply creates, through the
// real `netmon` entry point against the emulator over loopback HTTP (v7, the alert world's clock):
// plan shows the test's create and the window's create naming the pending test; apply creates the
// test, then the window with the new test's id (read back from the window's own read); a plan
// after it shows no change.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { mailRelayDocument, useAlertWorldForCli } from '../alerts-world-cli';

const WINDOW = {
  name: 'Relay cutover',
  startDate: '2026-07-04T22:00:00Z',
  duration: 3600,
  tests: ['Mail relay'],
};

describe('netmon plan and apply of a suppression window naming a test the same apply creates (v7)', () => {
  const shared = useAlertWorldForCli('netmon-windows-new-test-');
  const [folder] = shared.folders as [string];
  const { run } = shared;

  test('plan names the pending test; apply creates the test, then the window with its id; then no change', async () => {
    const { world } = shared;
    const relay = await mailRelayDocument(world.client);
    writeFileSync(join(folder, 'relay.netmon-test.json'), JSON.stringify(relay, null, 2));
    writeFileSync(join(folder, 'cutover.netmon-alert-suppression-window.json'), JSON.stringify(WINDOW, null, 2));

    const planned = await run('plan', folder);
    assert.equal(planned.code, 1, planned.stdout + planned.stderr);
    assert.match(planned.stdout, /\+ create {2}"Mail relay" \(agent-to-server\) from /);
    assert.match(
      planned.stdout,
      /\+ create {2}window "Relay cutover" from \S*cutover.netmon-alert-suppression-window.json\n {8}test "Mail relay" → its id once created \(\S*relay.netmon-test.json\)/,
    );
    assert.doesNotMatch(planned.stdout, /Skipped/);
    assert.match(planned.stdout, /Suppression windows: 1 to create, 0 to update\./);

    const applied = await run('apply', folder, '--yes');
    assert.equal(applied.code, 0, applied.stdout + applied.stderr);
    const created = (await world.client.listEnterpriseTests()).find((t) => t.testName === 'Mail relay');
    assert.ok(created?.testId !== undefined, 'the test was created');
    const listed = (await world.client.listSuppressionWindows()).filter((w) => w.name === WINDOW.name);
    assert.equal(listed.length, 1);
    // The window's own read (GET /v7/alert-suppression-windows/{id}) lists its tests.
    const window = await world.client.getSuppressionWindow(listed[0]?.windowId ?? '');
    assert.deepEqual(window.testIds, [String(created.testId)]);

    const again = await run('plan', folder);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /Suppression windows: 0 to create, 0 to update\./);
    assert.match(again.stdout, /Unchanged: \S*cutover.netmon-alert-suppression-window.json \(window \d+\)/);
  });
});
