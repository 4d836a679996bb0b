// Parses a JSONC document once into what every rule needs: the syntax tree with offsets,
// the plain value (for ajv and the payload mappers) and a line index for ranges.
import { parseTree, getNodeValue, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { nestsDeeperThan, tooDeepMessage } from '../api/types';
import { DiagnosticSink, LineIndex, type DocumentDiagnostic } from './diagnostic';

export interface ParsedDocument {
  readonly text: string;
  readonly root: Node | undefined;
  readonly value: unknown;
  readonly lines: LineIndex;
  readonly syntaxDiagnostics: readonly DocumentDiagnostic[];
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false } as const;

export function parseDocument(text: string): ParsedDocument {
  // The parser and every rule walk the tree recursively: refuse the nesting first.
  if (nestsDeeperThan(text)) {
    const lines = new LineIndex(text);
    const diagnostic: DocumentDiagnostic = {
      range: lines.range(0, Math.min(text.length, 1)),
      severity: 'error',
      code: 'syntax/too-deep',
      message: tooDeepMessage('The document'),
      source: 'syntax',
    };
    return { text, root: undefined, value: undefined, lines, syntaxDiagnostics: [diagnostic] };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, PARSE_OPTIONS);
  const lines = new LineIndex(text);
  const sink = new DiagnosticSink(lines);
  for (const error of errors) {
    sink.atRange(
      lines.range(error.offset, error.length),
      'error',
      'syntax/' + printParseErrorCode(error.error),
      describeParseError(error),
      'syntax',
    );
  }
  return { text, root, value: root ? getNodeValue(root) : undefined, lines, syntaxDiagnostics: sink.diagnostics };
}

function describeParseError(error: ParseError): string {
  const words = printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `JSON syntax: ${words}`;
}
