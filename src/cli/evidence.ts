// `netmon evidence session|path …`: one self-contained evidence file per investigation, to
// attach to a ticket for another team (network team, SaaS vendor, ISP): the verdict and its
// numbers, the mtr-style path, the waterfalls, the redacted HARs, the pinned hops and the
// permalinks. HTML by default (opens offline, runs no script); --markdown adds a Markdown
// file with its images and HARs beside it. The builders and renderers are src/analysis/evidence.
import { basename, dirname, extname, resolve } from 'node:path';
import type { FileSet } from '../files/safe-write';
import {
  EVIDENCE_LIMITS,
  renderEvidenceHtml,
  renderEvidenceMarkdown,
  type EvidenceDocument,
} from '../analysis/evidence';
import { fileStem } from '../analysis/evidence/text';
import { terminalSafe } from '../analysis/text/untrusted';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { processIo, reportFailure, type CliIo } from './io';
import { linkCheckRoot, writeOutputSets } from './output-file';
import {
  harDiffDocument,
  pathDocument,
  sessionDocument,
  timelineDocument,
  type EvidenceOptions,
} from './evidence-documents';
import { readTimeRange, TIME_RANGE_USAGE } from './time-range';

export const EVIDENCE_USAGE =
  `usage: netmon evidence session <userSessionId> [-o out.html] [--markdown out.md] [--highlight IP …] ` +
  `[--window 24h | --from T --to T] [--force] [--follow-links] [account]
       netmon evidence path --test <id> [--round R] [--against R0] [--highlight IP …] [-o out.html] ` +
  `[--markdown out.md] [--window 24h | --from T --to T] [--force] [--follow-links] [account]
       netmon evidence timeline <computer name | agent id> [-o out.html] [--markdown out.md] ` +
  `[--window 24h | --from T --to T] [--force] [--follow-links] [account]
       netmon evidence har-diff <before.har[.gz]> <after.har[.gz]> [--page A B] [-o out.html] ` +
  `[--markdown out.md] [--force] [--follow-links]
  One evidence file per investigation, for a ticket to another team: the verdict and its
  numbers, the time range and account group, the mtr-style path, the waterfall of each page
  with its HAR embedded (redacted: cookies, credentials, tokens and response bodies removed;
  the file says how many values each rule removed), the highlighted hops and the links to
  the records. The HTML opens offline in any browser and runs no script.
  session: a user session with its pages' HARs (at most ${EVIDENCE_LIMITS.maxHars}).
  path: a scheduled test's path in one round: where the problem is, the path per agent,
  and with --against what changed since that round.
  timeline: one endpoint agent over the range: the verdict over time and what changed.
  har-diff: two HAR files (no account needed): what changed, request by request, and both
  HARs attached redacted; --page picks a page of each (id, number or *).
  -o FILE          the HTML file; default evidence-session-<id>.html or evidence-path-<test>-<round>.html
                   in the current folder; - writes it to stdout
  --markdown FILE  also a Markdown file, with its images (.svg) and redacted HARs beside it,
                   named after FILE (FILE-waterfall-1.svg, …)
  --highlight IP   a hop to show as highlighted (repeat it, or separate with commas); hops not
                   on the path are left out
  --round R        path: the round (epoch seconds or ISO 8601); the newest round in range by default
  --against R0     path: a baseline round to compare with
  --force          overwrite files that exist (they are kept otherwise)
  --follow-links   write through a symbolic link among the folders of FILE below the current
                   folder (refused otherwise: a repository can commit one that points elsewhere)
${TIME_RANGE_USAGE}
${ACCOUNT_USAGE}
  Exit code: 0 written; 2 could not run (usage, unknown session or test, connection, a file
  that exists without --force).`;

const SUBCOMMANDS = ['session', 'path', 'timeline', 'har-diff'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

const VALUE_FLAGS = new Set(['-o', '--out', '--markdown', '--highlight', '--test', '--round', '--against']);

export async function runEvidence(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || rest.includes('--help') || rest.includes('-h')) {
    io.stdout(EVIDENCE_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (!(SUBCOMMANDS as readonly string[]).includes(sub))
    return reportFailure('evidence', new UsageError(`unknown subcommand ${sub}`), EVIDENCE_USAGE, io);
  const subcommand = sub as Subcommand;
  // Read here, not by readOptions: it is about where files go, not what the evidence says.
  const followLinks = rest.includes('--follow-links');
  const words = rest.filter((word) => word !== '--follow-links');
  let account: Account | undefined;
  try {
    if (subcommand === 'har-diff') {
      // files only: account options are accepted and not used
      const options = readOptions(subcommand, takeAccountFlags(words).rest);
      const doc = harDiffDocument(options);
      return write(doc, options, defaultName(doc, options), io, followLinks);
    }
    const { flags, rest: unflagged } = takeAccountFlags(words);
    const { range, rest: others } = readTimeRange(unflagged, Date.now());
    if (range.note) io.stderr(`netmon evidence: ${range.note}`);
    const options = readOptions(subcommand, others);
    account = await openAccount(flags, io.env);
    const read = { session: sessionDocument, path: pathDocument, timeline: timelineDocument }[subcommand];
    const doc = await read(account, options, range);
    return write(doc, options, defaultName(doc, options), io, followLinks);
  } catch (error) {
    return reportFailure(`evidence ${sub}`, error, EVIDENCE_USAGE, io);
  } finally {
    await account?.close();
  }
}

function readOptions(sub: Subcommand, words: readonly string[]): EvidenceOptions {
  const options: EvidenceOptions = { subject: undefined, highlight: [], force: false };
  const positional: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '--force') {
      options.force = true;
      continue;
    }
    if (word === '--page' && sub === 'har-diff') {
      const [a, b] = [words[i + 1], words[i + 2]];
      if (!a || !b) throw new UsageError('--page takes two pages: one of each file');
      options.pages = [a, b];
      i += 2;
      continue;
    }
    if (!VALUE_FLAGS.has(word)) {
      if (word.startsWith('-') && word !== '-') throw new UsageError(`unknown option ${word}`);
      positional.push(word);
      continue;
    }
    const value = words[++i];
    if (value === undefined || value === '') throw new UsageError(`${word} needs a value`);
    if (word === '--highlight')
      options.highlight.push(
        ...value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      );
    else if (word === '-o' || word === '--out') options.output = value;
    else if (word === '--markdown') options.markdown = value;
    else if (word === '--test') options.testId = testId(value);
    else if (word === '--round') options.round = value;
    else options.against = value;
  }
  if (sub !== 'path' && (options.testId !== undefined || options.round !== undefined || options.against !== undefined))
    throw new UsageError('--test, --round and --against are for evidence path');
  if (sub === 'har-diff') {
    if (positional.length !== 2) throw new UsageError('two HAR files are needed: before and after');
    options.files = [positional[0] as string, positional[1] as string];
  } else if (sub === 'session' || sub === 'timeline') {
    if (positional.length !== 1)
      throw new UsageError(
        sub === 'session' ? 'name one user session (its userSessionId)' : 'name one agent (its computer name or id)',
      );
    options.subject = positional[0];
  } else {
    if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0]}`);
    if (options.testId === undefined) throw new UsageError('--test needs the id of a scheduled endpoint test');
  }
  if (options.markdown === '-') throw new UsageError('--markdown needs a file name (its images are written beside it)');
  return options;
}

function testId(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError('--test needs the id of a scheduled endpoint test');
  return Number(value);
}

function defaultName(doc: EvidenceDocument, options: EvidenceOptions): string {
  if (doc.kind === 'session') return `evidence-session-${fileStem(options.subject ?? 'session')}.html`;
  if (doc.kind === 'timeline') return `evidence-agent-${fileStem(options.subject ?? 'agent')}.html`;
  if (doc.kind === 'har-diff') {
    const after = options.files?.[1];
    return `evidence-har-diff-${fileStem(basename(after ?? 'after', extname(after ?? '')))}.html`;
  }
  const rounds = doc.facts.find((f) => f.label === 'Rounds')?.value ?? '';
  const when = /(\d{4}-\d\d-\d\d) (\d\d):(\d\d)/.exec(rounds);
  return `evidence-path-${options.testId}${when ? `-${when[1]}T${when[2]}${when[3]}Z` : ''}.html`;
}

/** Every file checked before any is written: an existing one or a link stops the whole run, not half of it. */
function write(
  doc: EvidenceDocument,
  options: EvidenceOptions,
  fallbackName: string,
  io: CliIo,
  followLinks: boolean,
): number {
  const html = renderEvidenceHtml(doc);
  const sets: FileSet[] = [];
  const toStdout = options.output === '-';
  const mainFile = (path: string, content: string): FileSet => {
    const root = linkCheckRoot(path, followLinks, io.cwd);
    return { folder: dirname(path), main: { name: basename(path), content }, ...(root ? { root } : {}) };
  };
  if (!toStdout) sets.push(mainFile(resolve(io.cwd, options.output ?? fallbackName), html));
  if (options.markdown !== undefined) {
    const mdPath = resolve(io.cwd, options.markdown);
    const bundle = renderEvidenceMarkdown(doc, { filePrefix: basename(mdPath, extname(mdPath)) });
    sets.push({ ...mainFile(mdPath, bundle.markdown), beside: bundle.files });
  }
  const written = writeOutputSets(sets, { force: options.force });
  if (toStdout) io.stdout(html);
  const say = toStdout ? io.stderr : io.stdout;
  for (const path of written) say(terminalSafe(`wrote ${path}`));
  say(terminalSafe(`verdict: ${doc.verdict.lines[0] ?? 'none'}`));
  return 0;
}
