// Messages between the .har editor (src/vscode/har-editor/har-off-thread.ts) and its worker
// (har-read-worker.ts). The editor holds a HAR as its JSON text in a SharedArrayBuffer:
// every job reads the same bytes without a copy, and the host never parses or clones a HAR.
import type { RedactionPreview } from '../../analysis/har/redact-preview';

export type HarReadJob =
  /**
   * A HAR file (gzip or not) → its JSON text, checked against the limits and parsed once to be
   * sure it is JSON. A file on disk is read by the worker (`path`); another (a remote or virtual
   * file system's) arrives as its bytes.
   */
  | { kind: 'read'; source: { path: string } | { bytes: Uint8Array }; name: string; sizeLimitBytes: number }
  /** The raw entry at `index` of log.entries, for "Open in Editor". */
  | { kind: 'entry'; text: Uint8Array; index: number }
  /** What a redacted export would remove. */
  | { kind: 'preview'; text: Uint8Array }
  /** The file to write: the HAR, redacted unless `redacted` is false, indented as every export is. */
  | { kind: 'export'; text: Uint8Array; redacted: boolean };

/** Why a job failed: a limit (the message says which), text that is not JSON, or anything else. */
export type HarReadFailure = 'limit' | 'syntax' | 'other';

export type HarReadReply =
  | { type: 'read'; text: Uint8Array }
  | { type: 'entry'; entry: unknown }
  | { type: 'progress'; done: number; total: number }
  | { type: 'preview'; preview: RedactionPreview }
  | { type: 'export'; content: Uint8Array }
  | { type: 'failed'; failure: HarReadFailure; message: string };
