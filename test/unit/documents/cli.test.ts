import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runValidate, type CliIo } from '../../../src/cli/validate';

const INVALID = 'test/fixtures/documents/invalid';

async function run(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (l) => out.push(l), stderr: (l) => err.push(l), cwd: process.cwd() };
  return { code: await runValidate(args, io), out, err };
}

describe('netmon validate', () => {
  test('the valid corpus folder is clean: exit 0, no problem lines', async () => {
    const { code, out, err } = await run('test/fixtures/documents/valid');
    assert.equal(code, 0);
    assert.deepEqual(out, []);
    assert.deepEqual(err, ['19 documents OK']);
  });

  test('problems print file:line:col severity message and exit 1', async () => {
    const { code, out, err } = await run(`${INVALID}/*.netmon-*.json`);
    assert.equal(code, 1);
    assert.deepEqual(out, [
      `${INVALID}/duplicate.netmon-test.json:3:15 error testName "Shop" is also used by ${INVALID}/wrong-target.netmon-test.json [workspace/duplicate-test-name]`,
      `${INVALID}/sessions.netmon-filter.json:4:39 error "wireless" is not a connection value; use one of Ethernet, Loopback, Wireless (did you mean "Wireless"?) [filter/value-not-allowed]`,
      `${INVALID}/sessions.netmon-filter.json:5:14 error "domain" filters apply to user-sessions only, not web [filter/key-not-for-target]`,
      `${INVALID}/sessions.netmon-filter.json:7:3 error "to" is used with "from"; add "from" or use "window" [filter/to-without-from]`,
      `${INVALID}/wrong-target.netmon-test.json:3:11 error http-server tests need "url" [test/target-missing]`,
      `${INVALID}/wrong-target.netmon-test.json:4:15 error testName "Shop" is also used by ${INVALID}/duplicate.netmon-test.json [workspace/duplicate-test-name]`,
      `${INVALID}/wrong-target.netmon-test.json:5:15 error "interval" must be one of 60, 120, 300, 600, 900, 1800, 3600 seconds: the service refuses 90 [test/interval]`,
      `${INVALID}/wrong-target.netmon-test.json:7:3 error "server" belongs to agent-to-server tests; http-server tests use "url" [test/field-of-other-type]`,
    ]);
    assert.deepEqual(err, ['8 problems (8 errors, 0 warnings) in 3 documents']);
  });

  test('--catalog adds live warnings for unknown ids', async () => {
    const { code, out } = await run('--catalog', `${INVALID}/catalog.json`, `${INVALID}/duplicate.netmon-test.json`);
    assert.equal(code, 1);
    assert.deepEqual(out, [
      `${INVALID}/duplicate.netmon-test.json:5:27 warning No enterprise agent 4242 in this account; did you mean dc1-probe (1001)? [live/unknown-agent]`,
    ]);
  });

  test('a file that is not a Netmon document is reported; nothing matched is a usage error', async () => {
    const notes = await run(`${INVALID}/catalog.json`);
    assert.equal(notes.code, 1);
    assert.match(notes.out[0] ?? '', /catalog\.json:1:1 error Not a Netmon document/);
    const none = await run('no-such-dir/*.netmon-test.json');
    assert.equal(none.code, 2);
    assert.match(none.err[0] ?? '', /no documents matched/);
  });

  test('the real entry point (tsx) exits with the code and prints the lines', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/netmon.ts', 'validate', `${INVALID}/wrong-target.netmon-test.json`],
      { encoding: 'utf8' },
    );
    assert.equal(result.status, 1, result.stderr);
    assert.equal(result.stdout.trim().split('\n').length, 3);
    assert.match(
      result.stdout,
      /^test\/fixtures\/documents\/invalid\/wrong-target\.netmon-test\.json:3:11 error http-server tests need "url"/,
    );
    const clean = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/netmon.ts', 'validate', 'test/fixtures/documents/valid'],
      { encoding: 'utf8' },
    );
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  });
});
