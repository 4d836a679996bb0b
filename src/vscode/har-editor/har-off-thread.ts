// The .har editor's HAR, kept and worked on off the extension host's thread: a worker
// (dist/har-read-worker.js) inflates, counts and parses the file, and the host keeps only
// its JSON text (HarText), which it posts to the webview as bytes. Parsing a large HAR, or
// posting it parsed (VS Code serializes every posted object with JSON.stringify), took the
// host's thread for seconds; a hostile one, for minutes. Bodies and exports are worked out by
// the same worker, one job each, from the same shared bytes.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as vscode from 'vscode';
import { HarLimitError } from '../../analysis/har/limits';
import type { RedactionPreview } from '../../analysis/har/redact-preview';
import type { HarReadJob, HarReadReply } from '../sharing/har-read-protocol';
import { withNotificationProgress } from '../ui/notify';

/**
 * The most a job's heap may take: far more than the limits let a HAR need (150 MB of text,
 * 10 million values), so only something the limits missed hits it, and then the worker
 * alone fails, not the extension host.
 */
const WORKER_HEAP_MB = 2048;

let workerPath: string | undefined;

/** Called when the editor is created: the worker is dist/har-read-worker.js beside the extension's bundles. */
export function locateHarReadWorker(extensionPath: string): void {
  workerPath = path.join(extensionPath, 'dist', 'har-read-worker.js');
}

/** A HAR the editor shows, as its JSON text: what the webview gets and what bodies and exports are read from. */
export class HarText {
  constructor(readonly bytes: Uint8Array) {}

  /** The raw entry at `index` of log.entries (undefined when there is none). */
  async entry(index: number): Promise<unknown> {
    const reply = await runJob({ kind: 'entry', text: this.bytes, index });
    return reply?.type === 'entry' ? reply.entry : undefined;
  }

  /** What a redacted export would remove; undefined when the user cancelled. */
  async preview(): Promise<RedactionPreview | undefined> {
    const reply = await withProgress('Netmon: checking what redaction removes', { kind: 'preview', text: this.bytes });
    return reply?.type === 'preview' ? reply.preview : undefined;
  }

  /** The file an export writes, redacted unless `redacted` is false; undefined when the user cancelled. */
  async exportContent(redacted: boolean): Promise<Uint8Array | undefined> {
    const title = redacted ? 'Netmon: redacting the HAR' : 'Netmon: preparing the HAR';
    const reply = await withProgress(title, { kind: 'export', text: this.bytes, redacted });
    return reply?.type === 'export' ? reply.content : undefined;
  }
}

/**
 * A HAR file (gzip or not) as a HarText, within the size limit and HAR_COUNT_LIMITS; undefined
 * when `signal` aborted. Throws HarLimitError, SyntaxError (not JSON) or Error.
 */
export async function readHarOffThread(
  uri: vscode.Uri,
  name: string,
  sizeLimitBytes: number,
  signal?: AbortSignal,
): Promise<HarText | undefined> {
  let source: Extract<HarReadJob, { kind: 'read' }>['source'] = { path: uri.fsPath };
  const transfer: ArrayBuffer[] = [];
  if (uri.scheme !== 'file') {
    // Handed over, not copied, when the array is the whole of its buffer (a file read is).
    const bytes = await vscode.workspace.fs.readFile(uri);
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    source = { bytes: own };
    transfer.push(own.buffer as ArrayBuffer);
  }
  const reply = await runJob({ kind: 'read', source, name, sizeLimitBytes }, signal, undefined, transfer);
  return reply?.type === 'read' ? new HarText(reply.text) : undefined;
}

type Answer = Exclude<HarReadReply, { type: 'progress' } | { type: 'failed' }>;

function withProgress(title: string, job: HarReadJob): Promise<Answer | undefined> {
  return withNotificationProgress(title, (progress, signal) => {
    let shown = 0;
    return runJob(job, signal, (done, total) => {
      const percent = total > 0 ? Math.min(100, (100 * done) / total) : 0;
      progress.report({ increment: percent - shown, message: `${done} of ${total} requests` });
      shown = percent;
    });
  });
}

/** One job on its own worker; undefined when `signal` aborted it (the worker is stopped at once). */
function runJob(
  job: HarReadJob,
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
  transfer: ArrayBuffer[] = [],
): Promise<Answer | undefined> {
  if (!workerPath) return Promise.reject(new Error('The HAR reading worker was used before the editor was created'));
  if (signal?.aborted) return Promise.resolve(undefined);
  const worker = new Worker(workerPath, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  return new Promise<Answer | undefined>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      void worker.terminate();
      finish();
    };
    const cancel = (): void => settle(() => resolve(undefined));
    signal?.addEventListener('abort', cancel);
    worker.on('message', (reply: HarReadReply) => {
      if (reply.type === 'progress') onProgress?.(reply.done, reply.total);
      else if (reply.type === 'failed') settle(() => reject(failure(reply.failure, reply.message)));
      else settle(() => resolve(reply));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HarLimitError(`it needs more than ${WORKER_HEAP_MB} MB of memory to read`)
            : error,
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`the HAR reading worker stopped (exit code ${code}) before it answered`))),
    );
    worker.postMessage(job, transfer);
  });
}

function failure(kind: 'limit' | 'syntax' | 'other', message: string): Error {
  return kind === 'limit'
    ? new HarLimitError(message)
    : kind === 'syntax'
      ? new SyntaxError(message)
      : new Error(message);
}
