// Alert rules and suppression windows are kept the way created tests are: in the emulator's
// data file when it has one, so a restarted emulator answers them again (still schema-valid),
// beside the seeded rules and the tests of the same file.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

/** A window starting a day after the emulator's "now", in v7's ISO 8601. */
const TOMORROW = `${new Date(NOW_MS + 86_400_000).toISOString().slice(0, 19)}Z`;

describe('emulator v7: alert rules and suppression windows in the data file', () => {
  it('answers what was written after a restart, and the seeded rules as before', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'netmon-alerts-'));
    const dataFile = join(folder, 'tests.json');
    try {
      const first = await withEmulator({ api: 'v7', now: () => NOW_MS, dataFile });
      let ruleId: unknown;
      let windowId: unknown;
      try {
        const rule = await conforming(
          first,
          '/alerts/rules',
          '/v7/alerts/rules',
          {
            json: {
              ruleName: 'kept',
              expression: '((loss >= 50%))',
              alertType: 'end-to-end-server',
              roundsViolatingOutOf: 2,
            },
          },
          201,
        );
        ruleId = rule.json.ruleId;
        const window = await conforming(
          first,
          '/alert-suppression-windows',
          '/v7/alert-suppression-windows',
          { json: { name: 'kept too', startDate: TOMORROW, duration: 600 } },
          201,
        );
        windowId = window.json.alertSuppressionWindowId;
      } finally {
        await first.close();
      }
      const saved = JSON.parse(await readFile(dataFile, 'utf8')) as { sections?: { alerts?: unknown } };
      assert.ok(saved.sections?.alerts, 'a section of the data file');
      const second = await withEmulator({ api: 'v7', now: () => NOW_MS, dataFile });
      try {
        const rules = recordsOf(await conforming(second, '/alerts/rules', '/v7/alerts/rules'), 'alertRules');
        assert.deepEqual(
          rules.map((r) => r.ruleName),
          ['Default Network Loss', 'Default Path Delay', 'kept'],
        );
        const rule = await conforming(second, '/alerts/rules/{ruleId}', `/v7/alerts/rules/${String(ruleId)}`);
        assert.equal(rule.json.expression, '((loss >= 50%))');
        const window = await conforming(
          second,
          '/alert-suppression-windows/{windowId}',
          `/v7/alert-suppression-windows/${String(windowId)}`,
        );
        assert.equal(window.json.name, 'kept too');
        // New ids go on from where the file left them.
        const next = await conforming(
          second,
          '/alert-suppression-windows',
          '/v7/alert-suppression-windows',
          { json: { name: 'new', startDate: TOMORROW, duration: 600 } },
          201,
        );
        assert.ok(Number(next.json.alertSuppressionWindowId) > Number(windowId));
      } finally {
        await second.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
