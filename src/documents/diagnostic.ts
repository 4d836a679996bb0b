// Diagnostics of the documents layer: editor-neutral (0-based line/character like VS Code,
// plus the raw offsets) so the VS Code layer and the CLI can both render them.
import type { Node } from 'jsonc-parser';
import { countAtMost } from '../analysis/sorted-search';

export type Severity = 'error' | 'warning' | 'info';
export type DiagnosticSource = 'syntax' | 'schema' | 'semantic' | 'live' | 'workspace';

export interface Position {
  line: number;
  character: number;
}

export interface TextRange {
  offset: number;
  length: number;
  start: Position;
  end: Position;
}

export interface DocumentDiagnostic {
  range: TextRange;
  severity: Severity;
  message: string;
  /** Stable rule id, e.g. `test/target-missing`, for filtering and tests. */
  code: string;
  source: DiagnosticSource;
}

/** Maps offsets to line/character in O(log lines) after one pass over the text. */
export class LineIndex {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10) this.lineStarts.push(i + 1);
      else if (ch === 13 && text.charCodeAt(i + 1) !== 10) this.lineStarts.push(i + 1);
    }
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    // The line is the last whose start is at or before the offset (line 0 starts at 0, so one always is).
    const line = countAtMost(this.lineStarts, (start) => start, clamped) - 1;
    return { line, character: clamped - (this.lineStarts[line] ?? 0) };
  }

  offsetAt(position: Position): number {
    const lineStart = this.lineStarts[position.line];
    if (lineStart === undefined) return this.text.length;
    return Math.min(lineStart + position.character, this.text.length);
  }

  range(offset: number, length: number): TextRange {
    return { offset, length, start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }

  nodeRange(node: Node): TextRange {
    return this.range(node.offset, node.length);
  }
}

/** Builds diagnostics for one document; rules only name the node and the message. */
export class DiagnosticSink {
  readonly diagnostics: DocumentDiagnostic[] = [];

  constructor(readonly lines: LineIndex) {}

  atNode(node: Node, severity: Severity, code: string, message: string, source: DiagnosticSource = 'semantic'): void {
    this.diagnostics.push({ range: this.lines.nodeRange(node), severity, code, message, source });
  }

  atRange(range: TextRange, severity: Severity, code: string, message: string, source: DiagnosticSource): void {
    this.diagnostics.push({ range, severity, code, message, source });
  }
}

export function compareDiagnostics(a: DocumentDiagnostic, b: DocumentDiagnostic): number {
  return a.range.offset - b.range.offset || a.code.localeCompare(b.code) || a.message.localeCompare(b.message);
}
