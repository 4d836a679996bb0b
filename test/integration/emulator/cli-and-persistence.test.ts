// The CLI as users run it, and persistence of created tests across restarts and kill -9.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, arrayOf, call, enterpriseAgentIds, withEmulator } from './helpers';

const CLI = join(__dirname, '../../../src/emulator/cli.ts');

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${output}`)), 15_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] && output.includes('Try: curl')) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('CLI and persistence', () => {
  const folders: string[] = [];
  const temp = async (): Promise<string> => {
    const f = await mkdtemp(join(tmpdir(), 'netmon-emu-'));
    folders.push(f);
    return f;
  };
  after(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));
  const [agentId] = enterpriseAgentIds(1001);
  const body = (i: number) => ({ testName: `t${i}`, interval: 300, agents: [{ agentId }], server: `host${i}.example` });

  test('prints URL and demo credentials, serves, and exits 0 on SIGTERM', async () => {
    const cli = await startCli(['--preset', 'demo', '--seed', '7']);
    const { child } = cli;
    const ended = exited(child);
    assert.match(cli.output(), /Bearer demo-admin-token/);
    assert.match(cli.output(), /demo-viewer-token/);
    const reply = await call(cli.url, '/v7/endpoint-tests');
    assert.equal(reply.status, 200);
    child.kill('SIGTERM');
    assert.deepEqual(await ended, { code: 0, signal: null });
  });

  test('--fault, --control, --rate-limit, --page-size and --inventory-page-size flags take effect', async () => {
    const cli = await startCli([
      '--fault',
      'error:status=502:every=2:pathPrefix=/v7/',
      '--control',
      '--rate-limit',
      '4',
      '--rate-window',
      '2m',
      '--page-size',
      '3',
      '--inventory-page-size',
      '2',
    ]);
    const ended = exited(cli.child);
    try {
      const rules = await call(cli.url, '/_emulator/faults', { token: null });
      assert.deepEqual(rules.json, { faults: [{ fault: 'error', status: 502, every: 2, pathPrefix: '/v7/' }] });
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await call(cli.url, '/v7/endpoint-tests')).status);
      assert.deepEqual(statuses, [200, 502]);
      const page = await call(cli.url, '/v6/endpoint-data/user-sessions?window=1d');
      assert.equal(arrayOf(page, 'userSessions').length, 3);
      assert.equal(page.headers['x-organization-rate-limit-limit'], '4');
      const reset = Number(page.headers['x-organization-rate-limit-reset']);
      assert.equal(reset % 120, 0, 'windows of 2 minutes');
      // Injected faults answer before the budget is spent: 200, 502, page → 2 of 4 used.
      assert.equal(page.headers['x-organization-rate-limit-remaining'], '2');
      const agents = await call(cli.url, '/v6/endpoint-agents');
      assert.equal(agents.status, 200);
      assert.equal(arrayOf(agents, 'endpointAgents').length, 2);
      assert.match(String((agents.json.pages as { next?: string }).next), /[?&]pageId=/);
      assert.equal((await call(cli.url, '/v6/endpoint-agents')).status, 200);
      assert.equal((await call(cli.url, '/v6/endpoint-agents')).status, 429);
    } finally {
      cli.child.kill('SIGINT');
      assert.equal((await ended).code, 0);
    }
  });

  test('--api v7 serves the current API and says so; another value exits 2', async () => {
    const cli = await startCli(['--api', 'v7']);
    const ended = exited(cli.child);
    try {
      assert.match(cli.output(), /API v7\) listening on/);
      assert.equal((await call(cli.url, '/v7/endpoint/agents?max=1')).status, 200);
      const old = await call(cli.url, '/v6/endpoint-agents');
      assert.equal(old.status, 404);
      assert.equal(String(old.headers['content-type']).split(';')[0], 'application/problem+json');
    } finally {
      cli.child.kill('SIGTERM');
      assert.equal((await ended).code, 0);
    }
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--api', 'v8'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    assert.equal((await exited(child)).code, 2);
    assert.match(stderr, /--api must be v6 or v7, got 'v8'/);
  });

  test('bad flags exit 2 with the usage', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--preset', 'huge'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const { code } = await exited(child);
    assert.equal(code, 2);
    assert.match(stderr, /--preset must be demo or large/);
    assert.match(stderr, /Usage: netmon-emulator/);
  });

  test('created, updated and deleted tests survive a restart', async () => {
    const file = join(await temp(), 'tests.json');
    const first = await withEmulator({ dataFile: file });
    const created = await Promise.all(
      [1, 2, 3].map((i) => call(first.url, '/v7/tests/agent-to-server', { json: body(i) })),
    );
    const ids = created.map((r) => arrayOf<{ testId: number }>(r, 'test')[0]?.testId);
    await call(first.url, `/v7/tests/agent-to-server/${ids[0]}`, { method: 'PUT', json: { testName: 'renamed' } });
    await call(first.url, `/v7/tests/agent-to-server/${ids[1]}`, { method: 'DELETE' });
    await first.close();
    const second = await withEmulator({ dataFile: file });
    try {
      const list = arrayOf<{ testId: number; testName: string }>(await call(second.url, '/v7/tests'), 'test');
      assert.deepEqual(
        list.map((t) => [t.testId, t.testName]),
        [
          [ids[0], 'renamed'],
          [ids[2], 't3'],
        ],
      );
      const next = await call(second.url, '/v7/tests/agent-to-server', { json: body(4) });
      assert.ok(
        (arrayOf<{ testId: number }>(next, 'test')[0]?.testId ?? 0) > Math.max(...ids.map(Number)),
        'ids are not reused',
      );
    } finally {
      await second.close();
    }
  });

  test('kill -9 during a burst of writes never leaves a corrupt file, and every acknowledged test is kept', async () => {
    const folder = await temp();
    const file = join(folder, 'tests.json');
    const cli = await startCli(['--data', file]);
    const ended = exited(cli.child);
    const acknowledged: number[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        try {
          const reply = await call(cli.url, '/v7/tests/agent-to-server', { json: body(w * 1000 + i) });
          if (reply.status === 201) acknowledged.push(arrayOf<{ testId: number }>(reply, 'test')[0]?.testId ?? -1);
        } catch {
          return;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    cli.child.kill('SIGKILL');
    stop = true;
    await ended;
    await Promise.all(writers);
    assert.ok(acknowledged.length > 3, `some writes were acknowledged (${acknowledged.length})`);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { groups: Record<string, { testId: number }[]> };
    const savedIds = new Set((saved.groups['1001'] ?? []).map((t) => t.testId));
    for (const id of acknowledged) assert.ok(savedIds.has(id), `acknowledged test ${id} is on disk`);
    const restarted = await withEmulator({ dataFile: file });
    try {
      const list = arrayOf(await call(restarted.url, `/v7/tests?authToken=${ADMIN}`), 'test');
      assert.equal(list.length, savedIds.size);
    } finally {
      await restarted.close();
    }
    const leftovers = (await readdir(folder)).filter((f) => f !== 'tests.json');
    assert.deepEqual(leftovers, [], 'a restart removes the temp files a killed process left behind');
  });

  test("at startup, temp files of dead processes are removed; a live process's and other files are kept", async () => {
    const folder = await temp();
    const file = join(folder, 'tests.json');
    const dead = 99_999_999; // above any pid_max
    const names = [
      `.tests.json.${dead}.3.tmp`,
      `.tests.json.${dead}.4.tmp`,
      `.tests.json.${process.pid}.1.tmp`,
      '.other.json.5.1.tmp',
      'notes.tmp',
    ];
    for (const name of names) await writeFile(join(folder, name), '{"torn":');
    const emulator = await withEmulator({ dataFile: file });
    await emulator.close();
    assert.deepEqual(
      (await readdir(folder)).sort(),
      [`.tests.json.${process.pid}.1.tmp`, '.other.json.5.1.tmp', 'notes.tmp'].sort(),
    );
  });

  test('a failed save answers 503 without server paths, changes nothing, and later writes are saved again', async () => {
    const folder = join(await temp(), 'data');
    const file = join(folder, 'tests.json');
    const emulator = await withEmulator({ dataFile: file });
    try {
      assert.equal((await call(emulator.url, '/v7/tests/agent-to-server', { json: body(1) })).status, 201);
      await rm(folder, { recursive: true });
      await writeFile(folder, 'not a folder');
      const failed = await call(emulator.url, '/v7/tests/agent-to-server', { json: body(2) });
      assert.equal(failed.status, 503);
      assert.match(String(failed.json.errorMessage), /Could not save tests to tests\.json: E[A-Z]+/);
      assert.ok(!failed.text.includes(folder), 'the server folder is not exposed');
      await rm(folder);
      await mkdir(folder);
      const later = await call(emulator.url, '/v7/tests/agent-to-server', { json: body(3) });
      assert.equal(later.status, 201);
      const listed = arrayOf<{ testName: string }>(await call(emulator.url, '/v7/tests'), 'test').map(
        (t) => t.testName,
      );
      assert.deepEqual(listed, ['t1', 't3']);
      const saved = JSON.parse(await readFile(file, 'utf8')) as { groups: Record<string, { testName: string }[]> };
      assert.deepEqual(
        (saved.groups['1001'] ?? []).map((t) => t.testName),
        ['t1', 't3'],
      );
      assert.deepEqual(await readdir(folder), ['tests.json'], 'no temp files are left behind');
    } finally {
      await emulator.close();
    }
  });
});
