// What sharing needs — HAR redaction, its preview and the evidence bundles — as one entry
// for its own bundle (dist/sharing-lib.js): the extension loads it the first time something
// is exported, so activations that never share do not pay for it.
export { redactHar } from './har/redact';
export { redactionPreview, previewLine } from './har/redact-preview';
export {
  EVIDENCE_LIMITS,
  harDiffEvidence,
  pathEvidence,
  renderEvidenceHtml,
  renderEvidenceMarkdown,
  sessionCompareEvidence,
  sessionEvidence,
  timelineEvidence,
} from './evidence';
export { readSessionPages } from './evidence/read-pages';
export { redactedForEvidence, type RedactedHar } from './evidence/attachments';
export { identifyingData, identifyingWords, pseudonymiseEvidence, type KnownIdentifiers } from './evidence/identifying';
export { slowestPageInsight } from './har/insights-line';
