// Places in an alert rule document's text, for the editor: what completes inside the
// `expression` string (the metrics the rule's alert type carries, with their unit, and the
// operators), and where a backtest's complaint about the document belongs (a metric the data does
// not carry, a test the account does not have). Pure: the tree is the documents layer's parse.
import type { Node } from 'jsonc-parser';
import { KNOWN_METRICS, type KnownMetric } from '../../analysis/alerts/known-metrics';
import type { AlertType } from '../../api/types/alerts';

/** The alert type a rule that names none is read as: DEFAULT_ALERT_TYPE of src/documents/alert-rules/parse.ts. */
export const DEFAULT_RULE_ALERT_TYPE = 'end-to-end-server';

export interface ExpressionItem {
  label: string;
  detail: string;
  kind: 'metric' | 'operator';
  /** The document's text from `start` to `end` (offsets) is replaced by the label. */
  start: number;
  end: number;
}

export interface TextPlace {
  offset: number;
  length: number;
}

const OPERATORS: readonly (readonly [string, string])[] = [
  ['>=', 'at least'],
  ['>', 'more than'],
  ['<=', 'at most'],
  ['<', 'less than'],
  ['==', 'equal to (numbers, or text in quotes)'],
  ['!=', 'not equal to (numbers, or text in quotes)'],
  ['&&', 'and: both conditions hold (binds tighter than ||)'],
  ['||', 'or: either condition holds'],
];

/** The value node of a top-level property, when the document is an object that has it. */
export function propertyValueNode(root: Node | undefined, name: string): Node | undefined {
  if (root?.type !== 'object') return undefined;
  for (const property of root.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.value === name) return value;
  }
  return undefined;
}

/** The rule's alert type as written, or the default when it names none (or not as text). */
export function ruleAlertType(root: Node | undefined): string {
  const node = propertyValueNode(root, 'alertType');
  return node?.type === 'string' && typeof node.value === 'string' ? node.value : DEFAULT_RULE_ALERT_TYPE;
}

function unitOf(metric: KnownMetric): string {
  const unit =
    metric.kind === 'percent'
      ? '%'
      : metric.kind === 'count'
        ? 'a count (no unit)'
        : metric.kind === 'text'
          ? 'text (compare with a quoted string)'
          : metric.kind;
  const aliases = metric.aliases?.length ? ` · also ${metric.aliases.join(', ')}` : '';
  return `${unit}${metric.perHop ? ' · per hop, inside hops((…))' : ''}${aliases}`;
}

/**
 * What completes at `offset` when it is inside the `expression` string: the metrics of the rule's
 * alert type (none for a type without a table) and the operators, replacing the word being typed.
 * Nothing anywhere else.
 */
export function expressionItems(text: string, root: Node | undefined, offset: number): ExpressionItem[] {
  const node = propertyValueNode(root, 'expression');
  if (node?.type !== 'string') return [];
  const open = node.offset + 1;
  const close = node.offset + node.length - 1;
  if (offset < open || offset > close) return [];
  const before = /[A-Za-z_][A-Za-z0-9_]*$/.exec(text.slice(open, offset))?.[0] ?? '';
  const after = /^[A-Za-z0-9_]*/.exec(text.slice(offset, close))?.[0] ?? '';
  const start = offset - before.length;
  const end = offset + after.length;
  const metrics = KNOWN_METRICS[ruleAlertType(root) as AlertType] ?? [];
  const seen = new Set<string>();
  const items: ExpressionItem[] = [];
  for (const metric of metrics) {
    if (seen.has(metric.name)) continue;
    seen.add(metric.name);
    items.push({ label: metric.name, detail: unitOf(metric), kind: 'metric', start, end });
  }
  for (const [label, detail] of OPERATORS) items.push({ label, detail, kind: 'operator', start: offset, end: offset });
  return items;
}

/**
 * Where a backtest's complaint about a field of the document belongs: the metric it names in the
 * expression, the test it names in `tests`, else the field's value; the top of the document when
 * the field is not written.
 */
export function placeOfComplaint(text: string, root: Node | undefined, field: string, message: string): TextPlace {
  const value = propertyValueNode(root, field);
  if (!value) return { offset: 0, length: Math.min(1, text.length) };
  if (field === 'expression' && value.type === 'string') {
    const metric = /metric '([A-Za-z_][A-Za-z0-9_]*)'/.exec(message)?.[1];
    const inside = text.slice(value.offset + 1, value.offset + value.length - 1);
    const at = metric ? new RegExp(`(?<![A-Za-z0-9_])${metric}(?![A-Za-z0-9_])`).exec(inside) : null;
    if (metric && at) return { offset: value.offset + 1 + at.index, length: metric.length };
  }
  if (field === 'tests' && value.type === 'array') {
    const named = (value.children ?? []).find((item) => message.includes(`"${String(item.value)}"`));
    if (named) return { offset: named.offset, length: named.length };
  }
  return { offset: value.offset, length: value.length };
}
