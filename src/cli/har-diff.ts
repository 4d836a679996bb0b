// `netmon har diff <before.har> <after.har> [--page <A> <B>] [--json]`: what changed between
// two page loads, request by request (src/analysis/har/diff.ts). Text: the pages compared
// and their onLoad / DOMContentLoaded deltas, the URL normalisations that paired requests,
// the changed requests largest regression first, then totals per domain and per type.
// Every string from the files goes through untrustedLine (one line, no control or
// bidirectional characters); --json escapes those characters inside its strings.
import { basename } from 'node:path';
import { diffSides, hasHarEntries, HarDiffPageError, readDiffSide, type HarDiffSide } from '../analysis/har/diff';
import { DIFF_TEXT_ROWS, formatHarDiff } from '../analysis/har/diff-text';
import { findingsBetween, formatFindingsDiff } from '../analysis/har/insights-diff';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import { readHarFileAsync } from '../workflows/har-file';
import type { HarCliIo } from './har-report';
import { ciJson, cliText } from './ci-safe';

export const HAR_DIFF_USAGE =
  `usage: netmon har diff <before.har[.gz]> <after.har[.gz]> [--page <A> <B>] ` +
  `[--json] [--rows <n>] [--all]
  Compares two HARs request by request. Requests are paired by URL with cache-buster query
  values, file-name hashes and session ids ignored (the rules used are listed), and marked
  new, missing, slower, faster, status changed or unchanged.
  --page <A> <B>  page A of the first file against page B of the second: a page id, its number
                  (1, 2, …), or * for every request (default: the first page; files without
                  pages compare all requests)
  --json          print the whole diff model as JSON
  --rows <n>      list at most n changed requests (default ${DIFF_TEXT_ROWS}); --all lists unchanged ones too
  Exit 0 when compared (whatever changed), 2 on a usage error or an unreadable file.`;

interface DiffArgs {
  files: [string, string];
  pages?: [string, string];
  json: boolean;
  rows: number;
  all: boolean;
}

function parseArgs(args: readonly string[]): DiffArgs | string {
  const files: string[] = [];
  let pages: [string, string] | undefined;
  let json = false;
  let all = false;
  let rows = DIFF_TEXT_ROWS;
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
  if (files.length !== 2)
    return files.length < 2
      ? 'two HAR files are needed: before and after'
      : `too many files (${files.length}); give two`;
  return { files: [files[0] ?? '', files[1] ?? ''], ...(pages ? { pages } : {}), json, rows, all };
}

export async function runHarDiff(args: readonly string[], io: HarCliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(HAR_DIFF_USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`netmon har diff: ${parsed}\n${HAR_DIFF_USAGE}`);
    return 2;
  }
  const sides: HarDiffSide[] = [];
  const hars: unknown[] = [];
  for (const [i, file] of parsed.files.entries()) {
    let har: unknown;
    try {
      har = await readHarFileAsync(file);
      if (!hasHarEntries(har)) throw new Error('not a HAR: it has no log.entries array');
    } catch (error) {
      io.stderr(terminalSafe(`netmon har diff: cannot read ${file}: ${readFailure(error)}`));
      return 2;
    }
    try {
      sides.push(readDiffSide(har, parsed.pages?.[i]));
      hars.push(har);
    } catch (error) {
      if (!(error instanceof HarDiffPageError)) throw error;
      io.stderr(untrustedLine(`netmon har diff: ${basename(file)} ${error.message}`, 600));
      return 2;
    }
  }
  const diff = diffSides(sides[0] as HarDiffSide, sides[1] as HarDiffSide);
  const findings = findingsBetween({ har: hars[0], info: diff.before }, { har: hars[1], info: diff.after });
  if (parsed.json) {
    io.stdout(jsonForTerminal(findings ? { ...diff, findings } : diff));
    return 0;
  }
  for (const line of formatHarDiff(
    diff,
    { before: basename(parsed.files[0]), after: basename(parsed.files[1]) },
    { rows: parsed.rows, all: parsed.all },
  ))
    io.stdout(line);
  if (findings) for (const line of ['', ...formatFindingsDiff(findings)]) io.stdout(cliText(line));
  return 0;
}

const FS_CODES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'not a file',
  ENOTDIR: 'no such file',
};

function readFailure(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  if (FS_CODES[code]) return FS_CODES[code];
  return error instanceof Error ? error.message : String(error);
}

/** JSON whose strings can steer neither a terminal nor a CI runner (see ciJson). */
export function jsonForTerminal(value: unknown): string {
  return ciJson(value);
}
