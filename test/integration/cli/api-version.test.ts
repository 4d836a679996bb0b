// `netmon … --api auto|v7|v6` and `--verbose`: which API version a command speaks, said on
// stderr, against a v7 service (test/integration/client/v7-server.ts) through the real entry point.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { V7Server } from '../client/v7-server';
import { netmon } from './run-netmon';

describe('netmon --api and --verbose', () => {
  let server: V7Server;
  let dir: string;
  before(async () => {
    server = await V7Server.start();
    dir = mkdtempSync(join(tmpdir(), 'netmon-api-'));
    copyFileSync(
      join(__dirname, '..', '..', 'fixtures', 'documents', 'valid', 'home.netmon-test.json'),
      join(dir, 'home.netmon-test.json'),
    );
  });
  afterEach(() => server.reset());
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const plan = (...flags: string[]) =>
    netmon(['plan', dir, '--json', '--base-url', server.url, ...flags], { env: { NETMON_TOKEN: 't' } });

  test('auto detects v7 and --verbose says so; the plan reads the tests v7 lists', async () => {
    const result = await plan('--verbose', '--aid', '1234');
    assert.match(result.stderr, /netmon: .* speaks API v7 \(detected\)/);
    assert.ok(
      server.requests.some((r) => r.path === '/v7/tests'),
      server.paths().join(', '),
    );
    assert.ok(
      server.requests.every((r) => r.path.startsWith('/v7/')),
      'no v6 request',
    );
    assert.equal(result.code, 1, `${result.stderr}${result.stdout}`);
    assert.match(result.stdout, /"testName"/, 'the plan as JSON');
  });

  test('--api v7 skips the detection read', async () => {
    const result = await plan('--api', 'v7', '--verbose', '--aid', '1234');
    assert.match(result.stderr, /speaks API v7 \(as --api says\)/);
    assert.ok(!server.requests.some((r) => r.path === '/v7/endpoint/agents'), server.paths().join(', '));
  });

  test('an --api value that is not a version is a usage error', async () => {
    const result = await plan('--api', 'v8');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--api must be auto, v7 or v6/);
    assert.equal(server.requests.length, 0);
  });

  test('--emulator speaks v7, as accounts do today; --api v6 gives the older dialect', async () => {
    const [today, older] = await Promise.all([
      netmon(['plan', dir, '--json', '--emulator', '--verbose']),
      netmon(['plan', dir, '--json', '--emulator', '--api', 'v6', '--verbose']),
    ]);
    assert.match(
      today.stderr,
      /netmon: the embedded emulator.* speaks API v7 \(as the emulator states\)/,
      today.stderr,
    );
    assert.match(
      older.stderr,
      /netmon: the embedded emulator.* speaks API v6 \(as the emulator states\)/,
      older.stderr,
    );
    assert.deepEqual([today.code, older.code], [1, 1], `${today.stderr}${older.stderr}`);
    assert.equal(today.stdout, older.stdout, 'the same plan through either dialect');
  });
});
