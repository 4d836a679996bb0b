// The fields of a deployed test a document carries, beyond testName, interval and agents:
// every writable field of its type (the vendor's OpenAPI, src/api/types/test-type-fields.ts),
// taken back from an answer in the form a request sends (`labels: [{labelId}]` → ids) and
// compared the way the service writes them back (0/1 or booleans, `TCP` or `tcp`, host:port).
import { WRITE_ONLY_TEST_FIELDS, type EnterpriseTestType } from '../api/types';
import { ALL_TEST_TARGET_FIELDS, vendorFieldsOf } from './fields';

/** Fields each document spells out itself (the header of an imported document). */
const OWN_FIELDS = new Set(['testName', 'interval', 'agents']);
/** Id lists an answer shows as objects, and the key of each object's id. */
const ID_OBJECTS: Readonly<Record<string, string>> = {
  labels: 'labelId',
  sharedWithAccounts: 'aid',
  alertRules: 'ruleId',
  monitors: 'monitorId',
  dnsServers: 'serverName',
};
const FLAGS = new Set(['enabled', 'alertsEnabled', 'followRedirects', 'verifyCertificate', 'useNtlm']);
/** Flags the documents take as 0/1 or booleans (the others are v7's booleans). */
const DOCUMENT_FLAGS = new Set(['enabled', 'alertsEnabled']);
/** Enums v6 writes in capitals with underscores (`TO_TARGET`), v7 in lower case with dashes. */
const CASED_ENUMS = new Set(['protocol', 'direction', 'authType', 'probeMode', 'pathTraceMode']);

/** The fields of a type a document may carry and a deployed test shows back, targets first. */
export function documentFieldsOf(type: EnterpriseTestType): string[] {
  const own = vendorFieldsOf(type).filter((field) => !OWN_FIELDS.has(field) && !WRITE_ONLY_TEST_FIELDS.has(field));
  const targets = ALL_TEST_TARGET_FIELDS.filter((field) => own.includes(field));
  return [...targets, ...own.filter((field) => !(targets as readonly string[]).includes(field))];
}

/** A value of an answer in a request's form. */
export function requestForm(field: string, value: unknown): unknown {
  const idKey = ID_OBJECTS[field];
  if (!idKey || !Array.isArray(value)) return value;
  return value.map((item: unknown) =>
    typeof item === 'object' && item !== null && idKey in item ? (item as Record<string, unknown>)[idKey] : item,
  );
}

/** The deployed test's value of `field` as an imported document writes it; undefined when it has none. */
export function importedValue(field: string, deployed: Readonly<Record<string, unknown>>): unknown {
  const value = deployed[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (field === 'port' && typeof deployed['server'] === 'string' && /:[0-9]{1,5}$/.test(deployed['server']))
    return undefined;
  // v6 writes flags as 0/1 and enums in capitals; documents write v7's values (enabled keeps its 0/1).
  if (FLAGS.has(field) && (value === 0 || value === 1) && !DOCUMENT_FLAGS.has(field)) return value === 1;
  if (CASED_ENUMS.has(field) && typeof value === 'string') return casedEnum(value);
  return requestForm(field, value);
}

/** Whether the document's value is what the deployed test shows (in either API's spelling). */
export function sameFieldValue(field: string, wanted: unknown, deployed: Readonly<Record<string, unknown>>): boolean {
  const current = requestForm(field, deployed[field]);
  if (FLAGS.has(field)) return flag(wanted) === flag(current);
  if (CASED_ENUMS.has(field) && typeof wanted === 'string' && typeof current === 'string')
    return casedEnum(wanted) === casedEnum(current);
  if (field === 'targetAgentId' || field === 'port') return current !== undefined && String(wanted) === String(current);
  return canonical(wanted) === canonical(current);
}

function flag(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  return value === true || value === 1;
}

function casedEnum(value: string): string {
  return value.toLowerCase().replace(/_/g, '-');
}

/** JSON with object keys sorted, so the service's key order is no change. */
function canonical(value: unknown, depth = 0): string {
  if (depth > 32 || value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1)).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
}
