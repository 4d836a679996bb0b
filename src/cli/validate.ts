// `netmon validate <files, folders or globs>`: schema and offline semantic rules (live rules
// with --catalog), one `file:line:col severity message` line per problem. Exit 0 when
// clean, 1 when there are problems, 2 on usage errors.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { displayPath, expandDocuments } from './files';
import { DOCUMENT_SUFFIXES, documentKindOf, validateDocuments, type DocumentDiagnostic, type LiveCatalog } from '../documents';

export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  cwd: string;
}

const defaultIo: CliIo = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
};

export const VALIDATE_USAGE = `usage: netmon validate [--catalog <file.json>] <files, folders or globs>…
  Checks ${Object.values(DOCUMENT_SUFFIXES).map((s) => `*${s}`).join(', ')} documents against their schemas
  and semantic rules; folders are searched recursively. --catalog reads a LiveCatalog (agents,
  networks, account groups, locations, SSIDs) and also reports ids unknown to it.
  Exit code: 0 clean, 1 problems found, 2 usage error.`;

const DOCUMENT_GLOB = `**/*{${Object.values(DOCUMENT_SUFFIXES).join(',')}}`;

interface ParsedArgs { patterns: string[]; catalogFile?: string; help: boolean }

function parseArgs(args: readonly string[]): ParsedArgs | string {
  const parsed: ParsedArgs = { patterns: [], help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-h' || arg === '--help') parsed.help = true;
    else if (arg === '--catalog') {
      const file = args[++i];
      if (!file) return '--catalog needs a file';
      parsed.catalogFile = file;
    } else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else parsed.patterns.push(arg);
  }
  return parsed;
}

export function formatDiagnostic(file: string, diagnostic: DocumentDiagnostic): string {
  const { line, character } = diagnostic.range.start;
  return `${file}:${line + 1}:${character + 1} ${diagnostic.severity} ${diagnostic.message} [${diagnostic.code}]`;
}

async function readCatalog(file: string, cwd: string): Promise<LiveCatalog> {
  const value: unknown = JSON.parse(await readFile(resolve(cwd, file), 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file} is not a LiveCatalog object`);
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
  return report(files, catalog, io);
}

async function report(files: readonly string[], catalog: LiveCatalog | undefined, io: CliIo): Promise<number> {
  let problems = 0;
  let errors = 0;
  const documents: { uri: string; text: string }[] = [];
  for (const file of files) {
    const uri = displayPath(file, io.cwd);
    if (!documentKindOf(file)) {
      io.stdout(`${uri}:1:1 error Not a Netmon document: the name must end with ${Object.values(DOCUMENT_SUFFIXES).join(', ')} [cli/unknown-kind]`);
      problems++; errors++;
      continue;
    }
    documents.push({ uri, text: await readFile(file, 'utf8') });
  }
  const results = validateDocuments(documents, catalog ? { catalog } : {});
  for (const { uri } of documents) {
    for (const diagnostic of results.get(uri) ?? []) {
      io.stdout(formatDiagnostic(uri, diagnostic));
      problems++;
      if (diagnostic.severity === 'error') errors++;
    }
  }
  io.stderr(problems === 0
    ? `${files.length} document${files.length === 1 ? '' : 's'} OK`
    : `${problems} problem${problems === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${problems - errors} warning${problems - errors === 1 ? '' : 's'}) in ${files.length} document${files.length === 1 ? '' : 's'}`);
  return problems === 0 ? 0 : 1;
}
