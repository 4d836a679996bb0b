// README.md and the guides in docs/ name things the code can contradict: VS Code commands and
// settings, `netmon` commands and their flags, files. Each name is checked against where the code
// defines it (package.json's contributions, the CLI's command table, the CLI's source, the file
// tree), so a guide never sends a newcomer to a command, flag or file that is not there. The
// checkers are tried on a made-up guide first: each false claim in it must be reported.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const README_MAX_LINES = 150;

interface Guide {
  /** Relative to the repository root, with `/`. */
  path: string;
  text: string;
}

interface Known {
  commandIds: ReadonlySet<string>;
  commandTitles: ReadonlySet<string>;
  settings: ReadonlySet<string>;
  toolReferences: ReadonlySet<string>;
  cliCommands: ReadonlySet<string>;
  cliSource: string;
}

interface Contributions {
  contributes: {
    commands: { command: string; title: string }[];
    configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[];
    languageModelTools?: { toolReferenceName?: string }[];
  };
}

function guides(): Guide[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

/** The names of `netmon`'s commands, read from its dispatcher's COMMANDS table. */
function cliCommandNames(source: string): Set<string> {
  const table = /const COMMANDS\b[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source)?.[1];
  assert.ok(table, 'src/cli/netmon.ts has no COMMANDS table: update this test to where the CLI lists its commands');
  return new Set([...table.matchAll(/^ {2}(?:'([^']+)'|([a-z][\w-]*)): \{/gm)].map((m) => m[1] ?? m[2] ?? ''));
}

function known(): Known {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Contributions;
  const { commands, configuration, languageModelTools = [] } = manifest.contributes;
  const cliFiles = readdirSync(join(ROOT, 'src', 'cli')).filter((name) => name.endsWith('.ts'));
  return {
    commandIds: new Set(commands.map((c) => c.command)),
    commandTitles: new Set(commands.map((c) => c.title)),
    settings: new Set(
      (Array.isArray(configuration) ? configuration : [configuration]).flatMap((c) => Object.keys(c.properties)),
    ),
    toolReferences: new Set(languageModelTools.flatMap((t) => (t.toolReferenceName ? [t.toolReferenceName] : []))),
    cliCommands: cliCommandNames(readFileSync(join(ROOT, 'src', 'cli', 'netmon.ts'), 'utf8')),
    cliSource: cliFiles.map((name) => readFileSync(join(ROOT, 'src', 'cli', name), 'utf8')).join('\n'),
  };
}

const FENCE = /^```([\w-]*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
/** Code blocks whose lines are commands or their output. */
const SHELL_LANGUAGES = new Set(['', 'sh', 'bash', 'shell', 'console', 'text']);

/** The text outside fenced code blocks (each block replaced by as many empty lines). */
function prose(text: string): string {
  return text.replace(FENCE, (block) => '\n'.repeat(block.split('\n').length - 1));
}

function inlineCode(text: string): string[] {
  return [...prose(text).matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
}

/** Every line of a shell or text code block, and every inline code span that starts with `netmon `. */
function commandLines(text: string): string[] {
  const blocks = [...text.matchAll(FENCE)].filter((m) => SHELL_LANGUAGES.has(m[1] ?? ''));
  const lines = blocks.flatMap((m) => (m[2] ?? '').split('\n'));
  return [...lines, ...inlineCode(text).filter((span) => /^netmon\s/.test(span))];
}

/** A `netmon` invocation (`netmon …`, `$ netmon …`, `node …/netmon.js …`): its command and the rest of its segment. */
const INVOCATION = /(?:^|[\s;&|(])(?:node\s+\S*netmon\.js|netmon)\s+([a-z][\w-]*)([^\n]*)/g;

function invocations(text: string): { command: string; rest: string; line: string }[] {
  return commandLines(text).flatMap((line) =>
    [...line.matchAll(INVOCATION)].map((m) => ({
      command: m[1] ?? '',
      // A segment ends where the shell starts another command or redirects the output (a `|` or
      // `>` between blanks: `<id|n>` and `<file>` are placeholders).
      rest: (m[2] ?? '').split(/&&|\|\||;|\s\|\s|\s\d?>>?(?=\s)/)[0] ?? '',
      line: line.trim(),
    })),
  );
}

/** File-like names (`netmon.js`) are not command ids. */
const FILE_SUFFIX = /\.(js|mjs|cjs|ts|json|md|har|html|sarif|xml|png|svg)$/;

function commandProblems(guide: Guide, k: Known): string[] {
  const problems: string[] = [];
  for (const span of inlineCode(guide.text)) {
    if (
      /^netmon(\.[A-Za-z]+)+$/.test(span) &&
      !FILE_SUFFIX.test(span) &&
      !k.commandIds.has(span) &&
      !k.settings.has(span)
    )
      problems.push(`${guide.path}: \`${span}\` is neither a command nor a setting in package.json`);
  }
  const prosed = prose(guide.text);
  for (const m of prosed.matchAll(/(\*\*|["“`])Netmon: ([^*"“”`]{1,80}?)(\*\*|["”`])/g)) {
    const title = (m[2] ?? '').replace(/\s+/g, ' ').trim();
    if (!k.commandTitles.has(title))
      problems.push(`${guide.path}: "Netmon: ${title}" is not a command title in package.json`);
  }
  for (const m of prosed.matchAll(/#(netmon[A-Z]\w*)/g)) {
    if (!k.toolReferences.has(m[1] ?? ''))
      problems.push(`${guide.path}: #${m[1]} is not a language-model tool's reference name in package.json`);
  }
  return problems;
}

function cliProblems(guide: Guide, k: Known): string[] {
  const problems: string[] = [];
  for (const { command, rest, line } of invocations(guide.text)) {
    if (!k.cliCommands.has(command)) {
      problems.push(`${guide.path}: \`netmon ${command}\` is not a netmon command (src/cli/netmon.ts): ${line}`);
      continue;
    }
    for (const m of rest.matchAll(/(?:^|[\s(,[])(--[a-z][\w-]*)/g)) {
      const flag = m[1] ?? '';
      // Written out (`'--window'`, a usage line) or as a parseArgs option name (`'no-redact'`), whole.
      if (!new RegExp(`${flag}(?![\\w-])|'${flag.slice(2)}'`).test(k.cliSource))
        problems.push(`${guide.path}: ${flag} appears nowhere in src/cli/*.ts: ${line}`);
    }
  }
  return problems;
}

/** GitHub's anchors for a markdown file's headings. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (m[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** The targets of a markdown file's links and images (and HTML images). */
function linkTargets(text: string): string[] {
  return [
    ...[...prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? ''),
    ...[...prose(text).matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ];
}

/** `read(path)` is the text of a repository file, or undefined when there is none. */
function linkProblems(guide: Guide, read: (path: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(guide.text)) {
    if (/^[a-z][\w+.-]*:/i.test(target)) continue; // https:, mailto: …
    const [file = '', anchor] = target.split('#');
    const path =
      file === '' ? guide.path : posix.normalize(posix.join(posix.dirname(guide.path), decodeURIComponent(file)));
    if (path.startsWith('..')) {
      problems.push(`${guide.path}: ${target} points outside the repository`);
      continue;
    }
    const text = read(path);
    if (text === undefined) problems.push(`${guide.path}: ${target} does not exist`);
    else if (anchor && path.endsWith('.md') && !anchors(text).has(anchor))
      problems.push(`${guide.path}: ${target}: ${path} has no heading #${anchor}`);
  }
  return problems;
}

function readRepositoryFile(path: string): string | undefined {
  const full = join(ROOT, path);
  if (!existsSync(full)) return undefined;
  return path.endsWith('.md') ? readFileSync(full, 'utf8') : '';
}

describe('the claims of README.md and docs/*.md', () => {
  const all = guides();
  const k = known();

  it('checks a made-up guide and reports each of its false claims', () => {
    const bad: Guide = {
      path: 'docs/made-up.md',
      text: [
        '# Made up',
        'Run `netmon.noSuchCommand`, or **Netmon: Fly to the Moon**, or #netmonNoSuchTool.',
        'Open [the guide](no-such-guide.md), [a heading](cli.md#no-such-heading) and ![a picture](screenshots/none.png).',
        '```sh',
        'netmon frobnicate tests/',
        'netmon plan tests/ --no-such-flag --json --win',
        '```',
        'And `netmon validate --also-no-such-flag` inline.',
      ].join('\n'),
    };
    const reported = [...commandProblems(bad, k), ...cliProblems(bad, k), ...linkProblems(bad, readRepositoryFile)];
    for (const claim of [
      'netmon.noSuchCommand',
      'Netmon: Fly to the Moon',
      '#netmonNoSuchTool',
      'no-such-guide.md',
      '#no-such-heading',
      'screenshots/none.png',
      '`netmon frobnicate`',
      '--no-such-flag',
      '--also-no-such-flag',
      ': --win appears',
    ])
      assert.ok(
        reported.some((problem) => problem.includes(claim)),
        `${claim} was not reported:\n${reported.join('\n')}`,
      );
    assert.ok(!reported.some((problem) => problem.includes(': --json appears')), reported.join('\n'));
  });

  it('finds the CLI commands in its dispatcher, and the commands and links the guides show', () => {
    for (const command of ['validate', 'plan', 'apply', 'har', 'mcp']) assert.ok(k.cliCommands.has(command), command);
    const shown = new Set(all.flatMap((guide) => invocations(guide.text).map((i) => i.command)));
    for (const command of ['validate', 'plan', 'apply', 'har', 'mcp', 'evidence'])
      assert.ok(shown.has(command), command);
    assert.ok(all.flatMap((guide) => linkTargets(guide.text)).length > 20);
  });

  it('names only commands, settings and tools that package.json contributes', () => {
    assert.deepEqual(
      all.flatMap((guide) => commandProblems(guide, k)),
      [],
    );
  });

  it('shows only netmon commands and flags the CLI has', () => {
    assert.deepEqual(
      all.flatMap((guide) => cliProblems(guide, k)),
      [],
    );
  });

  it('links only to files and headings that exist', () => {
    assert.deepEqual(
      all.flatMap((guide) => linkProblems(guide, readRepositoryFile)),
      [],
    );
  });

  it('keeps the README short, its test command first, and mentions no folder outside the repository', () => {
    const readme = all.find((guide) => guide.path === 'README.md')?.text ?? '';
    const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
    assert.ok(lines < README_MAX_LINES, `README.md has ${lines} lines; keep it under ${README_MAX_LINES}`);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    assert.match(firstBlock, /^npm ci && npm start\b/m);
    assert.match(firstBlock, /^npm ci && npm test\b/m);
    for (const guide of all) assert.ok(!guide.text.includes('../shared'), `${guide.path} mentions ../shared`);
  });
});
