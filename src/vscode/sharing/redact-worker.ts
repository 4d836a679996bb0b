// The redaction of a HAR export, on a worker thread (dist/redact-worker.js): a HAR of tens
// of megabytes takes seconds to redact, and on the extension host's thread that froze every
// extension. One job per worker; it reports progress by entries and its answer, then exits.
import { parentPort } from 'node:worker_threads';
import { harEnvelope } from '../../analysis/har/envelope';
import { redactHar } from '../../analysis/har/redact';
import { redactionPreview } from '../../analysis/har/redact-preview';
import type { RedactJob, RedactReply } from './redact-protocol';

/** Progress messages per job: enough for a smooth bar, few enough to cost nothing. */
const PROGRESS_STEPS = 50;

function run(job: RedactJob, post: (reply: RedactReply) => void): void {
  const entries = harEnvelope(job.har).log.entries;
  const total = Array.isArray(entries) ? entries.length : 0;
  const every = Math.max(1, Math.ceil(total / PROGRESS_STEPS));
  const { har, report } = redactHar(job.har, {}, (done) => {
    if (done % every === 0) post({ type: 'progress', done, total });
  });
  if (job.kind === 'preview') post({ type: 'preview', preview: redactionPreview(report, har) });
  else if (job.kind === 'evidence') post({ type: 'evidence', har, report });
  else post({ type: 'redacted', har });
}

const port = parentPort;
port?.once('message', (job: RedactJob) => {
  const post = (reply: RedactReply): void => port.postMessage(reply);
  try {
    run(job, post);
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
