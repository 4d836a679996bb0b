// Rules over many documents at once: a testName must be unique across the workspace
// (among documents of the same kind, since enterprise and instant tests live apart).
import { DiagnosticSink, type DocumentDiagnostic } from '../diagnostic';
import type { DocumentKind } from '../kinds';
import type { ParsedDocument } from '../parse';
import { propertyValue, stringValue } from '../tree';

export interface WorkspaceDocument {
  /** Whatever names the document to the user: a path, a URI. */
  uri: string;
  kind: DocumentKind;
  parsed: ParsedDocument;
}

export function duplicateTestNameDiagnostics(
  documents: readonly WorkspaceDocument[],
): Map<string, DocumentDiagnostic[]> {
  const byName = new Map<string, WorkspaceDocument[]>();
  for (const document of documents) {
    if (document.kind === 'filter') continue;
    const name = stringValue(propertyValue(document.parsed.root, 'testName'))?.trim();
    if (!name) continue;
    const group = `${document.kind}\u0000${name}`;
    byName.set(group, [...(byName.get(group) ?? []), document]);
  }
  const result = new Map<string, DocumentDiagnostic[]>();
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    for (const document of group) {
      const node = propertyValue(document.parsed.root, 'testName');
      if (!node) continue;
      const others = group
        .filter((d) => d !== document)
        .map((d) => d.uri)
        .sort();
      const sink = new DiagnosticSink(document.parsed.lines);
      sink.atNode(
        node,
        'error',
        'workspace/duplicate-test-name',
        `testName "${String(node.value)}" is also used by ${others.join(', ')}`,
        'workspace',
      );
      result.set(document.uri, [...(result.get(document.uri) ?? []), ...sink.diagnostics]);
    }
  }
  return result;
}
