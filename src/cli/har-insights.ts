// `netmon har insights <file> [--page <id|n>] [--json] [--network]`: why a page was slow — its
// critical path to onLoad and the ranked findings of src/analysis/har/insights.ts, each with
// the requests it names, the time fixing it saves (and how that was estimated) and what to do.
// Text lines pass through untrustedLine (in insights-text) and cliText; --json through ciJson.
import { basename } from 'node:path';
import { readHar } from '../analysis/har';
import { documentInsights } from '../analysis/har/insights';
import { formatInsights } from '../analysis/har/insights-text';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import { ciJson, cliText } from './ci-safe';
import { readHarFileAsync } from '../workflows/har-file';
import type { HarCliIo } from './har-report';

export const HAR_INSIGHTS_USAGE = `usage: netmon har insights <in.har[.gz]> [--page <id|n>] [--json] [--network]
  Why each page was slow: the chain of requests that decided its onLoad (each with the phase
  that cost most, and the main-thread time between them), then findings ranked by the time
  fixing them would save: slow server responses, redirects, render-blocking requests,
  connection setup, HTTP/1.1 queueing, uncompressed text, large images, duplicates, storms,
  retries, failures, third-party share, long main-thread gaps.
  --page <id|n>  one page: its id or its number (1, 2, …); default every page
  --json         the critical paths and findings as JSON
  --network      the session verdict blames the network: also say what it cost the critical requests
  Exit 0 when read (whatever was found), 2 on a usage error or an unreadable file.`;

interface InsightArgs {
  file: string;
  page?: string;
  json: boolean;
  network: boolean;
}

function parseArgs(args: readonly string[]): InsightArgs | string {
  const files: string[] = [];
  let page: string | undefined;
  let json = false;
  let network = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--json') json = true;
    else if (arg === '--network') network = true;
    else if (arg === '--page') {
      page = args[++i];
      if (page === undefined) return '--page takes a page id or number';
    } else if (arg.startsWith('-') && arg !== '-') return `unknown option ${untrustedLine(arg, 60)}`;
    else files.push(arg);
  }
  if (files.length !== 1)
    return files.length === 0 ? 'a HAR file is needed' : `one HAR file at a time (got ${files.length})`;
  return { file: files[0] ?? '', ...(page === undefined ? {} : { page }), json, network };
}

export async function runHarInsights(args: readonly string[], io: HarCliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(HAR_INSIGHTS_USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`netmon har insights: ${parsed}\n${HAR_INSIGHTS_USAGE}`);
    return 2;
  }
  let doc: ReturnType<typeof readHar>;
  try {
    doc = readHar(await readHarFileAsync(parsed.file));
    if (doc.entries.length === 0) throw new Error('it has no requests (log.entries is empty or missing)');
  } catch (error) {
    io.stderr(
      terminalSafe(
        `netmon har insights: cannot read ${parsed.file}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    return 2;
  }
  const pageId = parsed.page === undefined ? undefined : pageIdOf(doc.pages, parsed.page);
  if (pageId === null) {
    io.stderr(
      untrustedLine(
        `netmon har insights: ${basename(parsed.file)} has no page ${parsed.page} (pages: ` +
          `${doc.pages.map((p, i) => `${i + 1} ${p.id}`).join(', ')})`,
        600,
      ),
    );
    return 2;
  }
  const pages = documentInsights(doc, { networkBlamed: parsed.network }, pageId);
  if (parsed.json) {
    io.stdout(ciJson(pages.map(toJson)));
    return 0;
  }
  for (const line of formatInsights(pages)) io.stdout(cliText(line));
  return 0;
}

/** A page's id, or its 1-based number; null when neither. */
export function pageIdOf(pages: readonly { id: string }[], wanted: string): string | null {
  if (pages.some((page) => page.id === wanted)) return wanted;
  const number = /^\d{1,6}$/.test(wanted) ? Number(wanted) : 0;
  return pages[number - 1]?.id ?? null;
}

/** The JSON form: rows become their entry's index, name and timing, not the whole entry. */
function toJson(page: ReturnType<typeof documentInsights>[number]): unknown {
  const { criticalPath: path } = page;
  return {
    page: page.page,
    criticalPath: {
      untilMs: path.untilMs,
      untilWhat: path.untilWhat,
      mainThreadMs: Math.round(path.mainThreadMs),
      line: path.line,
      notes: path.notes,
      navigation: path.navigation.map((row) => ({
        index: row.entry.index,
        url: row.entry.url,
        status: row.entry.status,
      })),
      links: path.links.map((link) => ({
        index: link.row.entry.index,
        label: link.label,
        url: link.row.entry.url,
        reason: link.reason,
        startMs: Math.round(link.row.offsetMs),
        endMs: Math.round(link.row.endMs),
        costliest: { phase: link.costliest.phase, ms: Math.round(link.costliest.ms) },
        mainThreadBeforeMs: Math.round(link.mainThreadMs),
      })),
    },
    findings: page.findings,
  };
}
