// `netmon validate <files, folders or globs>`: schema and offline semantic rules (live rules
// with --catalog), one `file:line:col severity message` line per problem. Exit 0 when
// clean, 1 when there are problems, 2 on usage errors.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { displayPath, expandDocuments } from '../workflows/files';
import { DOCUMENT_GLOB, validateFiles } from '../workflows/validate';
import { printLine } from './io';
import { formatReport, textLine, VALIDATE_FORMATS, type Finding, type ValidateFormat } from './validate-formats';
import { PACKAGE_VERSION } from '../api/version';
import { DOCUMENT_SUFFIXES, type LiveCatalog } from '../documents';

export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  cwd: string;
}

const defaultIo: CliIo = {
  stdout: (line) => printLine(process.stdout, line),
  stderr: (line) => printLine(process.stderr, line),
  cwd: process.cwd(),
};

export const VALIDATE_USAGE =
  `usage: netmon validate [--catalog <file.json>] [--format text|json|sarif|junit] ` +
  `<files, folders or globs>…
  Checks ${Object.values(DOCUMENT_SUFFIXES)
    .map((s) => `*${s}`)
    .join(', ')} documents against their schemas
  and semantic rules; folders are searched recursively. --catalog reads a LiveCatalog (agents,
  networks, account groups, locations, SSIDs) and also reports ids unknown to it.
  --format: text (file:line:col severity message [rule], the default), json, sarif (SARIF
  2.1.0, for code-scanning annotations) or junit (JUnit XML, one test case per document).
  Exit code: 0 clean, 1 problems found, 2 usage error.`;

interface ParsedArgs {
  patterns: string[];
  catalogFile?: string;
  format: ValidateFormat;
  help: boolean;
}

function parseArgs(args: readonly string[]): ParsedArgs | string {
  const parsed: ParsedArgs = { patterns: [], format: 'text', help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-h' || arg === '--help') parsed.help = true;
    else if (arg === '--catalog') {
      const file = args[++i];
      if (!file) return '--catalog needs a file';
      parsed.catalogFile = file;
    } else if (arg === '--format') {
      const format = args[++i];
      if (!(VALIDATE_FORMATS as readonly string[]).includes(format ?? ''))
        return `--format must be one of ${VALIDATE_FORMATS.join(', ')}`;
      parsed.format = format as ValidateFormat;
    } else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else parsed.patterns.push(arg);
  }
  return parsed;
}

async function readCatalog(file: string, cwd: string): Promise<LiveCatalog> {
  const value: unknown = JSON.parse(await readFile(resolve(cwd, file), 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${file} is not a LiveCatalog object`);
  return value as LiveCatalog;
}

export async function runValidate(args: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string' || parsed.help || parsed.patterns.length === 0) {
    if (typeof parsed === 'string') io.stderr(`netmon validate: ${parsed}`);
    io.stderr(VALIDATE_USAGE);
    return typeof parsed !== 'string' && parsed.help ? 0 : 2;
  }
  let catalog: LiveCatalog | undefined;
  try {
    catalog = parsed.catalogFile === undefined ? undefined : await readCatalog(parsed.catalogFile, io.cwd);
  } catch (error) {
    io.stderr(`netmon validate: cannot read the catalog: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const files = await expandDocuments(parsed.patterns, io.cwd, DOCUMENT_GLOB);
  if (files.length === 0) {
    io.stderr(`netmon validate: no documents matched ${parsed.patterns.join(' ')}`);
    return 2;
  }
  return report(files, catalog, parsed.format, io);
}

async function report(
  files: readonly string[],
  catalog: LiveCatalog | undefined,
  format: ValidateFormat,
  io: CliIo,
): Promise<number> {
  const validated = await validateFiles(files, (file) => displayPath(file, io.cwd), catalog);
  const shown = validated.map((file) => file.name);
  // In the order of the files: each file's findings together.
  const findings: Finding[] = validated.flatMap(({ name, document, problems }) =>
    document
      ? problems.map((diagnostic) => ({ file: name, diagnostic }))
      : [{ file: name, diagnostic: notADocument() }],
  );
  if (format === 'text') for (const finding of findings) io.stdout(textLine(finding));
  else io.stdout(formatReport({ files: shown, findings }, format, PACKAGE_VERSION));
  const errors = findings.filter((f) => f.diagnostic.severity === 'error').length;
  const problems = findings.length;
  io.stderr(
    problems === 0
      ? `${files.length} document${files.length === 1 ? '' : 's'} OK`
      : `${problems} problem${problems === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ` +
          `${problems - errors} warning${problems - errors === 1 ? '' : 's'}) in ${files.length} document` +
          `${files.length === 1 ? '' : 's'}`,
  );
  return problems === 0 ? 0 : 1;
}

function notADocument(): Finding['diagnostic'] {
  const start = { line: 0, character: 0 };
  return {
    range: { offset: 0, length: 0, start, end: start },
    severity: 'error',
    source: 'syntax',
    code: 'cli/unknown-kind',
    message: `Not a Netmon document: the name must end with ${Object.values(DOCUMENT_SUFFIXES).join(', ')}`,
  };
}
