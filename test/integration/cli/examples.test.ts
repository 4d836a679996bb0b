// The examples a newcomer gets (examples/, copied into the `npm start` workspace) are valid
// as written and plan against the demo account with their agent names resolved.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');
let emulator: RunningEmulator;
let dir: string;
before(async () => {
  emulator = await startEmulator({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'netmon-examples-'));
  cpSync(EXAMPLES, join(dir, 'examples'), { recursive: true });
});
after(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the examples validate clean: every kind of document, no problem', async () => {
  const result = await netmon(['validate', 'examples'], { cwd: dir, env: {} });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout + result.stderr, /6 documents OK/);
});

test('the example tests plan against the demo account, agent names resolved to ids', async () => {
  const result = await netmon(['plan', 'examples'], {
    cwd: dir,
    env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token, NETMON_BASE_URL: emulator.url },
  });
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stdout, /Plan: 4 to create, 0 to update, 0 to replace, 0 to delete\./);
  assert.match(result.stdout, /Frankfurt, DE.*→.*\d+/);
  assert.doesNotMatch(result.stdout + result.stderr, /unknown agent|not found|ambiguous/i);
});
