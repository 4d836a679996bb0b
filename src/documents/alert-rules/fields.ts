// The fields of an alert rule document and what each takes: the same as
// schemas/netmon-alert-rule.schema.json says (a unit test holds the two together), checked by
// hand so that each problem sits on its own value with a sentence a person reads.
import type { Node } from 'jsonc-parser';
import { arrayItems, valueOf } from '../tree';

export type FieldCheck =
  | { kind: 'text'; max: number; allowed?: readonly string[] }
  | { kind: 'whole'; min: number; max?: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'flag' }
  | { kind: 'id' }
  | { kind: 'tests'; max: number };

export const ALERT_TYPES = [
  'end-to-end-server',
  'end-to-end-agent',
  'path-trace',
  'http-server',
  'page-load',
  'bgp',
  'dns-server',
] as const;
export const MAX_RULE_TESTS = 50;

export const FIELD_CHECKS: Readonly<Record<string, FieldCheck>> = {
  $schema: { kind: 'text', max: 2000 },
  ruleId: { kind: 'id' },
  ruleName: { kind: 'text', max: 200 },
  alertType: { kind: 'text', max: 100, allowed: ALERT_TYPES },
  expression: { kind: 'text', max: 2000 },
  roundsViolatingRequired: { kind: 'whole', min: 1, max: 1000 },
  roundsViolatingOutOf: { kind: 'whole', min: 1, max: 1000 },
  roundsViolatingMode: { kind: 'text', max: 10, allowed: ['exact', 'any', 'auto'] },
  minimumSources: { kind: 'whole', min: 0 },
  minimumSourcesPct: { kind: 'number', min: 0, max: 100 },
  severity: { kind: 'text', max: 20, allowed: ['info', 'minor', 'major', 'critical'] },
  description: { kind: 'text', max: 2000 },
  notifyOnClear: { kind: 'flag' },
  tests: { kind: 'tests', max: MAX_RULE_TESTS },
};

/** What is wrong with one field's value (nothing: an empty list). */
export function checkField(check: FieldCheck, name: string, node: Node | undefined): string[] {
  const value = valueOf(node);
  switch (check.kind) {
    case 'text':
      if (typeof value !== 'string' || value.trim() === '') return [`${name} must be non-empty text`];
      if (value.length > check.max) return [`${name} is longer than ${check.max} characters`];
      if (check.allowed && !check.allowed.includes(value))
        return [`${name} must be one of ${check.allowed.join(', ')}, not ${JSON.stringify(value)}`];
      return [];
    case 'whole': {
      const fits =
        Number.isInteger(value) && (value as number) >= check.min && (value as number) <= (check.max ?? Infinity);
      const range = check.max === undefined ? `${check.min} or more` : `from ${check.min} to ${check.max}`;
      return fits ? [] : [`${name} must be a whole number ${range}`];
    }
    case 'number':
      return typeof value === 'number' && value >= check.min && value <= check.max
        ? []
        : [`${name} must be a number from ${check.min} to ${check.max}`];
    case 'flag':
      return typeof value === 'boolean' ? [] : [`${name} must be true or false`];
    case 'id':
      return (typeof value === 'string' && /^[0-9]{1,20}$/.test(value)) ||
        (Number.isInteger(value) && (value as number) > 0)
        ? []
        : [`${name} must be a rule id (digits)`];
    case 'tests':
      return testsProblems(name, node, check.max);
  }
}

function testsProblems(name: string, node: Node | undefined, max: number): string[] {
  if (node?.type !== 'array') return [`${name} must be a list of test names or ids`];
  const items = arrayItems(node);
  if (items.length > max) return [`${name} lists ${items.length} tests; at most ${max}`];
  const bad = items.filter((item) => {
    const value = valueOf(item);
    return !(typeof value === 'string' && value.trim() !== '') && !(Number.isInteger(value) && (value as number) > 0);
  });
  return bad.length > 0 ? [`${name}: each test is a name (text) or an id (a whole number)`] : [];
}
