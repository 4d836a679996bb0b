// The fields of v7 enterprise tests beyond the ones the shared (v6) rules store: every writable
// field of the vendor's OpenAPI for the type (src/api/types/test-type-fields.ts, generated from
// it), checked for its JSON type, enum and range, kept as sent and answered back in the
// response's form (ids become `{labelId}`, `{ruleId}` … objects; write-only fields stay unsaid).
import { isIPv4 } from 'node:net';
import { TEST_FIELD_RULES, TEST_TYPE_FIELDS, type TestFieldRule } from '../../../api/types/test-type-fields';
import { WRITE_ONLY_TEST_FIELDS, type EnterpriseTestType } from '../../../api/types';
import { badRequest } from '../../http/errors';
import type { Body } from '../validate';

/** Request id lists the response shows as objects, and the key of each object's id. */
const ID_OBJECTS: Readonly<Record<string, string>> = {
  labels: 'labelId',
  sharedWithAccounts: 'aid',
  alertRules: 'ruleId',
  monitors: 'monitorId',
};
const MAX_SHOWN = 100;

function rulesOf(type: EnterpriseTestType): Map<string, TestFieldRule> {
  return new Map(TEST_TYPE_FIELDS[type].fields.map((key) => [key.split('#')[0]!, TEST_FIELD_RULES[key]!]));
}

/**
 * Splits a create body: the fields the shared rules know (`known`) stay in `shared`, the other
 * fields of the type are checked and returned in `extra`; a field the type does not take is a 400.
 */
export function splitVendorFields(
  type: EnterpriseTestType,
  body: Body,
  known: ReadonlySet<string>,
): { shared: Body; extra: Body } {
  const rules = rulesOf(type);
  const shared: Body = {};
  const extra: Body = {};
  for (const [field, value] of Object.entries(body)) {
    if (known.has(field)) {
      shared[field] = value;
      continue;
    }
    const rule = rules.get(field);
    if (!rule) throw badRequest(`Field '${field.slice(0, MAX_SHOWN)}' is not a field of ${type} tests`);
    checkValue(field, value, rule);
    extra[field] = value;
  }
  return { shared, extra };
}

/** The fields the vendor requires of a type the shared rules do not know. */
export function requireVendorFields(type: EnterpriseTestType, body: Body): void {
  for (const field of TEST_TYPE_FIELDS[type].required) {
    if (body[field] === undefined)
      throw badRequest(`${field} is required to create ${type === 'api' ? 'an' : 'a'} ${type} test`);
  }
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function fits(type: string, value: unknown): boolean {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function checkValue(field: string, value: unknown, rule: TestFieldRule): void {
  if (!fits(rule.type, value)) {
    const article = rule.type === 'integer' || rule.type === 'array' || rule.type === 'object' ? 'an' : 'a';
    throw badRequest(`${field} must be ${article} ${rule.type}`);
  }
  if (rule.enum && !rule.enum.includes(value as string | number))
    throw badRequest(`${field} must be one of ${rule.enum.join(', ')}`);
  if (
    typeof value === 'number' &&
    ((rule.minimum !== undefined && value < rule.minimum) || (rule.maximum !== undefined && value > rule.maximum))
  ) {
    throw badRequest(`${field} must be from ${rule.minimum ?? '-∞'} to ${rule.maximum ?? '∞'}`);
  }
  if (rule.format === 'ipv4' && !isIPv4(String(value))) throw badRequest(`${field} must be an IPv4 address`);
  if (rule.format === 'date-time' && Number.isNaN(Date.parse(String(value))))
    throw badRequest(`${field} must be a date and time (ISO 8601)`);
  if (Array.isArray(value) && rule.items && !value.every((item) => fits(rule.items!, item)))
    throw badRequest(`every item of ${field} must be ${rule.items === 'object' ? 'an' : 'a'} ${rule.items}`);
}

/** The stored fields as a v7 answer shows them. */
export function vendorFieldsAnswer(extra: Body | undefined): Body {
  const out: Body = {};
  for (const [field, value] of Object.entries(extra ?? {})) {
    if (WRITE_ONLY_TEST_FIELDS.has(field)) continue;
    const idKey = ID_OBJECTS[field];
    out[field] = idKey && Array.isArray(value) ? value.map((id) => ({ [idKey]: id })) : value;
    // A SIP server test's answer also names its target at the top (port, protocol, sipRegistrar…), its password
    // aside.
    if (field === 'targetSipCredentials' && typeof value === 'object' && value !== null) {
      const { password: _secret, ...target } = value as Body;
      Object.assign(out, target);
    }
  }
  return out;
}
