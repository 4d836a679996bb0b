// The evidence bundle: one self-contained file per investigation, for a ticket to another
// team (network team, SaaS vendor, ISP). Builders (session.ts, path.ts, har-diff.ts,
// timeline.ts) shape already-fetched data into this document; renderers (html.ts,
// markdown.ts) write it. Every string in it is plain text: the renderers escape it.

export type EvidenceKind = 'session' | 'session-compare' | 'path' | 'har-diff' | 'timeline';
export type EvidenceGrade = 'ok' | 'warn' | 'bad' | 'unknown';

export interface EvidenceField {
  label: string;
  value: string;
}
export interface EvidenceLink {
  label: string;
  url: string;
}

export type EvidenceSection =
  | { kind: 'text'; heading: string; paragraphs: string[] }
  /** Monospaced text (mtr-style path report, diff text): shown verbatim in a code block. */
  | { kind: 'pre'; heading: string; text: string }
  | { kind: 'table'; heading: string; columns: string[]; rows: string[][]; note?: string };

export interface EvidenceImage {
  /** File-name stem for the Markdown bundle (`waterfall-1`): made by us, never from data. */
  name: string;
  caption: string;
  /** A standalone SVG document; every label in it is escaped. */
  svg: string;
  /** The same picture as a PNG, when the builder rasterized it (Markdown attaches it). */
  png?: Uint8Array;
  width: number;
  height: number;
}

export interface EvidenceAttachment {
  /** File name, made by us (`session-…-page-1.har`). */
  name: string;
  /** The redacted HAR, as JSON text. */
  json: string;
  /** UTF-8 bytes of `json`. */
  bytes: number;
  entries: number;
  /** What the redaction removed, rule by rule: counts and descriptions, never values. */
  redaction: string[];
}

export interface EvidenceHop {
  /** As the user named it (an IP, a merge node id). */
  id: string;
  label: string;
  details: string;
}

export interface EvidenceDocument {
  kind: EvidenceKind;
  title: string;
  /** ISO 8601 time the bundle was made. */
  generatedAt: string;
  accountGroup?: string;
  /** The investigated time range, in words. */
  range?: string;
  verdict: { grade: EvidenceGrade; lines: string[] };
  /** The numbers behind the verdict. */
  facts: EvidenceField[];
  sections: EvidenceSection[];
  images: EvidenceImage[];
  attachments: EvidenceAttachment[];
  highlightedHops: EvidenceHop[];
  links: EvidenceLink[];
  /** What the bounds left out, in words ("120 of 270 requests not drawn"). */
  omissions: string[];
}

/** What the caller knows about the investigation, common to every builder. */
export interface EvidenceContext {
  /** When the bundle is made (passed in: builders are pure and reproducible). */
  generatedAt: Date;
  accountGroup?: string;
  range?: EvidenceRange;
  /** Extra links to records (API `permalink` fields). */
  links?: readonly EvidenceLink[];
  /** What the caller could not fetch (a page whose HAR failed to load), in words. */
  omissions?: readonly string[];
}

/** A range as asked: a relative window ("24h") and/or absolute bounds. */
export interface EvidenceRange {
  /** What the range is, said before its bounds ("the session at …"), when it is not the view's. */
  label?: string;
  window?: string;
  fromMs?: number;
  toMs?: number;
}

/**
 * Outside data decides nothing about resource use: every list, string and attachment of a
 * bundle is capped here, and what a cap leaves out is said in the document.
 */
export const EVIDENCE_LIMITS = {
  /** Pages (HARs) per bundle: waterfalls drawn and HARs attached. */
  maxHars: 10,
  /** Rows of a waterfall image. */
  maxWaterfallRows: 150,
  /** Rows of a table section. */
  maxTableRows: 200,
  /** Characters of one line of text, a table cell or a label. */
  maxLineChars: 2_000,
  /** Characters of a pre section (path report, diff text). */
  maxPreChars: 200_000,
  /** Lines of the verdict. */
  maxVerdictLines: 40,
  /** Bytes of attached (redacted) HARs, all together. */
  maxAttachmentBytes: 25 * 1024 * 1024,
  maxLinks: 100,
  maxHighlightedHops: 64,
} as const;
