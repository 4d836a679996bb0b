// The .har editor's reading, on a worker thread (dist/har-read-worker.js): inflating, counting
// and parsing a HAR takes seconds at the limits (and a hostile one took minutes and 4.8 GB on
// the extension host's thread, which every extension shares). One job per worker: it answers
// and exits, and whatever it parsed goes with it.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { rawEntryAt } from '../../analysis/har/body';
import { harEnvelope } from '../../analysis/har/envelope';
import { HarLimitError, harTooLargeMessage } from '../../analysis/har/limits';
import { redactHar } from '../../analysis/har/redact';
import { redactionPreview } from '../../analysis/har/redact-preview';
import { parseOutsideJson } from '../../api/types';
import { HAR_READ_LIMITS, harJsonBytes } from '../../workflows/har-file';
import type { HarReadJob, HarReadReply } from './har-read-protocol';

/** Progress messages per redaction: enough for a smooth bar, few enough to cost nothing. */
const PROGRESS_STEPS = 50;

const parse = (text: Uint8Array, name: string): unknown =>
  parseOutsideJson(new TextDecoder('utf-8').decode(text), name);

/** The editor keeps a HAR's text in shared memory: its jobs read it without copying it. */
const sharedBytes = (size: number): Uint8Array => new Uint8Array(new SharedArrayBuffer(size));

/**
 * The file's JSON text, checked against the limits, in shared memory: a file on disk is read
 * straight into it (a gzip's inflated straight into it), other bytes are copied there once.
 */
async function sharedText(job: Extract<HarReadJob, { kind: 'read' }>): Promise<Uint8Array> {
  const limits = { ...HAR_READ_LIMITS, sizeBytes: job.sizeLimitBytes };
  const bytes = 'path' in job.source ? readShared(job.source.path, job.name, job.sizeLimitBytes) : job.source.bytes;
  job.source = { bytes: new Uint8Array(0) }; // not held through the parse
  const checked = await harJsonBytes(bytes, job.name, limits, sharedBytes);
  if (checked.buffer instanceof SharedArrayBuffer) return checked;
  const text = sharedBytes(checked.length);
  text.set(checked);
  return text;
}

/** A file within `limit` bytes (checked again here: it may have grown since the host looked), in shared memory. */
function readShared(path: string, name: string, limit: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size > limit) throw new HarLimitError(harTooLargeMessage(name, size, limit));
    const out = sharedBytes(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, out, read, size - read, read);
      if (n === 0) break; // it shrank meanwhile: what is there is read
      read += n;
    }
    return out.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

async function run(job: HarReadJob, post: (reply: HarReadReply, transfer?: ArrayBuffer[]) => void): Promise<void> {
  if (job.kind === 'read') {
    const text = await sharedText(job);
    parse(text, job.name); // only to say now, in the editor's words, why a file is not JSON
    post({ type: 'read', text });
    return;
  }
  const har = parse(job.text, 'the HAR');
  if (job.kind === 'entry') {
    post({ type: 'entry', entry: rawEntryAt(har, job.index) });
    return;
  }
  if (job.kind === 'export' && !job.redacted) {
    postExport(har, post);
    return;
  }
  const entries = harEnvelope(har).log.entries;
  const total = Array.isArray(entries) ? entries.length : 0;
  const every = Math.max(1, Math.ceil(total / PROGRESS_STEPS));
  const redacted = redactHar(har, {}, (done) => {
    if (done % every === 0) post({ type: 'progress', done, total });
  });
  if (job.kind === 'preview') post({ type: 'preview', preview: redactionPreview(redacted.report, redacted.har) });
  else postExport(redacted.har, post);
}

/** The export as every export is written (indented, a final newline), its bytes handed over, not copied. */
function postExport(har: unknown, post: (reply: HarReadReply, transfer?: ArrayBuffer[]) => void): void {
  const content = new TextEncoder().encode(`${JSON.stringify(har, null, 2)}\n`);
  post({ type: 'export', content }, [content.buffer]);
}

const port = parentPort;
port?.once('message', (job: HarReadJob) => {
  const post = (reply: HarReadReply, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);
  run(job, post).catch((error: unknown) => {
    const failure = error instanceof HarLimitError ? 'limit' : error instanceof SyntaxError ? 'syntax' : 'other';
    post({ type: 'failed', failure, message: error instanceof Error ? error.message : String(error) });
  });
});
