// Messages between the extension host and the redaction worker (redact-worker.ts).
import type { RedactionReport } from '../../analysis/har/redact';
import type { RedactionPreview } from '../../analysis/har/redact-preview';

/**
 * `preview`: what redaction would remove; `redact`: the redacted HAR itself; `evidence`: both, for a bundle's
 * attachment.
 */
export interface RedactJob {
  kind: 'preview' | 'redact' | 'evidence';
  har: unknown;
}

export type RedactReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'preview'; preview: RedactionPreview }
  | { type: 'redacted'; har: unknown }
  | { type: 'evidence'; har: unknown; report: RedactionReport }
  | { type: 'failed'; message: string };
