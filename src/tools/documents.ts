// Documents of the workspace: validated as the editor and `netmon validate` validate them, and
// the workspace files a tool may read (deploy.ts plans and applies them).
import { isAbsolute } from 'node:path';
import { DOCUMENT_SUFFIXES } from '../documents';
import { displayPath, expandDocuments } from '../workflows/files';
import { DOCUMENT_GLOB, validateFiles } from '../workflows/validate';
import { workspaceFile } from './args';
import { capList, omittedNote } from './bound';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';

export const PATTERNS = {
  type: 'array',
  minItems: 1,
  maxItems: 20,
  items: { type: 'string', minLength: 1, maxLength: 300, pattern: '^[^-]' },
  description:
    'Folders, files or globs of documents, relative to the workspace folder (e.g. ' +
    '["tests"] or ["**/*.netmon-test.json"]).',
} as const;

/** Documents read in one call, at most. */
const MAX_DOCUMENTS = 500;

/** The patterns' files, each one inside the workspace (globs are matched below it). */
export async function documentFiles(ctx: ToolContext, patterns: readonly string[], glob: string): Promise<string[]> {
  if (patterns.some((p) => p.includes('..') || isAbsolute(p) || p.startsWith('~')))
    throw new ToolInputError('name documents inside the workspace folder, relative to it (no .., no absolute paths)');
  const files = (await expandDocuments(patterns, ctx.cwd, glob)).map((file) => insideOnly(ctx, file));
  if (files.length === 0) throw new ToolInputError('no documents matched the paths quoted below', patterns);
  if (files.length > MAX_DOCUMENTS)
    throw new ToolInputError(`${files.length} documents matched; name at most ${MAX_DOCUMENTS}`);
  return files;
}

/** A matched file inside the workspace; one a link leads out of is refused without naming it. */
function insideOnly(ctx: ToolContext, file: string): string {
  try {
    return workspaceFile(ctx, file);
  } catch (error) {
    if (!(error instanceof ToolInputError)) throw error;
    throw new ToolInputError(
      'the paths matched a file outside the workspace folder (through a link); name documents inside it',
    );
  }
}

export const validateDocumentsTool: ToolDefinition = {
  name: 'validate_documents',
  title: 'Validate Netmon documents',
  description:
    `Checks test, instant-test and filter documents of the workspace (` +
    `${Object.values(DOCUMENT_SUFFIXES).join(', ')}) against their schemas and Netmon's rules, as the editor and ` +
    `netmon validate do: each problem with its file, line, rule and message.`,
  inputSchema: { type: 'object', properties: { paths: PATTERNS }, required: ['paths'], additionalProperties: false },
  writes: false,
  async run(args, ctx) {
    const files = await documentFiles(ctx, args['paths'] as string[], DOCUMENT_GLOB);
    const validated = await validateFiles(files, (file) => displayPath(file, ctx.cwd));
    const documents = validated.filter((file) => file.document);
    const problems = documents.flatMap((d) =>
      d.problems.map((p) => ({
        file: outside(d.name, 300),
        line: p.range.start.line + 1,
        severity: p.severity,
        rule: p.code,
        message: outside(p.message, 400),
      })),
    );
    const shown = capList(problems, 50);
    const errors = problems.filter((p) => p.severity === 'error').length;
    const skipped = files.length - documents.length;
    return {
      text: [
        problems.length === 0
          ? `${documents.length} document${documents.length === 1 ? '' : 's'} OK.`
          : `${problems.length} problem${problems.length === 1 ? '' : 's'} (${errors} error` +
            `${errors === 1 ? '' : 's'}) in ${documents.length} documents.`,
        skipped ? `${skipped} file${skipped === 1 ? '' : 's'} not named like a Netmon document left out.` : '',
        fenced(
          'the problems: file names and messages quote the documents',
          shown.items.map((p) => `${p.file}:${p.line} ${p.severity} ${p.rule}: ${p.message}`),
        ),
        ...omittedNote(shown.omitted, 'problems', 'validate fewer files'),
      ]
        .filter(Boolean)
        .join('\n'),
      data: { documents: documents.length, errors, problems: shown.items, problemsLeftOut: shown.omitted },
    };
  },
};
