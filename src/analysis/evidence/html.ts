// The bundle as one HTML file: opens offline in any browser and needs no script to read.
// A strict CSP (nothing but inline styles and data: images), no <script> at all, every
// string escaped, links only for http(s) URLs, the redacted HARs as data: downloads.
import { escapeHtml } from '../text/html';
import { base64Utf8 } from './base64';
import { formatBytes } from '../har/format';
import { EVIDENCE_CSS } from './html-style';
import type { EvidenceDocument, EvidenceField, EvidenceLink, EvidenceSection } from './model';
import { aboutLine, GRADE_LABELS, KIND_LABELS, redactionNote } from './words';

/** Only inline styles and data: images; no script, no connection, no form, no base. */
export const EVIDENCE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const e = escapeHtml;

/** Cells this short (numbers, statuses, times) are kept on one line. */
const SHORT_CELL = 14;

/** A URL that may become a link: http(s), nothing that could break out of the attribute's meaning. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^\s<>"'`\\]+$/i.test(url);
}

export function renderEvidenceHtml(doc: EvidenceDocument): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${EVIDENCE_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(doc.title)}</title>`,
    `<style>${EVIDENCE_CSS}</style>`,
    '</head>',
    '<body>',
    header(doc),
    '<main>',
    verdict(doc),
    hops(doc),
    ...doc.sections.map(section),
    figures(doc),
    attachments(doc),
    links(doc.links),
    omissions(doc.omissions),
    '</main>',
    `<footer>${e(`Netmon Workbench evidence bundle (${KIND_LABELS[doc.kind]}).`)}</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function header(doc: EvidenceDocument): string {
  const meta: EvidenceField[] = [
    { label: 'Generated', value: doc.generatedAt || 'unknown' },
    ...(doc.accountGroup ? [{ label: 'Account group', value: doc.accountGroup }] : []),
    ...(doc.range ? [{ label: 'Time range', value: doc.range }] : []),
  ];
  return [
    '<header>',
    `<p class="eyebrow">${e(`Evidence bundle · ${KIND_LABELS[doc.kind]}`)}</p>`,
    `<h1>${e(doc.title)}</h1>`,
    `<dl class="meta">${meta.map((f) => `<dt>${e(f.label)}</dt><dd>${e(f.value)}</dd>`).join('')}</dl>`,
    `<p class="note">${e(aboutLine(doc))}</p>`,
    `<p class="note redaction">${e(redactionNote(doc))}</p>`,
    '</header>',
  ].join('\n');
}

function verdict(doc: EvidenceDocument): string {
  const factRows = doc.facts.map((f) => `<tr><th scope="row">${e(f.label)}</th><td>${e(f.value)}</td></tr>`).join('');
  return [
    `<section class="verdict grade-${doc.verdict.grade}" aria-labelledby="verdict">`,
    '<h2 id="verdict">Verdict</h2>',
    `<p class="grade">${e(GRADE_LABELS[doc.verdict.grade])}</p>`,
    doc.verdict.lines.length ? `<ul>${doc.verdict.lines.map((l) => `<li>${e(l)}</li>`).join('')}</ul>` : '',
    doc.facts.length ? `<table class="facts"><tbody>${factRows}</tbody></table>` : '',
    '</section>',
  ].join('\n');
}

function hops(doc: EvidenceDocument): string {
  if (doc.highlightedHops.length === 0) return '';
  return section({
    kind: 'table',
    heading: 'Highlighted hops',
    columns: ['Hop', 'Details'],
    rows: doc.highlightedHops.map((h) => [h.label, h.details]),
  });
}

function section(s: EvidenceSection): string {
  const heading = `<h2>${e(s.heading)}</h2>`;
  if (s.kind === 'text') return `<section>${heading}${s.paragraphs.map((p) => `<p>${e(p)}</p>`).join('')}</section>`;
  // Focusable and labelled: a wide report scrolls sideways, and a keyboard user must reach it.
  if (s.kind === 'pre')
    return `<section>${heading}<pre tabindex="0" aria-label="${e(s.heading)}">${e(s.text)}</pre></section>`;
  const head = `<thead><tr>${s.columns.map((c) => `<th scope="col">${e(c)}</th>`).join('')}</tr></thead>`;
  const cellHtml = (cell: string): string => `<td${cell.length <= SHORT_CELL ? ' class="short"' : ''}>${e(cell)}</td>`;
  const body = `<tbody>${s.rows.map((row) => `<tr>${row.map(cellHtml).join('')}</tr>`).join('')}</tbody>`;
  const table = s.rows.length ? `<table>${head}${body}</table>` : '';
  return `<section>${heading}${table}${s.note ? `<p class="note">${e(s.note)}</p>` : ''}</section>`;
}

/** The images are our own SVG (every label in it escaped when it was written). */
function figures(doc: EvidenceDocument): string {
  if (doc.images.length === 0) return '';
  const items = doc.images.map((image) => `<figure>${image.svg}<figcaption>${e(image.caption)}</figcaption></figure>`);
  return `<section><h2>${doc.images.length === 1 ? 'Waterfall' : 'Waterfalls'}</h2>${items.join('\n')}</section>`;
}

function attachments(doc: EvidenceDocument): string {
  if (doc.attachments.length === 0) return '';
  const items = doc.attachments.map((a) =>
    [
      `<li><a download="${e(a.name)}" href="data:application/json;base64,${base64Utf8(a.json)}">${e(a.name)}</a>`,
      ` <span class="url">${e(`${formatBytes(a.bytes)}, ${a.entries} entries`)}</span>`,
      `<br><span class="note">${e(`Redacted: ${a.redaction.join('; ')}`)}</span></li>`,
    ].join(''),
  );
  const howToOpen =
    'Save a HAR with its link (it is inside this file) and open it in ' +
    "a browser's developer tools or in Netmon Workbench.";
  return (
    `<section class="attachments"><h2>Redacted HARs</h2><p class="note">${e(howToOpen)}</p>` +
    `<ul>${items.join('\n')}</ul></section>`
  );
}

function links(list: readonly EvidenceLink[]): string {
  if (list.length === 0) return '';
  const items = list.map((link) =>
    isHttpUrl(link.url)
      ? `<li><a href="${e(link.url)}" rel="noopener noreferrer">${e(link.label)}</a> ` +
        `<span class="url">${e(link.url)}</span></li>`
      : `<li>${e(link.label)} <span class="url">${e(link.url)}</span></li>`,
  );
  return `<section class="links"><h2>Links to the records</h2><ul>${items.join('\n')}</ul></section>`;
}

function omissions(list: readonly string[]): string {
  if (list.length === 0) return '';
  return `<section><h2>Left out of this bundle</h2><ul>${list.map((o) => `<li>${e(o)}</li>`).join('')}</ul></section>`;
}
