// A suppression window document (`*.netmon-alert-suppression-window.json`, schemas/
// netmon-alert-suppression-window.schema.json): a v7 alert suppression window's fields as the
// service spells them, and the tests whose alerts it suppresses by name or id. Read from text into
// the window and its problems, each at its line and column, as rule documents are (alert-rules/parse.ts).
import type { Node } from 'jsonc-parser';
import type { SuppressionWindowFields } from '../../api/types/alerts';
import { checkField, MAX_RULE_TESTS, type FieldCheck } from '../alert-rules/fields';
import type { RuleProblem } from '../alert-rules/parse';
import { parseDocument } from '../parse';
import { objectProperties, propertyValue, valueOf } from '../tree';

export const SUPPRESSION_WINDOW_SUFFIX = '.netmon-alert-suppression-window.json';
/** The longest window the service takes (366 days), in seconds. */
const MAX_DURATION = 366 * 86400;

const CHECKS: Readonly<Record<string, FieldCheck | 'object' | 'date-time'>> = {
  $schema: { kind: 'text', max: 2000 },
  windowId: { kind: 'id' },
  name: { kind: 'text', max: 200 },
  startDate: 'date-time',
  duration: { kind: 'whole', min: 1, max: MAX_DURATION },
  isEnabled: { kind: 'flag' },
  repeat: 'object',
  endRepeat: 'object',
  tests: { kind: 'tests', max: MAX_RULE_TESTS },
};
const REQUIRED = ['name', 'startDate', 'duration'];

export interface SuppressionWindowDocument {
  window: Omit<SuppressionWindowFields, 'testIds'> & { windowId?: string };
  /** Test names or ids as written. */
  tests: (string | number)[];
}

export type ParsedSuppressionWindow =
  { ok: true; document: SuppressionWindowDocument; problems: [] } | { ok: false; problems: RuleProblem[] };

export function isSuppressionWindowDocument(uri: string): boolean {
  return uri.endsWith(SUPPRESSION_WINDOW_SUFFIX);
}

export function parseSuppressionWindow(text: string): ParsedSuppressionWindow {
  const parsed = parseDocument(text);
  const at = (node: Node | undefined, message: string, field?: string): RuleProblem => {
    const offset = node?.offset ?? 0;
    const position = parsed.lines.positionAt(offset);
    const place = { line: position.line + 1, column: position.character + 1, offset, length: node?.length ?? 1 };
    return { message, ...place, ...(field ? { field } : {}) };
  };
  if (parsed.syntaxDiagnostics.length > 0 || parsed.root?.type !== 'object') {
    const first = parsed.syntaxDiagnostics[0];
    return { ok: false, problems: [at(undefined, first?.message ?? 'a suppression window is a JSON object')] };
  }
  const problems: RuleProblem[] = [];
  for (const { name, key, value } of objectProperties(parsed.root)) {
    const check = CHECKS[name];
    for (const message of check === undefined ? [`unknown field ${JSON.stringify(name)}`] : checked(check, name, value))
      problems.push(at(value ?? key, message, name));
  }
  for (const required of REQUIRED)
    if (!propertyValue(parsed.root, required)) problems.push(at(parsed.root, `${required} is required`, required));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, document: documentOf(parsed.value as Record<string, unknown>), problems: [] };
}

function checked(check: FieldCheck | 'object' | 'date-time', name: string, node: Node | undefined): string[] {
  const value = valueOf(node);
  if (check === 'object')
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? [] : [`${name} must be an object`];
  if (check === 'date-time')
    return typeof value === 'string' && ISO_DATE_TIME.test(value) && Number.isFinite(Date.parse(value))
      ? []
      : [`${name} must be a date and time in ISO 8601, e.g. 2026-07-01T22:00:00Z`];
  return checkField(check, name, node);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function documentOf(value: Record<string, unknown>): SuppressionWindowDocument {
  const window: SuppressionWindowDocument['window'] = {
    name: String(value['name']),
    startDate: String(value['startDate']),
    duration: Number(value['duration']),
  };
  for (const field of ['isEnabled', 'repeat', 'endRepeat'] as const)
    if (value[field] !== undefined) Object.assign(window, { [field]: value[field] });
  if (value['windowId'] !== undefined) window.windowId = String(value['windowId']);
  return { window, tests: (value['tests'] as (string | number)[] | undefined) ?? [] };
}
