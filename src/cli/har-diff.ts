// `netmon har diff <before.har> <after.har> [--page <A> <B>] [--json]`: what changed between
// two page loads, request by request (src/analysis/har/diff.ts). Text: the pages compared
// and their onLoad / DOMContentLoaded deltas, the URL normalisations that paired requests,
// the changed requests largest regression first, then totals per domain and per type.
// Every string from the files goes through untrustedLine (one line, no control or
// bidirectional characters); --json escapes those characters inside its strings.
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { diffSides, hasHarEntries, HarDiffPageError, readDiffSide, type DiffMark, type DiffTally, type DiffTotal, type HarDiff, type HarDiffRow, type HarDiffSide, type HarDiffSideInfo } from '../analysis/har/diff';
import { formatBytes, formatMs } from '../analysis/har/format';
import { HAR_SIZE_LIMIT_BYTES, harTooLargeMessage } from '../analysis/har/limits';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import { parseOutsideJson } from '../api/types';
import type { HarCliIo } from './har-report';

const DEFAULT_ROWS = 50;

export const HAR_DIFF_USAGE = `usage: netmon har diff <before.har> <after.har> [--page <A> <B>] [--json] [--rows <n>] [--all]
  Compares two HARs request by request. Requests are paired by URL with cache-buster query
  values, file-name hashes and session ids ignored (the rules used are listed), and marked
  new, missing, slower, faster, status changed or unchanged.
  --page <A> <B>  page A of the first file against page B of the second: a page id, its number
                  (1, 2, …), or * for every request (default: the first page; files without
                  pages compare all requests)
  --json          print the whole diff model as JSON
  --rows <n>      list at most n changed requests (default ${DEFAULT_ROWS}); --all lists unchanged ones too
  Exit 0 when compared (whatever changed), 2 on a usage error or an unreadable file.`;

interface DiffArgs { files: [string, string]; pages?: [string, string]; json: boolean; rows: number; all: boolean }

function parseArgs(args: readonly string[]): DiffArgs | string {
  const files: string[] = [];
  let pages: [string, string] | undefined;
  let json = false;
  let all = false;
  let rows = DEFAULT_ROWS;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--json') json = true;
    else if (arg === '--all') all = true;
    else if (arg === '--page') {
      const a = args[i + 1];
      const b = args[i + 2];
      if (a === undefined || b === undefined) return '--page takes two pages: one of each file';
      pages = [a, b];
      i += 2;
    } else if (arg === '--rows') {
      const n = args[++i];
      if (n === undefined || !/^\d{1,6}$/.test(n)) return '--rows takes a number of rows';
      rows = Number(n);
    } else if (arg.startsWith('-') && arg !== '-') return `unknown option ${untrustedLine(arg, 60)}`;
    else files.push(arg);
  }
  if (files.length !== 2) return files.length < 2 ? 'two HAR files are needed: before and after' : `too many files (${files.length}); give two`;
  return { files: [files[0] ?? '', files[1] ?? ''], ...(pages ? { pages } : {}), json, rows, all };
}

export async function runHarDiff(args: readonly string[], io: HarCliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) { io.stdout(HAR_DIFF_USAGE); return 0; }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') { io.stderr(`netmon har diff: ${parsed}\n${HAR_DIFF_USAGE}`); return 2; }
  const sides: HarDiffSide[] = [];
  for (const [i, file] of parsed.files.entries()) {
    let har: unknown;
    try {
      har = readHarFile(file);
      if (!hasHarEntries(har)) throw new Error('not a HAR: it has no log.entries array');
    } catch (error) {
      io.stderr(terminalSafe(`netmon har diff: cannot read ${file}: ${readFailure(error)}`));
      return 2;
    }
    try {
      sides.push(readDiffSide(har, parsed.pages?.[i]));
    } catch (error) {
      if (!(error instanceof HarDiffPageError)) throw error;
      io.stderr(untrustedLine(`netmon har diff: ${basename(file)} ${error.message}`, 600));
      return 2;
    }
  }
  const diff = diffSides(sides[0] as HarDiffSide, sides[1] as HarDiffSide);
  if (parsed.json) { io.stdout(jsonForTerminal(diff)); return 0; }
  for (const line of formatHarDiff(diff, { before: basename(parsed.files[0]), after: basename(parsed.files[1]) }, { rows: parsed.rows, all: parsed.all })) io.stdout(line);
  return 0;
}

const FS_CODES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'not a file', ENOTDIR: 'no such file',
};

function readFailure(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (FS_CODES[code]) return FS_CODES[code];
  return error instanceof Error ? error.message : String(error);
}

/**
 * A HAR file parsed as outside JSON: a regular file no larger than HAR_SIZE_LIMIT_BYTES,
 * nested no deeper than MAX_JSON_DEPTH. Throws with what is wrong.
 */
export function readHarFile(path: string): unknown {
  const stat = statSync(resolve(path));
  if (!stat.isFile()) throw new Error('not a file');
  if (stat.size > HAR_SIZE_LIMIT_BYTES) throw new Error(`${harTooLargeMessage(basename(path), stat.size)}; export a single page`);
  return parseOutsideJson(readFileSync(resolve(path), 'utf8'), basename(path));
}

/** JSON whose strings cannot steer a terminal: DEL, C1 and bidirectional controls escaped as \\uXXXX (JSON.stringify escapes C0 itself). */
export function jsonForTerminal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---- text -------------------------------------------------------------------------------

const MARK_ORDER: readonly DiffMark[] = ['status changed', 'new', 'missing', 'slower', 'faster', 'unchanged'];

/** The text report, one line per element. */
export function formatHarDiff(diff: HarDiff, names: { before: string; after: string }, options: { rows?: number; all?: boolean } = {}): string[] {
  const maxRows = options.rows ?? DEFAULT_ROWS;
  const lines: string[] = [];
  lines.push(`HAR diff: ${untrustedLine(names.before, 120)} → ${untrustedLine(names.after, 120)}`);
  lines.push(`  before: ${sideLine(diff.before)}`);
  lines.push(`  after:  ${sideLine(diff.after)}`);
  if (diff.page) {
    const timing = (label: string, t: { before: number; after: number; delta: number } | undefined): string =>
      `  ${label.padEnd(17)} ${t ? `${formatMs(t.before)} → ${formatMs(t.after)} (${signedMs(t.delta)})` : 'not reported by both pages'}`;
    lines.push(timing('onLoad:', diff.page.onLoad), timing('DOMContentLoaded:', diff.page.onContentLoad));
  } else {
    const without = [diff.before.scope === 'all' ? 'before' : '', diff.after.scope === 'all' ? 'after' : ''].filter(Boolean).join(' and ');
    lines.push(`  page timings: not compared (${without} ${without.includes(' and ') ? 'are' : 'is'} all requests, not a page)`);
  }
  for (const warning of diff.warnings) lines.push(`  warning: ${untrustedLine(warning, 300)}`);
  const counts = MARK_ORDER.filter((m) => diff.counts[m] > 0).map((m) => `${diff.counts[m]} ${m}`).join(', ') || 'none';
  lines.push(`Requests: ${counts} (slower/faster: at least ${diff.thresholds.minDeltaMs} ms and ${Math.round(diff.thresholds.minRelativeDelta * 100)} %)`);
  lines.push(`Total request time: ${formatMs(diff.total.before.totalMs)} → ${formatMs(diff.total.after.totalMs)} (${signedMs(diff.total.delta.totalMs)}), transferred ${bytesChange(diff.total)}`);

  lines.push('', 'Matching rules used (pairs they matched):');
  if (diff.rulesUsed.length === 0) lines.push('  none: every pair has the same URL');
  for (const used of diff.rulesUsed) lines.push(`  ${untrustedLine(used.text, 100).padEnd(48)} ×${used.pairs}`);

  const listed = diff.rows.filter((row) => options.all || row.mark !== 'unchanged');
  lines.push('', options.all ? 'Requests, largest regression first:' : 'Changed requests, largest regression first:');
  if (listed.length === 0) lines.push('  none');
  for (const row of listed.slice(0, maxRows)) lines.push(rowLine(row));
  const unlisted = listed.length - Math.min(listed.length, maxRows);
  if (unlisted > 0) lines.push(`  … ${unlisted} more not listed (--rows ${listed.length}, or --json)`);
  if (!options.all && diff.counts.unchanged > 0) lines.push(`  ${plural(diff.counts.unchanged, 'unchanged request')} not listed (--all lists them)`);
  if (diff.omittedRows > 0) lines.push(`  ${plural(diff.omittedRows, 'request')} with the smallest changes left out of the diff (row limit)`);

  lines.push('', 'Totals per domain (requests, request time, transferred):');
  for (const d of diff.byDomain) lines.push(totalLine(d.domain === '' ? '(no host)' : untrustedLine(d.domain, 60), d));
  if (diff.omittedDomains > 0) lines.push(`  … ${diff.omittedDomains} more domains (--json)`);
  lines.push('', 'Totals per type:');
  for (const t of diff.byType) lines.push(totalLine(t.type, t));
  return lines;
}

function sideLine(side: HarDiffSideInfo): string {
  const tool = [side.creator, side.browser && side.browser !== side.creator ? `(${side.browser})` : ''].filter(Boolean).join(' ');
  const what = side.page
    ? `page ${side.page.number} of ${side.pages} "${untrustedLine(side.page.title, 100)}"${side.page.id ? ` (${untrustedLine(side.page.id, 60)})` : ''}`
    : side.pages > 0 ? `all requests of ${plural(side.pages, 'page')}` : 'all requests (no pages in the file)';
  return `${what}, ${plural(side.requests, 'request')}${tool ? ` · ${untrustedLine(tool, 100)}` : ''}`;
}

function rowLine(row: HarDiffRow): string {
  const mark = row.mark === 'status changed' && row.before && row.after ? `status ${row.before.status}→${row.after.status}` : row.mark;
  const phase = row.largestPhase ? `${row.largestPhase} ${signedMs(row.phaseDeltas[row.largestPhase] ?? 0)}` : '—';
  return `  ${mark.padEnd(16)} ${signedMs(row.deltaMs).padStart(10)}  ${phase.padEnd(18)} ${untrustedLine(row.key, 300)}`;
}

function totalLine(label: string, t: DiffTotal): string {
  const requests = `${t.before.requests} → ${t.after.requests}`;
  const time = `${formatMs(t.before.totalMs)} → ${formatMs(t.after.totalMs)} (${signedMs(t.delta.totalMs)})`;
  const marks = MARK_ORDER.filter((m) => m !== 'unchanged' && t.marks[m] > 0).map((m) => `${t.marks[m]} ${m}`).join(', ');
  return `  ${label.padEnd(30)} ${requests.padEnd(10)} ${time.padEnd(34)} ${bytesChange(t).padEnd(30)}${marks ? ` ${marks}` : ''}`.trimEnd();
}

function bytesChange(t: { before: DiffTally; after: DiffTally; delta: DiffTally }): string {
  return `${formatBytes(t.before.transferBytes)} → ${formatBytes(t.after.transferBytes)} (${signedBytes(t.delta.transferBytes)})`;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function signedMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (Math.abs(ms) < 0.5) return '±0 ms';
  return `${ms > 0 ? '+' : '-'}${formatMs(Math.abs(ms))}`;
}

function signedBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  if (bytes === 0) return '±0 B';
  return `${bytes > 0 ? '+' : '-'}${formatBytes(Math.abs(bytes))}`;
}
