// Messages between the extension host and the redaction worker (redact-worker.ts).
import type { RedactionPreview } from '../../analysis/har/redact-preview';

/** `preview`: what redaction would remove; `redact`: the redacted HAR itself. */
export interface RedactJob { kind: 'preview' | 'redact'; har: unknown }

export type RedactReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'preview'; preview: RedactionPreview }
  | { type: 'redacted'; har: unknown }
  | { type: 'failed'; message: string };
