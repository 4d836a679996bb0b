// Plain-text helpers of the builders: bounded lines, ranges and times in words, file-name
// stems, and free text put through the HAR redaction engine (a page title, an error
// message or a permalink can carry a token as easily as a HAR can).
import { redactPages } from '../har/redact';
import { editorLine, terminalSafe } from '../text/untrusted';
import { EVIDENCE_LIMITS, type EvidenceLink, type EvidenceRange } from './model';
import { utcMinute } from '../text/utc';

/**
 * Outside text as one clean line of at most `max` characters ('' for anything but text and
 * numbers): no control characters or bidirectional overrides (a ticket must read as it looks).
 */
export function line(value: unknown, max: number = EVIDENCE_LIMITS.maxLineChars): string {
  const text = editorLine(typeof value === 'string' ? terminalSafe(value) : value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Multi-line text cut to `max` characters, with a note of how much was cut. */
export function clipBlock(text: string, max: number = EVIDENCE_LIMITS.maxPreChars): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 };
  return { text: `${text.slice(0, max)}\n…`, cut: text.length - max };
}

/**
 * Free text with its secrets replaced, by the same engine and default rules as the HARs:
 * a URL's secret parameters and userinfo, JWTs and long random tokens anywhere in it.
 * Redacted as a page title is (the engine's rule for text that may be a URL).
 */
export function redactText(text: string): string {
  const [page] = redactPages([{ title: text }]) as [{ title: unknown }];
  return typeof page.title === 'string' ? page.title : text;
}

/**
 * Characters read past a line's length before it is redacted: a token the first cut splits lies wholly past the shown
 * part.
 */
const REDACT_MARGIN = 256;

/**
 * Outside text as a redacted line of at most `max` characters. Cut (with a margin) before
 * the redaction, so a megabyte of text costs no more than a line; cut again after it.
 */
export function safeLine(value: unknown, max: number = EVIDENCE_LIMITS.maxLineChars): string {
  return line(redactText(line(value, max + REDACT_MARGIN)), max);
}

/** A link as the bundle shows it: a clean label and a redacted URL. */
export function evidenceLink(label: string, url: unknown): EvidenceLink | undefined {
  const clean = safeLine(url);
  return clean === '' ? undefined : { label: safeLine(label, 200), url: clean };
}

/** Links without duplicates (by URL), at most maxLinks. */
export function uniqueLinks(links: readonly (EvidenceLink | undefined)[]): { links: EvidenceLink[]; dropped: number } {
  const seen = new Set<string>();
  const out: EvidenceLink[] = [];
  for (const link of links) {
    if (!link || seen.has(link.url)) continue;
    seen.add(link.url);
    out.push(link);
  }
  return { links: out.slice(0, EVIDENCE_LIMITS.maxLinks), dropped: Math.max(0, out.length - EVIDENCE_LIMITS.maxLinks) };
}

/** `2026-11-18 12:02 UTC` ('' for an invalid time). */
export { utcMinute };

/** `last 24h (2026-11-17 12:02 UTC – 2026-11-18 12:02 UTC)`, or the bounds alone. */
export function rangeWords(range: EvidenceRange | undefined): string | undefined {
  if (!range) return undefined;
  const bounds =
    range.fromMs !== undefined && range.toMs !== undefined
      ? `${utcMinute(range.fromMs)} – ${utcMinute(range.toMs)}`
      : '';
  const window = range.window !== undefined ? `last ${line(range.window, 20)}` : '';
  if (range.label !== undefined) return bounds ? `${line(range.label, 200)} (${bounds})` : line(range.label, 200);
  if (window && bounds) return `${window} (${bounds})`;
  return window || bounds || undefined;
}

/** Letters, digits, dot, dash and underscore only: a safe piece of a file name made from an id. */
export function fileStem(text: string, max = 60): string {
  const stem = text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, max);
  return stem === '' ? 'x' : stem;
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
