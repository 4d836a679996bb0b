// Finds tests that will fail on another day. Two kinds:
// 1. a fixture or test holding an absolute date within 30 days either side of the commit that
//    added its line (uncommitted lines: of today): any format relative to "now" ("Fri 11:55",
//    "Nov 20", "3 days ago") changes under it as the calendar moves on. Date fixtures relative to
//    the test's own now instead, or list the file in test/dated-fixtures.json with the reason its
//    readers cannot age (they are all given a fixed now, say);
// 2. a test calling a function of src/ that reads the clock when no `now` is passed (an optional
//    `now` parameter) without passing one.
//
//   node scripts/check-test-clock.mjs [--root DIR]   exit 1 and one line per finding
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const DAY_MS = 86_400_000;
const ALLOWED_FILE = 'test/dated-fixtures.json';
export const RECENT_DAYS = 30;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/g;

/** Every date a line holds that reads as a calendar date, as epoch ms (UTC midnight or the time given). */
export function datesIn(line) {
  const found = [];
  for (const match of line.matchAll(ISO_DATE)) {
    const [, y, mo, d, h = '00', mi = '00'] = match;
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
    if (Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31) found.push({ text: match[0], ms });
  }
  return found;
}

/** Whether a date sits within RECENT_DAYS either side of the instant its line was written. */
export function isRecent(dateMs, writtenMs) {
  return Math.abs(writtenMs - dateMs) <= RECENT_DAYS * DAY_MS;
}

function git(root, args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/** When each line of a file was written: its commit's time, or now for lines not committed yet. */
function lineTimes(root, path, nowMs, ignoreRevs) {
  let porcelain;
  try {
    porcelain = git(root, ['blame', '--line-porcelain', ...ignoreRevs, '--', path]);
  } catch {
    return undefined; // untracked: every line is new
  }
  const times = [];
  let time = nowMs;
  for (const line of porcelain.split('\n')) {
    // Lines not committed yet carry the time of the blame, which is now.
    if (line.startsWith('committer-time ')) time = Number(line.slice('committer-time '.length)) * 1000;
    else if (line.startsWith('\t')) times.push(time);
  }
  return times;
}

export function recentDateFindings(root, files, allowed, nowMs) {
  const oldest = Number(git(root, ['log', '--reverse', '--format=%ct']).split('\n')[0] || nowMs / 1000) * 1000;
  // Layout-only commits (the formatter's) did not write the dates they moved.
  const ignoreRevs = existsSync(join(root, '.git-blame-ignore-revs'))
    ? ['--ignore-revs-file', '.git-blame-ignore-revs']
    : [];
  const findings = [];
  for (const path of files) {
    if (allowed[path] || statSync(join(root, path)).size > MAX_FILE_BYTES) continue;
    const lines = readFileSync(join(root, path), 'utf8').split('\n');
    const suspect = lines.some((line) =>
      datesIn(line).some(({ ms }) => ms >= oldest - RECENT_DAYS * DAY_MS && ms <= nowMs + RECENT_DAYS * DAY_MS),
    );
    if (!suspect) continue;
    const times = lineTimes(root, path, nowMs, ignoreRevs);
    lines.forEach((line, index) => {
      const written = times?.[index] ?? nowMs;
      for (const { text, ms } of datesIn(line)) {
        if (isRecent(ms, written))
          findings.push(
            `${path}:${index + 1}: ${text} is within ${RECENT_DAYS} days of when the line was written (${new Date(written).toISOString().slice(0, 10)}): date it relative to the test's now`,
          );
      }
    });
  }
  return findings;
}

/** Exported functions of src/ with an optional `now` parameter: name → the parameter's position. */
export function clockReaders(sources) {
  const readers = new Map();
  for (const { path, text } of sources) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const statement of file.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const index = statement.parameters.findIndex(
        (p) => ts.isIdentifier(p.name) && /^now(Ms)?$/.test(p.name.text) && (p.questionToken || p.initializer),
      );
      if (index >= 0) readers.set(statement.name.text, index);
    }
  }
  return readers;
}

export function callsWithoutNow(tests, readers) {
  const findings = [];
  for (const { path, text } of tests) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const name = ts.isIdentifier(node.expression)
          ? node.expression.text
          : ts.isPropertyAccessExpression(node.expression)
            ? node.expression.name.text
            : undefined;
        const at = name === undefined ? undefined : readers.get(name);
        const spread = node.arguments.some((a) => ts.isSpreadElement(a));
        if (at !== undefined && !spread && node.arguments.length <= at) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          findings.push(`${path}:${line + 1}: ${name}(…) reads the clock when given no now: pass the test's now`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return findings;
}

export function checkTestClock(root, nowMs = Date.now()) {
  const listed = (dir) => git(root, ['ls-files', '-co', '--exclude-standard', '--', dir]).split('\n').filter(Boolean);
  const allowedPath = join(root, ALLOWED_FILE);
  let allowed = {};
  try {
    allowed = JSON.parse(readFileSync(allowedPath, 'utf8'));
  } catch {
    /* none listed */
  }
  allowed[ALLOWED_FILE] = 'the list itself';
  const testFiles = listed('test');
  const read = (path) => ({ path, text: readFileSync(join(root, path), 'utf8') });
  const readers = clockReaders(
    listed('src')
      .filter((p) => p.endsWith('.ts'))
      .map(read),
  );
  return [
    ...recentDateFindings(root, testFiles, allowed, nowMs),
    ...callsWithoutNow(testFiles.filter((p) => p.endsWith('.ts')).map(read), readers),
  ];
}

if (process.argv[1] && relative(process.argv[1], new URL(import.meta.url).pathname) === '') {
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? process.argv[rootArg + 1] : process.cwd();
  const findings = checkTestClock(root);
  for (const finding of findings) console.log(finding);
  console.log(
    findings.length === 0
      ? 'check-test-clock: no test depends on the calendar'
      : `check-test-clock: ${findings.length} finding(s)`,
  );
  process.exit(findings.length === 0 ? 0 : 1);
}
