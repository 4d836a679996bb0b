// One entry point per use: validate one document (editor, on change) or many (CLI, the
// workspace rule). Syntax, schema, semantic and - with a catalog - live diagnostics.
import { compareDiagnostics, DiagnosticSink, type DocumentDiagnostic } from './diagnostic';
import { documentKindOf, type DocumentKind } from './kinds';
import type { LiveCatalog } from './live-catalog';
import { parseDocument, type ParsedDocument } from './parse';
import { checkEndpointTestDocument } from './endpoint-tests/rules';
import { checkFilterDocument } from './rules/filter-rules';
import { checkInstantDocument } from './rules/instant-rules';
import { checkLiveIds } from './rules/live-rules';
import { checkRemoteSchema } from './rules/schema-rules';
import { checkTestDocument } from './rules/test-rules';
import { duplicateTestNameDiagnostics, type WorkspaceDocument } from './rules/workspace-rules';
import { validateSchema } from './schema';

export interface ValidateOptions {
  /** Cached live data of the connected account; live rules run only when given. */
  catalog?: LiveCatalog;
}

export interface ValidatedDocument {
  parsed: ParsedDocument;
  diagnostics: DocumentDiagnostic[];
}

export function validateParsed(
  kind: DocumentKind,
  parsed: ParsedDocument,
  options: ValidateOptions = {},
): DocumentDiagnostic[] {
  const diagnostics = [...parsed.syntaxDiagnostics];
  const root = parsed.root;
  if (root?.type !== 'object') {
    if (root)
      diagnostics.push({
        range: parsed.lines.nodeRange(root),
        severity: 'error',
        code: 'schema/type',
        message: 'The document must be a JSON object',
        source: 'schema',
      });
    return diagnostics.sort(compareDiagnostics);
  }
  diagnostics.push(...validateSchema(kind, parsed));
  const sink = new DiagnosticSink(parsed.lines);
  if (kind === 'test') checkTestDocument(root, sink);
  else if (kind === 'instant') checkInstantDocument(root, sink);
  else if (kind === 'endpoint-test') checkEndpointTestDocument(root, sink);
  else checkFilterDocument(root, sink);
  checkRemoteSchema(root, sink);
  if (options.catalog) checkLiveIds(kind, root, options.catalog, sink);
  diagnostics.push(...sink.diagnostics);
  return diagnostics.sort(compareDiagnostics);
}

export function validateDocument(kind: DocumentKind, text: string, options: ValidateOptions = {}): ValidatedDocument {
  const parsed = parseDocument(text);
  return { parsed, diagnostics: validateParsed(kind, parsed, options) };
}

export interface SourceDocument {
  uri: string;
  text: string;
  kind?: DocumentKind;
}

/**
 * Validates a set of documents together: each on its own, plus the workspace rules.
 * The kind comes from the file name unless given; unknown kinds are skipped.
 */
export function validateDocuments(
  documents: readonly SourceDocument[],
  options: ValidateOptions = {},
): Map<string, DocumentDiagnostic[]> {
  const result = new Map<string, DocumentDiagnostic[]>();
  const workspace: WorkspaceDocument[] = [];
  for (const document of documents) {
    const kind = document.kind ?? documentKindOf(document.uri);
    if (!kind) continue;
    const parsed = parseDocument(document.text);
    result.set(document.uri, validateParsed(kind, parsed, options));
    workspace.push({ uri: document.uri, kind, parsed });
  }
  for (const [uri, extra] of duplicateTestNameDiagnostics(workspace)) {
    result.set(uri, [...(result.get(uri) ?? []), ...extra].sort(compareDiagnostics));
  }
  return result;
}
