// The fixed words of a bundle, shared by the HTML and Markdown renderers so both say the same.
import type { EvidenceDocument, EvidenceGrade, EvidenceKind } from './model';

export const KIND_LABELS: Record<EvidenceKind, string> = {
  session: 'user session',
  'session-compare': 'session comparison',
  path: 'network path',
  'har-diff': 'HAR comparison',
  timeline: 'agent timeline',
};

export const GRADE_LABELS: Record<EvidenceGrade, string> = {
  ok: 'No problem found',
  warn: 'Degraded',
  bad: 'Problem found',
  unknown: 'Not enough data',
};

/** What the file is, for a reader who did not ask for it. */
export function aboutLine(doc: EvidenceDocument): string {
  return (
    `Evidence of a ${KIND_LABELS[doc.kind]} investigation, made by Netmon Workbench` +
    `${doc.generatedAt ? ` on ${doc.generatedAt.slice(0, 16).replace('T', ' ')} UTC` : ''}. ` +
    'Everything is in this one file: it opens offline and runs no script.'
  );
}

/** The redaction note: always said, so a reader knows what was (and was not) removed. */
export function redactionNote(doc: EvidenceDocument): string {
  const hars = doc.attachments.length;
  const rules =
    'cookie values, Authorization credentials, headers, URL parameters, form and JSON fields named like a secret, ' +
    'user:password in URLs, JWTs, long random-looking tokens, and response bodies';
  const what =
    hars > 0
      ? `The ${hars === 1 ? 'HAR' : `${hars} HARs`} in this bundle ${hars === 1 ? 'was' : 'were'} redacted`
      : 'No HAR is attached; links and free text from the recorded data were redacted';
  return (
    `${what} with the default rules of netmon har redact (${rules}); ` +
    'URLs and titles shown here come from the redacted data. ' +
    'Only how many values each rule removed is listed, never the values.'
  );
}
