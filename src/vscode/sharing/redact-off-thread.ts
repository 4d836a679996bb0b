// Redaction for the extension's exports, on a worker thread with progress and Cancel: the
// host's thread (shared by every extension) only posts the HAR and waits. The worker is
// dist/redact-worker.js (src/vscode/sharing/redact-worker.ts), one per job, ended when the
// job ends or is cancelled.
import { Worker } from 'node:worker_threads';
import type { RedactionReport } from '../../analysis/har/redact';
import type { RedactionPreview } from '../../analysis/har/redact-preview';
import { withNotificationProgress } from '../ui/notify';
import { redactWorkerPath } from './library';
import type { RedactJob, RedactReply } from './redact-protocol';

/** What redaction would remove from `har`; undefined when the user cancelled. */
export async function redactionPreviewOffThread(har: unknown): Promise<RedactionPreview | undefined> {
  const reply = await runJob({ kind: 'preview', har }, 'Netmon: checking what redaction removes');
  return reply?.type === 'preview' ? reply.preview : undefined;
}

/** The redacted copy of `har`; undefined when the user cancelled. */
export async function redactedOffThread(har: unknown): Promise<unknown> {
  const reply = await runJob({ kind: 'redact', har }, 'Netmon: redacting the HAR');
  return reply?.type === 'redacted' ? reply.har : undefined;
}

/** The redacted copy of a HAR for an evidence bundle, with what was removed; undefined when the user cancelled. */
export async function redactedForEvidenceOffThread(
  har: unknown,
  what: string,
): Promise<{ har: unknown; report: RedactionReport } | undefined> {
  const reply = await runJob({ kind: 'evidence', har }, `Netmon: redacting the HAR of ${what}`);
  return reply?.type === 'evidence' ? { har: reply.har, report: reply.report } : undefined;
}

type Answer = Exclude<RedactReply, { type: 'progress' } | { type: 'failed' }>;

function runJob(job: RedactJob, title: string): Promise<Answer | undefined> {
  return withNotificationProgress(
    title,
    (progress, signal) =>
      new Promise<Answer | undefined>((resolve, reject) => {
        const worker = new Worker(redactWorkerPath());
        let shown = 0;
        let settled = false;
        const settle = (finish: () => void): void => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', cancel);
          void worker.terminate();
          finish();
        };
        const cancel = (): void => settle(() => resolve(undefined));
        signal.addEventListener('abort', cancel);
        worker.on('message', (reply: RedactReply) => {
          if (reply.type === 'progress') {
            const percent = reply.total > 0 ? Math.min(100, (100 * reply.done) / reply.total) : 0;
            progress.report({ increment: percent - shown, message: `${reply.done} of ${reply.total} requests` });
            shown = percent;
          } else if (reply.type === 'failed') settle(() => reject(new Error(`Redaction failed: ${reply.message}`)));
          else settle(() => resolve(reply));
        });
        worker.on('error', (error) => settle(() => reject(error)));
        worker.on('exit', (code) =>
          settle(() => reject(new Error(`The redaction worker stopped (exit code ${code}) before it answered`))),
        );
        worker.postMessage(job);
      }),
  );
}
