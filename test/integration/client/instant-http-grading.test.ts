// An endpoint HTTP instant test run on the emulator in each dialect, read through the client over
// loopback HTTP and graded as the results panel grades it: the emulator's healthy rounds read 'ok'.
// v7 says `none` where v6 says `None`; the panel once read every v7 agent as failing on HTTP 200.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { instantRows } from '../../../src/analysis/instant/results';
import { THRESHOLDS } from '../../../src/analysis/session/thresholds';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import type { HttpServerResult } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

/** A fixed instant (14:00 UTC, the world's busy hours) so the rounds drawn are the same on every run. */
const NOW_MS = Date.UTC(2026, 10, 20, 14, 0, 0);
/** More than the demo group has: every endpoint agent answers, the world's occasional failures beside. */
const MACHINES = 20;

/** Healthy by the wire's own numbers, not by its errorType: what is graded is the errorType. */
const healthy = (r: HttpServerResult): boolean =>
  r.responseCode === 200 &&
  !r.errorDetails &&
  r.connectTime < THRESHOLDS.server.connectWarn &&
  r.totalTime < THRESHOLDS.page.loadWarn;

for (const api of ['v6', 'v7'] as const) {
  describe(`an ${api} endpoint HTTP instant test read as the results panel reads it`, () => {
    let emulator: RunningEmulator;
    let client: NetmonClient;
    let clock = NOW_MS;
    before(async () => {
      emulator = await startEmulator({ api, now: () => clock, instantTestDelaySeconds: 0 });
      const credentials = { kind: 'bearer' as const, token: DEMO_CREDENTIALS.admin.token };
      client = createNetmonClient({ baseUrl: emulator.url, apiVersion: api, credentials });
    });
    after(async () => {
      await client.close();
      await emulator.close();
    });

    test('its healthy rounds read ok, with no error', async () => {
      const body = { testName: `graded on ${api}`, url: 'https://example.org/', maxMachines: MACHINES };
      const created = await client.createInstantTest('http-server', body);
      clock += 1000; // the round answers once the world's clock has passed the moment it ran
      const { records } = await client.httpServerResults(created.testId, { window: '1h' }).collect({ maxRecords: 200 });
      const fine = new Set(records.filter(healthy).map((r) => String(r.agentId)));
      assert.ok(fine.size >= 3, `healthy rounds to grade (${fine.size} of ${records.length})`);
      const rows = instantRows('http-server', records, () => undefined).filter((row) => fine.has(row.agentId));
      assert.equal(rows.length, fine.size);
      for (const row of rows) assert.deepEqual([row.grade, row.error], ['ok', undefined], `agent ${row.agentId}`);
    });
  });
}
