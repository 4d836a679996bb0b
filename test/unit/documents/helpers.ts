// Assertions on diagnostics: the rule (code), the exact 0-based start/end positions, and
// the text those positions cover, so a test shows which node a diagnostic underlines.
import assert from 'node:assert/strict';
import { validateDocument, type DocumentDiagnostic, type DocumentKind, type LiveCatalog } from '../../../src/documents';

export interface ExpectedRange {
  /** [line, character] of the start, 0-based as in VS Code. */
  start: [number, number];
  end: [number, number];
  /** The document text the range covers. */
  text: string;
}

export function lines(...rows: string[]): string {
  return rows.join('\n');
}

export function diagnose(kind: DocumentKind, text: string, catalog?: LiveCatalog): DocumentDiagnostic[] {
  return validateDocument(kind, text, catalog ? { catalog } : {}).diagnostics;
}

export function expectOnly(
  kind: DocumentKind,
  text: string,
  code: string,
  expected: ExpectedRange,
  catalog?: LiveCatalog,
): DocumentDiagnostic {
  const diagnostics = diagnose(kind, text, catalog);
  const summary = diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character} ${d.message}`);
  assert.equal(diagnostics.length, 1, `expected exactly one diagnostic, got:\n${summary.join('\n')}`);
  const [diagnostic] = diagnostics as [DocumentDiagnostic];
  assert.equal(diagnostic.code, code, summary.join('\n'));
  assert.deepEqual(
    {
      start: [diagnostic.range.start.line, diagnostic.range.start.character],
      end: [diagnostic.range.end.line, diagnostic.range.end.character],
      text: text.slice(diagnostic.range.offset, diagnostic.range.offset + diagnostic.range.length),
    },
    expected,
  );
  return diagnostic;
}
