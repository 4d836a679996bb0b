// Evidence bundles for a ticket: builders from already-fetched data to one document, and
// its HTML and Markdown forms. Pure: no DOM, no node; the CLI writes the files.
export * from './model';
export { sessionEvidence, type SessionEvidenceInput } from './session';
export { pathEvidence, type PathEvidenceInput } from './path';
export { harDiffEvidence, type HarDiffEvidenceInput } from './har-diff';
export { timelineEvidence, type TimelineEvidenceInput } from './timeline';
export { sessionCompareEvidence, type SessionCompareEvidenceInput } from './session-compare';
export type { HarPageInput } from './har-pages';
export { waterfallScene, waterfallImage, type WaterfallPicture } from './waterfall-image';
export { sceneSvg, type Scene, type SceneShape } from './scene';
export { renderEvidenceHtml, isHttpUrl, EVIDENCE_CSP } from './html';
export {
  renderEvidenceMarkdown,
  markdownText,
  markdownCode,
  type MarkdownBundle,
  type MarkdownFile,
  type MarkdownOptions,
} from './markdown';
export { redactedForEvidence, redactForEvidence, redactionLines, type RedactedHar } from './attachments';
export { redactText } from './text';
