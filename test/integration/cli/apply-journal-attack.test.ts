// The third finding of the second outside review, through the real entry point against the
// emulator: a pull request adds a document named like a production test and commits
// .netmon/apply-journal.json with a pending create for it. Plan must show the conflict (not a
// "+ create" with the production test "left alone"), and apply --yes must not bind the
// document to the production test nor replace it. A binding committed in the document, or one
// adopted explicitly, still cannot replace a test apply did not create without --allow-replace.
import { after, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EnterpriseTestResponse } from '../../../src/api/types';
import { readBinding, setBinding } from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon, type CliResult } from './run-netmon';

const TOKEN = DEMO_CREDENTIALS.admin.token;
const AID = '1001';
const PRODUCTION = {
  testName: 'Production API',
  interval: 300,
  agents: [{ agentId: 1000 }],
  url: 'https://api.example.com/',
};

describe('a journal or binding that came with the repository cannot swap a production test', () => {
  let emulator: RunningEmulator | undefined;
  let dir = '';
  let productionId = 0;
  const running = (): RunningEmulator => {
    assert.ok(emulator);
    return emulator;
  };
  const run = (...args: string[]): Promise<CliResult> =>
    netmon(args, {
      cwd: dir,
      env: { NETMON_TOKEN: TOKEN, NETMON_BASE_URL: running().url, NETMON_STATE_DIR: join(dir, '..', 'state') },
    });
  const documentPath = (): string => join(dir, 'tests', 'api.netmon-test.json');
  const production = async (): Promise<{ testId: number; url?: string } | undefined> => {
    const reply = await fetch(`${running().url}/v7/tests`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return ((await reply.json()) as EnterpriseTestResponse).test.find((t) => t.testName === PRODUCTION.testName) as
      { testId: number; url?: string } | undefined;
  };

  after(async () => {
    await emulator?.close();
    if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
  });
  beforeEach(async () => {
    await emulator?.close();
    emulator = await startEmulator({ port: 0, control: true });
    const created = await fetch(`${emulator.url}/v7/tests/http-server`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(PRODUCTION),
    });
    assert.ok(created.ok, `the production test was created: ${created.status}`);
    productionId = (await production())?.testId ?? 0;
    if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
    dir = join(mkdtempSync(join(tmpdir(), 'netmon-attack-')), 'repository');
    mkdirSync(join(dir, 'tests'), { recursive: true });
    // The pull request's document: the production test's name, the attacker's target.
    writeFileSync(
      documentPath(),
      `${JSON.stringify({ type: 'http-server', testName: PRODUCTION.testName, interval: 300, agents: [{ agentId: 1000 }], url: 'https://attacker.example/' }, null, 2)}\n`,
    );
  });

  const assertProductionUntouched = async (): Promise<void> => {
    const now = await production();
    assert.equal(now?.testId, productionId, 'the production test still exists under its id');
    assert.equal(now?.url, PRODUCTION.url, 'and still tests its own target');
  };

  test('a committed journal with a pending create: plan reports the conflict, apply --yes leaves the production test alone', async () => {
    mkdirSync(join(dir, '.netmon'));
    writeFileSync(
      join(dir, '.netmon', 'apply-journal.json'),
      JSON.stringify({
        version: 1,
        pending: [{ uri: documentPath(), type: 'http-server', testName: PRODUCTION.testName, existingTestIds: [] }],
      }),
    );

    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 2, planned.stdout);
    assert.match(
      planned.stdout,
      new RegExp(
        `! conflict "Production API" \\(http-server\\) from tests/api\\.netmon-test\\.json: the account already has a test of that name \\(${productionId}\\)`,
      ),
    );
    assert.doesNotMatch(planned.stdout, /\+ create|bind/);
    assert.match(planned.stderr, /ignoring \.netmon\/apply-journal\.json in the working tree/);
    assert.match(planned.stderr, /1 conflict: apply will refuse/);

    const applied = await run('apply', 'tests', '--yes');
    assert.equal(applied.code, 2, applied.stderr);
    assert.match(applied.stderr, /1 conflict\(s\); nothing was applied/);
    await assertProductionUntouched();
    assert.equal(
      readBinding(readFileSync(documentPath(), 'utf8'), running().url, AID),
      undefined,
      'the document is not bound to it',
    );
  });

  test('a binding committed in the document: the replace is shown and needs --allow-replace beyond --yes', async () => {
    writeFileSync(documentPath(), setBinding(readFileSync(documentPath(), 'utf8'), running().url, AID, productionId));
    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, new RegExp(`-/\\+ replace "Production API" \\(test ${productionId}\\)`));
    assert.match(
      planned.stdout,
      /Needs --allow-replace \(beyond --yes\): this test was not created by netmon apply from this machine/,
    );

    const applied = await run('apply', 'tests', '--yes');
    assert.equal(applied.code, 2, applied.stderr);
    assert.match(applied.stderr, /pass --allow-replace to allow it/);
    await assertProductionUntouched();
  });

  test('--adopt binds explicitly, and plan shows the binding before apply makes it', async () => {
    const adopt = `tests/api.netmon-test.json=${productionId}`;
    const planned = await run('plan', 'tests', '--adopt', adopt);
    assert.match(
      planned.stdout,
      new RegExp(`= bind tests/api\\.netmon-test\\.json → test ${productionId} \\("Production API"\\): adopted`),
    );
    assert.match(planned.stdout, /Needs --allow-replace/, 'adopting a test does not make it one apply created');
    assert.equal((await run('apply', 'tests', '--yes', '--adopt', adopt)).code, 2);
    await assertProductionUntouched();
    const replaced = await run('apply', 'tests', '--yes', '--allow-replace', '--adopt', adopt);
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.match(replaced.stderr, /Adopted: tests\/api\.netmon-test\.json is now bound to test/);
    assert.equal((await production())?.url, 'https://attacker.example/', 'asked for explicitly, the replace happens');
  });
});
