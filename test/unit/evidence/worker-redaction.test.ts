// Export Evidence… redacts each page's HAR on the redaction worker (dist/redact-worker.js), as
// Export HAR… does: the worker's `evidence` job answers with the redacted HAR and its report,
// and the bundle built from them is the one built by redacting on the calling thread.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  harDiffEvidence,
  redactedForEvidence,
  redactForEvidence,
  renderEvidenceHtml,
  sessionEvidence,
} from '../../../src/analysis/evidence';
import type { RedactJob, RedactReply } from '../../../src/vscode/sharing/redact-protocol';
import { healthySession } from '../session/fixtures';
import { COOKIE_SECRET, GENERATED_AT, harWithSecrets } from './fixtures';

const REPO = join(__dirname, '..', '..', '..');
const WORKER = join(REPO, 'dist', 'redact-worker.js');

function workerAnswer(job: RedactJob): Promise<RedactReply> {
  if (!existsSync(WORKER))
    assert.equal(
      spawnSync(process.execPath, ['esbuild.mjs', '--only', 'redact-worker'], { cwd: REPO }).status,
      0,
      'building the worker',
    );
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER);
    worker.on('message', (reply: RedactReply) => {
      if (reply.type !== 'progress') {
        void worker.terminate();
        resolve(reply);
      }
    });
    worker.on('error', reject);
    worker.postMessage(job);
  });
}

describe('evidence redaction on the worker thread', () => {
  test("the worker's evidence job gives the same bundle as redacting in place, with no secret", async () => {
    const har = harWithSecrets();
    const reply = await workerAnswer({ kind: 'evidence', har });
    assert.equal(reply.type, 'evidence');
    if (reply.type !== 'evidence') return;
    assert.ok(!JSON.stringify(reply.har).includes(COOKIE_SECRET), 'the cookie is gone');
    const input = { session: healthySession(), generatedAt: GENERATED_AT, range: { window: '24h' } };
    const page = { pageId: 'page_1', title: 'Portal — Home', har };
    const offThread = renderEvidenceHtml(
      sessionEvidence({ ...input, pages: [{ ...page, redacted: redactedForEvidence(reply.har, reply.report) }] }),
    );
    const inPlace = renderEvidenceHtml(
      sessionEvidence({ ...input, pages: [{ ...page, redacted: redactForEvidence(har) }] }),
    );
    assert.equal(offThread, inPlace);
    assert.ok(!offThread.includes(COOKIE_SECRET));
  });

  test("a HAR diff's bundle from HARs redacted by the worker is the one redacted in place", async () => {
    const [before, after] = [harWithSecrets('chrome-before.har'), harWithSecrets('chrome-after.har')];
    const replies = await Promise.all([before, after].map((har) => workerAnswer({ kind: 'evidence', har })));
    const [b, a] = replies.map((reply) =>
      reply.type === 'evidence' ? redactedForEvidence(reply.har, reply.report) : assert.fail(reply.type),
    );
    const input = { generatedAt: GENERATED_AT };
    const offThread = renderEvidenceHtml(
      harDiffEvidence({
        ...input,
        before: { name: 'before.har', har: before, redacted: b },
        after: { name: 'after.har', har: after, redacted: a },
      }),
    );
    const inPlace = renderEvidenceHtml(
      harDiffEvidence({
        ...input,
        before: { name: 'before.har', har: before },
        after: { name: 'after.har', har: after },
      }),
    );
    assert.equal(offThread, inPlace);
    assert.ok(!offThread.includes(COOKIE_SECRET));
  });
});
