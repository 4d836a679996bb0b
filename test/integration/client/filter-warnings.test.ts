// Filters are combined with AND (the spec): two entries with the same key almost never
// match anything. The client still sends them (they are valid), and says why the answer
// will likely be empty.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

let emulator: RunningEmulator;
before(async () => {
  emulator = await startEmulator({ port: 0 });
});
after(async () => {
  await emulator.close();
});

test('a repeated filter key is sent, with a warning that explains AND', async () => {
  const warnings: string[] = [];
  const client = createNetmonClient({
    apiVersion: 'v6',
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    onWarning: (m) => warnings.push(m),
  });
  try {
    await client
      .userSessions({
        window: '1h',
        filters: [
          { key: 'platform', values: ['Mac'] },
          { key: 'platform', values: ['Windows'] },
        ],
      })
      .collect({ maxRecords: 1 });
    assert.deepEqual(warnings, [
      'POST /v6/endpoint-data/user-sessions: A second "platform" filter narrows with AND (both must match); list all platform values in one filter to combine them with OR',
    ]);
    warnings.length = 0;
    await client
      .userSessions({ window: '1h', filters: [{ key: 'platform', values: ['Mac', 'Windows'] }] })
      .collect({ maxRecords: 1 });
    assert.deepEqual(warnings, []);
  } finally {
    await client.close();
  }
});
