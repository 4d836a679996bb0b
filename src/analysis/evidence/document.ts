// The last step of every builder: the common header fields, and the bounds applied once
// for all (verdict lines, table rows, links, highlighted hops), each cut said in words.
import {
  EVIDENCE_LIMITS,
  type EvidenceContext,
  type EvidenceDocument,
  type EvidenceLink,
  type EvidenceSection,
} from './model';
import { evidenceLink, line, rangeWords, uniqueLinks } from './text';

export type DocumentParts = Omit<EvidenceDocument, 'generatedAt' | 'accountGroup' | 'range' | 'links'> & {
  links: (EvidenceLink | undefined)[];
};

export function finishDocument(context: EvidenceContext, parts: DocumentParts): EvidenceDocument {
  const omissions = [...(context.omissions ?? []).map((o) => line(o)), ...parts.omissions];
  const { links, dropped } = uniqueLinks([
    ...parts.links,
    ...(context.links ?? []).map((l) => evidenceLink(l.label, l.url)),
  ]);
  if (dropped > 0) omissions.push(`${dropped} more links left out (at most ${EVIDENCE_LIMITS.maxLinks}).`);
  const verdictLines = parts.verdict.lines.filter(Boolean);
  if (verdictLines.length > EVIDENCE_LIMITS.maxVerdictLines)
    omissions.push(`${verdictLines.length - EVIDENCE_LIMITS.maxVerdictLines} verdict lines left out.`);
  const range = rangeWords(context.range);
  const accountGroup = context.accountGroup === undefined ? '' : line(context.accountGroup, 200);
  return {
    ...parts,
    title: line(parts.title, 300),
    generatedAt: Number.isFinite(context.generatedAt.getTime()) ? context.generatedAt.toISOString() : '',
    ...(accountGroup ? { accountGroup } : {}),
    ...(range ? { range } : {}),
    verdict: { grade: parts.verdict.grade, lines: verdictLines.slice(0, EVIDENCE_LIMITS.maxVerdictLines) },
    sections: parts.sections.map((section) => capSection(section, omissions)),
    highlightedHops: parts.highlightedHops.slice(0, EVIDENCE_LIMITS.maxHighlightedHops),
    links,
    omissions,
  };
}

function capSection(section: EvidenceSection, omissions: string[]): EvidenceSection {
  if (section.kind === 'table' && section.rows.length > EVIDENCE_LIMITS.maxTableRows) {
    omissions.push(
      `${section.heading}: ` +
        `${section.rows.length - EVIDENCE_LIMITS.maxTableRows} of ${section.rows.length} rows left out.`,
    );
    return { ...section, rows: section.rows.slice(0, EVIDENCE_LIMITS.maxTableRows) };
  }
  if (section.kind === 'pre' && section.text.length > EVIDENCE_LIMITS.maxPreChars) {
    omissions.push(`${section.heading}: ${section.text.length - EVIDENCE_LIMITS.maxPreChars} characters cut.`);
    return { ...section, text: `${section.text.slice(0, EVIDENCE_LIMITS.maxPreChars)}\n…` };
  }
  if (section.kind === 'text' && section.paragraphs.length > EVIDENCE_LIMITS.maxTableRows) {
    omissions.push(
      `${section.heading}: ${section.paragraphs.length - EVIDENCE_LIMITS.maxTableRows} paragraphs left out.`,
    );
    return { ...section, paragraphs: section.paragraphs.slice(0, EVIDENCE_LIMITS.maxTableRows) };
  }
  return section;
}
