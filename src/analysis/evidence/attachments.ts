// HARs in a bundle: each redacted with the engine's default rules (cookies, credentials,
// tokens, response bodies), attached as JSON with what the redaction removed (counts per
// rule, never values), within one byte budget for the whole bundle.
import { formatBytes, readHar, type HarDocument } from '../har';
import { redactHar, type RedactionReport } from '../har/redact';
import { redactionPreview } from '../har/redact-preview';
import { EVIDENCE_LIMITS, type EvidenceAttachment } from './model';
import { plural } from './text';
import { utf8Length } from './base64';

export interface RedactedHar {
  /** The redacted HAR as parsed: what waterfalls and diffs of the bundle are drawn from. */
  har: unknown;
  document: HarDocument;
  report: RedactionReport;
}

/** Every HAR of a bundle goes through here first: nothing downstream sees the raw one. */
export function redactForEvidence(har: unknown): RedactedHar {
  const { har: redacted, report } = redactHar(har);
  return redactedForEvidence(redacted, report);
}

/** A HAR redacted elsewhere (the extension's worker thread), read for the bundle. */
export function redactedForEvidence(redacted: unknown, report: RedactionReport): RedactedHar {
  return { har: redacted, document: readHar(redacted), report };
}

/**
 * `cookie values (cookie): 12`, one line per rule that removed something. The counts are the redaction preview's
 * (a cookie in the Cookie header and in the parsed cookies is one value), so the bundle says what the dialog said.
 */
export function redactionLines(report: RedactionReport): string[] {
  const { rules } = redactionPreview(report);
  if (rules.length === 0) return [`nothing to redact in ${plural(report.entries, 'entry', 'entries')}`];
  return rules.map((rule) => `${rule.description} (${rule.id}): ${rule.count}`);
}

/** Attachments up to EVIDENCE_LIMITS.maxAttachmentBytes together; what does not fit is named in `omissions`. */
export class AttachmentBudget {
  readonly attachments: EvidenceAttachment[] = [];
  readonly omissions: string[] = [];
  private used = 0;

  constructor(private readonly maxBytes: number = EVIDENCE_LIMITS.maxAttachmentBytes) {}

  add(name: string, what: string, redacted: RedactedHar): void {
    const json = JSON.stringify(redacted.har);
    const bytes = utf8Length(json);
    if (this.used + bytes > this.maxBytes) {
      this.omissions.push(
        `The redacted HAR of ${what} (${formatBytes(bytes)}) is not attached: ` +
          `attachments are limited to ${formatBytes(this.maxBytes)} per bundle.`,
      );
      return;
    }
    this.used += bytes;
    this.attachments.push({
      name,
      json,
      bytes,
      entries: redacted.report.entries,
      redaction: redactionLines(redacted.report),
    });
  }
}
