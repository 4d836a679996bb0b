// The bundle as Markdown for ticket systems: the text, plus the files it references (the
// waterfall images and the redacted HARs) to attach next to it. Outside strings are
// escaped so none becomes a link, an image, HTML or a heading; code blocks are fenced
// longer than any backtick run inside them.
import { formatBytes } from '../har/format';
import { isHttpUrl } from './html';
import type { EvidenceDocument, EvidenceSection } from './model';
import { fileStem } from './text';
import { aboutLine, GRADE_LABELS, KIND_LABELS, redactionNote } from './words';

export interface MarkdownFile {
  name: string;
  content: string | Uint8Array;
}
export interface MarkdownBundle {
  markdown: string;
  files: MarkdownFile[];
}

export interface MarkdownOptions {
  /** Prefix of the referenced files' names (e.g. the Markdown file's own name without .md). */
  filePrefix?: string;
}

/**
 * Inline text on one line: every character that could start a link, an image, HTML, code,
 * emphasis or a table cell is backslash-escaped (CommonMark renders an escaped punctuation
 * character as itself). At the start of a block (a paragraph, a list item's text) a start
 * that would make a list item or a setext heading is escaped too.
 */
export function markdownText(text: string, blockStart = true): string {
  const inline = text.replace(/[\r\n\t]+/g, ' ').replace(/[\\`*_{}[\]()#!|<>&~@]/g, '\\$&');
  return blockStart ? inline.replace(/^(\s*)([-+=])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2') : inline;
}

/** A fenced code block whose fence no line of `text` can close. */
export function markdownCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text.replace(/\r\n?/g, '\n')}\n${fence}`;
}

/** A URL inside `(…)`: only URL characters stay, the rest (spaces, parentheses, brackets) is percent-encoded. */
function linkTarget(url: string): string {
  return url.replace(/[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/g, (c) =>
    encodeURIComponent(c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

export function renderEvidenceMarkdown(doc: EvidenceDocument, options: MarkdownOptions = {}): MarkdownBundle {
  const prefix = fileStem(options.filePrefix ?? 'evidence');
  const files: MarkdownFile[] = [];
  const out: string[] = [`# ${markdownText(doc.title)}`, '', `*${markdownText(aboutLine(doc))}*`, ''];
  out.push(
    `- **Evidence bundle:** ${markdownText(KIND_LABELS[doc.kind])}`,
    `- **Generated:** ${markdownText(doc.generatedAt || 'unknown')}`,
  );
  if (doc.accountGroup) out.push(`- **Account group:** ${markdownText(doc.accountGroup)}`);
  if (doc.range) out.push(`- **Time range:** ${markdownText(doc.range)}`);
  out.push('', `> ${markdownText(redactionNote(doc))}`, '');
  out.push(
    `## Verdict: ${markdownText(GRADE_LABELS[doc.verdict.grade])}`,
    '',
    ...doc.verdict.lines.map((l) => `- ${markdownText(l)}`),
    '',
  );
  if (doc.facts.length)
    out.push(
      ...table(
        ['Fact', 'Value'],
        doc.facts.map((f) => [f.label, f.value]),
      ),
      '',
    );
  if (doc.highlightedHops.length)
    out.push(
      ...section({
        kind: 'table',
        heading: 'Highlighted hops',
        columns: ['Hop', 'Details'],
        rows: doc.highlightedHops.map((h) => [h.label, h.details]),
      }),
    );
  for (const s of doc.sections) out.push(...section(s));
  if (doc.images.length) out.push(doc.images.length === 1 ? '## Waterfall' : '## Waterfalls', '');
  for (const image of doc.images) {
    const svg = `${prefix}-${fileStem(image.name)}.svg`;
    files.push({ name: svg, content: image.svg });
    let shown = svg;
    if (image.png) {
      shown = `${prefix}-${fileStem(image.name)}.png`;
      files.push({ name: shown, content: image.png });
    }
    out.push(
      `![${markdownText(image.caption)}](${linkTarget(shown)})`,
      '',
      `*${markdownText(image.caption)}* ([SVG](${linkTarget(svg)}))`,
      '',
    );
  }
  if (doc.attachments.length) out.push('## Redacted HARs', '');
  for (const attachment of doc.attachments) {
    const name = `${prefix}-${fileStem(attachment.name)}`;
    files.push({ name, content: attachment.json });
    const about =
      `${formatBytes(attachment.bytes)}, ${attachment.entries} entries; ` +
      `redacted: ${attachment.redaction.join('; ')}`;
    out.push(`- [${markdownText(name)}](${linkTarget(name)}): ${markdownText(about)}`);
  }
  if (doc.attachments.length) out.push('');
  if (doc.links.length) out.push('## Links to the records', '', ...doc.links.map(linkLine), '');
  if (doc.omissions.length)
    out.push('## Left out of this bundle', '', ...doc.omissions.map((o) => `- ${markdownText(o)}`), '');
  return {
    markdown: `${out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`,
    files,
  };
}

function section(s: EvidenceSection): string[] {
  const out = [`## ${markdownText(s.heading)}`, ''];
  if (s.kind === 'text') out.push(...s.paragraphs.flatMap((p) => [markdownText(p), '']));
  else if (s.kind === 'pre') out.push(markdownCode(s.text), '');
  else {
    if (s.rows.length) out.push(...table(s.columns, s.rows), '');
    if (s.note) out.push(`*${markdownText(s.note)}*`, '');
  }
  return out;
}

function table(columns: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const cells = (row: readonly string[]): string =>
    `| ${columns.map((_, i) => markdownText(row[i] ?? '', false) || ' ').join(' | ')} |`;
  return [cells(columns), `|${columns.map(() => ' --- ').join('|')}|`, ...rows.map(cells)];
}

function linkLine(link: { label: string; url: string }): string {
  return isHttpUrl(link.url)
    ? `- [${markdownText(link.label)}](${linkTarget(link.url)})`
    : `- ${markdownText(link.label)}: ${markdownText(link.url)}`;
}
