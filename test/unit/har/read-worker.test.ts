// The .har editor's reading worker (dist/har-read-worker.js), as the editor drives it: a file
// is read into shared memory within the limits (the 45-million-entry gzip refused by its
// entry count, text that is not JSON said to be so), and the entry, preview and export jobs
// work from those shared bytes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import type { HarReadJob, HarReadReply } from '../../../src/vscode/sharing/har-read-protocol';
import { writeManyEntriesHar } from '../../fixtures/har/many-entries';

const REPO = join(__dirname, '..', '..', '..');
const WORKER = join(REPO, 'dist', 'har-read-worker.js');
const PORTAL = join(REPO, 'test', 'fixtures', 'vscode', 'portal.har');
const LIMIT = 150 * 1024 * 1024;

function answer(job: HarReadJob): Promise<HarReadReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER);
    worker.on('message', (reply: HarReadReply) => {
      if (reply.type === 'progress') return;
      void worker.terminate();
      resolve(reply);
    });
    worker.on('error', reject);
    worker.postMessage(job);
  });
}

const read = (path: string): Promise<HarReadReply> =>
  answer({ kind: 'read', source: { path }, name: path.split('/').pop() ?? '', sizeLimitBytes: LIMIT });

describe("the .har editor's reading worker", () => {
  let dir = '';
  before(() => {
    // Built as the extension ships it: the test runs what the editor loads.
    assert.equal(spawnSync(process.execPath, ['esbuild.mjs', '--only', 'har-read-worker'], { cwd: REPO }).status, 0);
    dir = mkdtempSync(join(tmpdir(), 'netmon-read-worker-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('reads a .har.gz into shared memory as its JSON text', async () => {
    const file = join(dir, 'portal.har.gz');
    writeFileSync(file, gzipSync(readFileSync(PORTAL)));
    const reply = await read(file);
    assert.equal(reply.type, 'read');
    if (reply.type !== 'read') return;
    assert.ok(reply.text.buffer instanceof SharedArrayBuffer);
    assert.equal(new TextDecoder().decode(reply.text), readFileSync(PORTAL, 'utf8'));
  });

  test('refuses 45 million entries by their count, and text that is not JSON as such', async () => {
    const bomb = join(dir, 'many-entries.har.gz');
    await writeManyEntriesHar(bomb);
    assert.deepEqual(await read(bomb), {
      type: 'failed',
      failure: 'limit',
      message: 'many-entries.har.gz holds more than the limit of 200,000 entries for a HAR read whole',
    });
    const broken = join(dir, 'broken.har');
    writeFileSync(broken, '{"log": {"entries": [');
    assert.equal(((await read(broken)) as { failure?: string }).failure, 'syntax');
  });

  test('entry, preview and export jobs work from the shared text', async () => {
    const reply = await read(PORTAL);
    assert.equal(reply.type, 'read');
    if (reply.type !== 'read') return;
    const text = reply.text;
    const har = JSON.parse(readFileSync(PORTAL, 'utf8')) as { log: { entries: unknown[] } };
    assert.deepEqual(await answer({ kind: 'entry', text, index: 3 }), { type: 'entry', entry: har.log.entries[3] });
    const preview = await answer({ kind: 'preview', text });
    assert.equal(preview.type === 'preview' && preview.preview.entries, 14);
    const exported = await answer({ kind: 'export', text, redacted: false });
    assert.equal(exported.type, 'export');
    if (exported.type === 'export')
      assert.equal(new TextDecoder().decode(exported.content), `${JSON.stringify(har, null, 2)}\n`);
  });
});
