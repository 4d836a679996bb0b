// `netmon har report <in.har[.gz]> -o <out.html>`: one self-contained HTML file with the same
// waterfall renderer as the VS Code panel, to attach to a ticket. Works offline: the panel
// bundle is inlined, the HAR is embedded as inert JSON, and a strict CSP allows only the
// one nonce'd script (styles are constructed stylesheets, which need no style-src).
// A report is made to be shared, so the embedded HAR is redacted (cookies, credentials,
// tokens, response bodies: src/analysis/har/redact) unless --no-redact says otherwise, and
// then its title says so.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { escapeHtml } from '../../webview/shared/escape';
import { harEnvelope } from '../analysis/har/envelope';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import { HAR_DIFF_USAGE, runHarDiff } from './har-diff';
import { escapeForScript, firstTitle, readHarForReport, ReportInputError, type ReportHar } from './har-report-read';
import { HAR_REDACT_USAGE, runHarRedact } from './har-redact';
import { HAR_INSIGHTS_USAGE, runHarInsights } from './har-insights';
import { printLine } from './ci-safe';
import { reportInsightLines } from './har-report-insights';
import { FOLLOW_LINKS_USAGE, linkCheckRoot, OutputFileError, writeOutputFile } from './output-file';

export interface HarReportOptions {
  /** The built panel bundle (dist/webview/har.js); see loadHarBundle(). */
  bundle: string;
  /** Shown in the tab and above the waterfall; defaults to the first page title. */
  title?: string;
  /** The page to open first. */
  pageId?: string;
  /** Fixed nonce for reproducible output (tests); random otherwise. */
  nonce?: string;
  /** The HAR is embedded as recorded (secrets and all): the title says so first. */
  notRedacted?: boolean;
}

export const NOT_REDACTED_PREFIX = 'NOT REDACTED — ';

export function renderHarReport(har: unknown, options: HarReportOptions): string {
  return renderHarReportJson([embedJson(har)], firstPageTitle(har), options);
}

/**
 * The report around a HAR already serialized as JSON and escaped for a script element
 * (`harJson`: escapeForScript, in pieces as the stream redactor emits them), joined once.
 */
export function renderHarReportJson(
  harJson: readonly string[],
  pageTitle: string | undefined,
  options: HarReportOptions,
): string {
  const nonce = options.nonce ?? randomBytes(18).toString('base64url');
  const title = `${options.notRedacted ? NOT_REDACTED_PREFIX : ''}${options.title ?? pageTitle ?? 'HAR waterfall'}`;
  const rest = embedJson({ title, ...(options.pageId ? { pageId: options.pageId } : {}) }).slice(1);
  const data = ['{"har":', ...harJson, ',', rest].join('');
  const csp = [
    `default-src 'none'`,
    `script-src 'nonce-${nonce}'`,
    `img-src data:`,
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    '</head><body>',
    `<script type="application/json" id="har-data">${data}</script>`,
    `<script nonce="${nonce}">${inlineScript(options.bundle)}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** JSON that cannot leave its <script> element: every `<` becomes \u003c. */
export function embedJson(value: unknown): string {
  return escapeForScript(JSON.stringify(value));
}

/** `</script` and `<!--` only occur inside strings or comments of a bundle; \x3C keeps their meaning there. */
function inlineScript(bundle: string): string {
  return bundle.replace(/<(\/script|!--)/gi, '\\x3C$1');
}

function firstPageTitle(har: unknown): string | undefined {
  return firstTitle(harEnvelope(har).log.pages);
}

/** dist/webview/har.js next to the bundled CLI (dist/netmon.js) or from the source tree. */
export function loadHarBundle(): string {
  const candidates = [join(__dirname, 'webview', 'har.js'), join(__dirname, '..', '..', 'dist', 'webview', 'har.js')];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error('the waterfall bundle dist/webview/har.js is missing; run `node esbuild.mjs` first');
  return readFileSync(found, 'utf8');
}

export const HAR_REPORT_USAGE =
  `usage: netmon har report <in.har> -o <out.html> [--page <pageId>] ` +
  `[--title <text>] [--no-redact] [--force] [--follow-links]
  Writes a self-contained HTML waterfall (works offline, no external resources) and prints why each page was slow:
  its critical path and findings ranked by the time fixing them saves (as \`netmon har insights\` does).
  <in.har> may be gzip-compressed (.har.gz, .zhar). The HAR inside is redacted as \`netmon har redact\` does ` +
  `(cookies, credentials, tokens,
  response bodies); --no-redact embeds it as recorded, and the report's title says so.
  An existing <out.html> is kept unless --force is given; a symbolic link there is refused.
${FOLLOW_LINKS_USAGE}`;

export const HAR_USAGE = `${HAR_REPORT_USAGE}\n${HAR_DIFF_USAGE}\n${HAR_REDACT_USAGE}\n${HAR_INSIGHTS_USAGE}`;

export interface HarCliIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

// Called from outside netmon.ts (library.ts), the default prints through printLine too: HAR text reaches it.
const processIo: HarCliIo = {
  stdout: (line) => printLine(process.stdout, line),
  stderr: (line) => printLine(process.stderr, line),
};

/** `netmon har …` subcommands; exit 0 on success, 2 on usage or input errors. */
export async function runHar(args: readonly string[], io: HarCliIo = processIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'diff') return runHarDiff(rest, io);
  if (sub === 'redact') return runHarRedact(rest, io);
  if (sub === 'insights') return runHarInsights(rest, io);
  if (sub === 'report' && (rest.includes('--help') || rest.includes('-h'))) {
    io.stdout(HAR_REPORT_USAGE);
    return 0;
  }
  if (sub !== 'report') {
    const help = sub === undefined || sub === '--help' || sub === '-h';
    if (help) io.stdout(HAR_USAGE);
    else io.stderr(`netmon har: unknown subcommand ${untrustedLine(sub, 60)}\n${HAR_USAGE}`);
    return sub === '--help' || sub === '-h' ? 0 : 2;
  }
  const flags = new Map<string, string>();
  const positional: string[] = [];
  let force = false;
  let followLinks = false;
  let redact = true;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (['-o', '--out', '--page', '--title'].includes(arg)) flags.set(arg === '--out' ? '-o' : arg, rest[++i] ?? '');
    else if (arg === '--force') force = true;
    else if (arg === '--follow-links') followLinks = true;
    else if (arg === '--no-redact') redact = false;
    else positional.push(arg);
  }
  const input = positional[0];
  const output = flags.get('-o');
  if (!input || !output || positional.length > 1) {
    io.stderr(HAR_REPORT_USAGE);
    return 2;
  }
  let har: ReportHar;
  try {
    har = await readHarForReport(input, redact);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const why = message.startsWith('nested deeper than')
      ? `${input} is ${message}`
      : `cannot read ${input} as JSON: ${message}`;
    io.stderr(
      terminalSafe(error instanceof ReportInputError ? `netmon har report: ${message}` : `netmon har report: ${why}`),
    );
    return 2;
  }
  const redacted = har.report;
  const html = renderHarReportJson(har.parts, har.title, {
    bundle: loadHarBundle(),
    ...(redacted ? {} : { notRedacted: true }),
    ...(flags.get('--title') ? { title: flags.get('--title') } : {}),
    ...(flags.get('--page') ? { pageId: flags.get('--page') } : {}),
  });
  try {
    writeOutputFile(output, html, { force, root: linkCheckRoot(output, followLinks) });
  } catch (error) {
    if (!(error instanceof OutputFileError)) throw error;
    io.stderr(terminalSafe(`netmon har report: ${error.message}`));
    return 2;
  }
  const redaction = redacted
    ? `redacted ${redacted.total} values (--no-redact keeps them)`
    : 'NOT redacted: it holds the cookies, tokens and bodies as recorded';
  // Why it was slow first; the last line stays the one saying what was written.
  for (const line of reportInsightLines(har.parts, flags.get('--page'))) io.stdout(line);
  io.stdout(
    terminalSafe(`wrote ${output} (${Math.round(html.length / 1024)} kB) from ${basename(input)}; ${redaction}`),
  );
  return 0;
}
