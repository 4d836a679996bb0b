// Minimal, formatting-preserving edits of JSONC text. jsonc-parser's `modify` re-formats
// the neighbourhood of an insertion and breaks on trailing commas when removing, so these
// edits only insert or delete bytes next to the changed property: everything else in the
// user's file (comments, trailing commas, odd indentation, line endings) stays identical.
import { commentLine } from './text';
import { applyEdits, createScanner, parseTree, type Edit, type Node } from 'jsonc-parser';
import { propertyNode } from './tree';

export type TextEdit = Edit;
export { applyEdits };

// jsonc-parser's SyntaxKind is an ambient const enum, unusable with isolatedModules.
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const WHITESPACE = 15;

interface Layout {
  unit: string;
  eol: string;
}

function layoutOf(text: string): Layout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)["}\]]/m.exec(text);
  return { unit: indented?.[1] ?? '  ', eol };
}

function lineStartOf(text: string, offset: number): number {
  const before = text.lastIndexOf('\n', offset - 1);
  return before + 1;
}

function startsItsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, offset), offset));
}

function indentAt(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

function render(value: unknown, layout: Layout, baseIndent: string, multiline: boolean): string {
  if (!multiline) return JSON.stringify(value);
  return JSON.stringify(value, null, layout.unit)
    .split('\n')
    .join(layout.eol + baseIndent);
}

/** What follows a node on its line: an optional comma, then spaces and same-line comments. */
function scanTail(text: string, from: number): { commaOffset?: number; end: number; endsLine: boolean } {
  const scanner = createScanner(text, false);
  scanner.setPosition(from);
  let end = from;
  let commaOffset: number | undefined;
  for (;;) {
    const kind = scanner.scan();
    if (kind === WHITESPACE) continue;
    if (kind === COMMA && commaOffset === undefined) {
      commaOffset = scanner.getTokenOffset();
      end = commaOffset + 1;
      continue;
    }
    if (kind === BLOCK_COMMENT || kind === LINE_COMMENT) {
      end = scanner.getTokenOffset() + scanner.getTokenLength();
      continue;
    }
    if (kind === LINE_BREAK) return { commaOffset, end, endsLine: true };
    return { commaOffset, end, endsLine: false };
  }
}

/** Offset of the next comma after `from`, skipping trivia on any line. */
function nextComma(text: string, from: number): number | undefined {
  const scanner = createScanner(text, false);
  scanner.setPosition(from);
  for (;;) {
    const kind = scanner.scan();
    if (kind === COMMA) return scanner.getTokenOffset();
    if (kind !== WHITESPACE && kind !== LINE_BREAK && kind !== LINE_COMMENT && kind !== BLOCK_COMMENT) return undefined;
  }
}

function rootObject(text: string): Node {
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (root?.type !== 'object') throw new Error('The document is not a JSON object');
  return root;
}

function nest(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

/** Edits that set `path` to `value`, creating missing objects on the way. */
export function setValueEdits(text: string, path: readonly string[], value: unknown): TextEdit[] {
  const layout = layoutOf(text);
  let object = rootObject(text);
  for (let depth = 0; depth < path.length; depth++) {
    const key = path[depth] ?? '';
    const property = propertyNode(object, key);
    const current = property?.children?.[1];
    const rest = path.slice(depth + 1);
    if (!property || !current) return insertProperty(text, object, key, nest(rest, value), layout);
    if (rest.length === 0 || current.type !== 'object') {
      const multiline = startsItsLine(text, property.offset);
      return [
        {
          offset: current.offset,
          length: current.length,
          content: render(nest(rest, value), layout, indentAt(text, property.offset), multiline),
        },
      ];
    }
    object = current;
  }
  return [];
}

function insertProperty(text: string, object: Node, key: string, value: unknown, layout: Layout): TextEdit[] {
  const properties = object.children ?? [];
  const last = properties[properties.length - 1];
  if (!last) {
    const indent = indentAt(text, object.offset) + layout.unit;
    const member = `${layout.eol}${indent}${JSON.stringify(key)}: ${render(value, layout, indent, true)}`;
    const inner = text.slice(object.offset + 1, object.offset + object.length - 1);
    if (/^\s*$/.test(inner)) {
      return [
        {
          offset: object.offset,
          length: object.length,
          content: `{${member}${layout.eol}${indentAt(text, object.offset)}}`,
        },
      ];
    }
    return [{ offset: object.offset + 1, length: 0, content: member }];
  }
  const multiline = startsItsLine(text, last.offset);
  const indent = multiline ? indentAt(text, last.offset) : '';
  const lastEnd = last.offset + last.length;
  const tail = scanTail(text, lastEnd);
  const member = `${JSON.stringify(key)}: ${render(value, layout, indent, multiline)}`;
  const separator = multiline ? `${layout.eol}${indent}` : ' ';
  if (tail.commaOffset !== undefined) {
    // Keep the author's trailing-comma style: the new last member gets one too.
    return [{ offset: tail.end, length: 0, content: `${separator}${member},` }];
  }
  return [
    { offset: lastEnd, length: 0, content: ',' },
    { offset: multiline ? tail.end : lastEnd, length: 0, content: `${separator}${member}` },
  ];
}

/**
 * Edits that remove the property at `path`. With `pruneEmptyParents`, an object left empty
 * by the removal goes too (up to, not including, the root).
 */
export function removeValueEdits(text: string, path: readonly string[], pruneEmptyParents = true): TextEdit[] {
  const root = rootObject(text);
  const chain: Node[] = [root];
  for (const key of path) {
    const value = propertyNode(chain[chain.length - 1], key)?.children?.[1];
    if (!value) return [];
    chain.push(value);
  }
  let depth = path.length;
  while (pruneEmptyParents && depth > 1 && (chain[depth - 1]?.children?.length ?? 0) === 1) depth--;
  const parent = chain[depth - 1];
  const property = propertyNode(parent, path[depth - 1] ?? '');
  return parent && property ? removeProperty(text, parent, property) : [];
}

function removeProperty(text: string, object: Node, property: Node): TextEdit[] {
  const siblings = object.children ?? [];
  const index = siblings.indexOf(property);
  const ownLine = startsItsLine(text, property.offset);
  const tail = scanTail(text, property.offset + property.length);
  const start = ownLine ? lineStartOf(text, property.offset) : property.offset;
  let end = tail.end;
  if (ownLine && tail.endsLine) end = text.indexOf('\n', end) + 1 || text.length;
  else if (!ownLine) end = skipSpaces(text, end);
  const previous = siblings[index - 1];
  if (tail.commaOffset !== undefined || !previous) return [{ offset: start, length: end - start, content: '' }];
  // Removing the last member without a trailing comma: drop the comma before it too.
  const comma = nextComma(text, previous.offset + previous.length);
  if (comma === undefined || comma >= start) return [{ offset: start, length: end - start, content: '' }];
  if (!ownLine) return [{ offset: comma, length: property.offset + property.length - comma, content: '' }];
  return [
    { offset: start, length: end - start, content: '' },
    { offset: comma, length: 1, content: '' },
  ];
}

function skipSpaces(text: string, from: number): number {
  let position = from;
  while (text[position] === ' ' || text[position] === '\t') position++;
  return position;
}

/**
 * Edits that append `item` to the array at `path` (creating it when absent), in the array's
 * own layout: a new line at the last item's indent for a multi-line array, after any comment
 * that ends the last item's line; `comment` (one line) follows the new item there.
 */
export function appendItemEdits(text: string, path: readonly string[], item: unknown, comment?: string): TextEdit[] {
  let node: Node | undefined = rootObject(text);
  for (const key of path) node = node && propertyNode(node, key)?.children?.[1];
  if (!node) return setValueEdits(text, path, [item]);
  if (node.type !== 'array') throw new Error(`"${path.join('.')}" is not a list`);
  const rendered = inlineValue(item);
  const note = comment ? ` // ${commentLine(comment)}` : '';
  const items = node.children ?? [];
  const last = items[items.length - 1];
  const layout = layoutOf(text);
  if (!last)
    return [
      {
        offset: node.offset + 1,
        length: 0,
        content: `${rendered}${note ? `${note}${layout.eol}${indentAt(text, node.offset)}` : ''}`,
      },
    ];
  const multiline = startsItsLine(text, last.offset);
  const lastEnd = last.offset + last.length;
  const tail = scanTail(text, lastEnd);
  if (!multiline) return [{ offset: lastEnd, length: 0, content: `, ${rendered}` }];
  const line = `${layout.eol}${indentAt(text, last.offset)}${rendered}`;
  if (tail.commaOffset !== undefined) return [{ offset: tail.end, length: 0, content: `${line},${note}` }];
  return [
    { offset: lastEnd, length: 0, content: ',' },
    { offset: tail.end, length: 0, content: `${line}${note}` },
  ];
}

/** A value on one line in the style people write small objects: `{ "agentId": 1037 }`. */
function inlineValue(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return JSON.stringify(value);
  const entries = Object.entries(value).map(([key, inner]) => `${JSON.stringify(key)}: ${inlineValue(inner)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}
