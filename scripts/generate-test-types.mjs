#!/usr/bin/env node
// Writes what the workbench knows about each enterprise test type's fields from the vendor's
// OpenAPI description (test/fixtures/openapi/thousandeyes.yaml, Apache-2.0, see its NOTICE):
// - the per-type definitions of schemas/netmon-test.schema.json (descriptions, enums, ranges,
//   defaults: what completion and hovers show), and every field at the top for completion;
// - src/api/types/test-type-fields.ts, the same fields as compact rules for the emulator and
//   the documents' semantic rules.
// Run it after updating the OpenAPI copy: `node scripts/generate-test-types.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import yaml from 'js-yaml';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SPEC = yaml.load(readFileSync(join(ROOT, 'test/fixtures/openapi/thousandeyes.yaml'), 'utf8'));
const SCHEMAS = SPEC.components.schemas;
const SCHEMA_FILE = join(ROOT, 'schemas/netmon-test.schema.json');
const RULES_FILE = join(ROOT, 'src/api/types/test-type-fields.ts');

/** Domain type (v6's dns-dnssec) → the vendor's path segment. */
const TYPES = {
  'agent-to-server': 'agent-to-server',
  'agent-to-agent': 'agent-to-agent',
  'dns-trace': 'dns-trace',
  'dns-server': 'dns-server',
  'dns-dnssec': 'dnssec',
  'http-server': 'http-server',
  'page-load': 'page-load',
  'web-transactions': 'web-transactions',
  api: 'api',
  'ftp-server': 'ftp-server',
  'sip-server': 'sip-server',
  voice: 'voice',
  bgp: 'bgp',
};
/** Fields the hand-written part of the schema defines: they take the domain's forms too (0/1 flags, numeric ids). */
const HAND_WRITTEN = new Set([
  'type',
  'testName',
  'interval',
  'enabled',
  'alertsEnabled',
  'agents',
  'targetAgentId',
  'server',
  'url',
  'domain',
  'transactionScript',
  // Rules by name or id, bound through the rules' testIds (the vendor's schema: ids only, write-only).
  'alertRules',
]);
/** Hand-written targets the types still define apart (their descriptions, and the spec's ranges). */
const TARGETS = new Set(['server', 'url', 'domain', 'transactionScript']);
const MAX_DEPTH = 8;

const deref = (node) => (node?.$ref ? SCHEMAS[node.$ref.split('/').pop()] : node);

/** The properties and required names of a schema with its allOf parts merged in. */
function flatten(node, into = { properties: {}, required: new Set() }, depth = 0) {
  const schema = deref(node);
  if (!schema || depth > MAX_DEPTH) return into;
  for (const part of schema.allOf ?? []) flatten(part, into, depth + 1);
  for (const [name, value] of Object.entries(schema.properties ?? {})) into.properties[name] = value;
  for (const name of schema.required ?? []) into.required.add(name);
  if (schema.type && !into.type) into.type = schema.type;
  if (schema.description && !into.description) into.description = schema.description;
  return into;
}

const isReadOnly = (node) => deref(node)?.readOnly === true;

/** An OpenAPI property as a JSON Schema (draft-07) for documents: read-only parts left out. */
function convert(node, depth = 0) {
  const schema = deref(node) ?? {};
  if (depth > MAX_DEPTH) return {};
  if (schema.allOf || schema.properties) {
    const flat = flatten(schema);
    const properties = Object.fromEntries(
      Object.entries(flat.properties)
        .filter(([, v]) => !isReadOnly(v))
        .map(([k, v]) => [k, convert(v, depth + 1)]),
    );
    const required = [...flat.required].filter((name) => name in properties);
    return {
      ...(flat.description ? { description: clean(flat.description) } : {}),
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
    };
  }
  const out = {};
  if (schema.description) out.description = clean(schema.description);
  if (schema.type) out.type = schema.nullable ? [schema.type, 'null'] : schema.type;
  for (const key of [
    'enum',
    'default',
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
  ]) {
    if (schema[key] !== undefined) out[key] = schema[key];
  }
  if (schema.exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (schema.exclusiveMaximum === true) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  // The formats both ajv-formats and VS Code check; the spec's others (int32, password …) say nothing more.
  if (schema.format === 'date-time' || schema.format === 'ipv4') out.format = schema.format;
  if (schema.items) out.items = convert(schema.items, depth + 1);
  return out;
}

/** Descriptions as one plain line: the spec's markdown newlines and trailing spaces folded. */
function clean(text) {
  return String(text).replace(/\s+/g, ' ').trim();
}

function requestSchema(segment) {
  return SPEC.paths[`/tests/${segment}`].post.requestBody.content['application/json'].schema;
}

function typeDefinition(segment) {
  const flat = flatten(requestSchema(segment));
  const fields = Object.entries(flat.properties).filter(([, v]) => !isReadOnly(v));
  return {
    fields: Object.fromEntries(fields.map(([k, v]) => [k, convert(v)])),
    required: [...flat.required].filter((r) => fields.some(([k]) => k === r)),
  };
}

const definitions = Object.fromEntries(Object.entries(TYPES).map(([type, segment]) => [type, typeDefinition(segment)]));

/**
 * Each different definition of a field once, as definitions `field-name`, `field-name.1` …:
 * a field every type defines alike is referenced from the top, one the types define apart
 * from each type's own definition (applied by if/then on the type), so completion and hovers
 * show the definition of the document's type.
 */
function writeSchema() {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));
  const fields = {};
  const keyOf = (name, definition) => {
    const text = JSON.stringify(definition);
    for (let n = 0; ; n += 1) {
      const key = n === 0 ? name : `${name}.${n}`;
      if (!(key in fields)) {
        fields[key] = definition;
        return key;
      }
      if (JSON.stringify(fields[key]) === text) return key;
    }
  };
  const perType = Object.fromEntries(
    Object.entries(definitions).map(([type, { fields: own }]) => [
      type,
      Object.fromEntries(
        Object.entries(own)
          .filter(([name]) => !HAND_WRITTEN.has(name) || TARGETS.has(name))
          .map(([name, d]) => [name, keyOf(name, d)]),
      ),
    ]),
  );
  const names = new Set(Object.values(perType).flatMap((own) => Object.keys(own)));
  const shared = new Set(
    [...names].filter(
      (name) => !HAND_WRITTEN.has(name) && Object.values(perType).every((own) => !(name in own) || own[name] === name),
    ),
  );
  const generated = new Set([...names].filter((name) => !HAND_WRITTEN.has(name)));
  const kept = Object.fromEntries(
    Object.entries(schema.properties).filter(
      ([name, value]) => !(generated.has(name) && (value.doNotSuggest || value.$ref || value === true)),
    ),
  );
  const top = Object.fromEntries(
    [...generated]
      .filter((name) => !(name in kept))
      .map((name) => [name, shared.has(name) ? { $ref: `#/definitions/field-${name}` } : true]),
  );
  schema.properties = { ...kept, ...top };
  schema.required = ['type', 'testName'];
  // No `required` per type: the documents' semantic rules name a missing target on the type value.
  schema.definitions = {
    ...Object.fromEntries(
      Object.entries(perType).map(([type, own]) => [
        type,
        {
          type: 'object',
          properties: Object.fromEntries(
            Object.entries(own)
              .filter(([name]) => !shared.has(name))
              .map(([name, key]) => [name, { $ref: `#/definitions/field-${key}` }]),
          ),
        },
      ]),
    ),
    ...Object.fromEntries(Object.entries(fields).map(([key, definition]) => [`field-${key}`, definition])),
  };
  schema.allOf = Object.keys(definitions).map((type) => ({
    if: {
      properties: { type: { enum: type === 'dns-dnssec' ? ['dns-dnssec', 'dnssec'] : [type] } },
      required: ['type'],
    },
    then: { $ref: `#/definitions/${type}` },
  }));
  writeFileSync(SCHEMA_FILE, `${JSON.stringify(schema, null, 2)}\n`);
}

/** The compact rule of a field for the emulator: its JSON type and, for scalars, enum and range. */
function rule(definition) {
  const out = { type: Array.isArray(definition.type) ? definition.type[0] : (definition.type ?? 'object') };
  for (const key of ['enum', 'minimum', 'maximum', 'format'])
    if (definition[key] !== undefined) out[key] = definition[key];
  if (definition.items?.type) out.items = definition.items.type;
  return out;
}

function writeRules() {
  const rules = new Map();
  const lines = [];
  const nameOf = (field, r) => {
    const text = JSON.stringify(r);
    for (const [key, known] of rules) if (known.field === field && known.text === text) return key;
    const key = rules.has(field)
      ? `${field}#${[...rules.keys()].filter((k) => k.split('#')[0] === field).length}`
      : field;
    rules.set(key, { field, text });
    return key;
  };
  const types = Object.entries(definitions).map(([type, { fields, required }]) => {
    const keys = Object.entries(fields).map(([field, definition]) => nameOf(field, rule(definition)));
    return `  ${JSON.stringify(type)}: { required: ${JSON.stringify(required)}, fields: ${JSON.stringify(keys)} },`;
  });
  for (const [key, { text }] of rules) lines.push(`  ${JSON.stringify(key)}: ${text},`);
  const text = [
    "// GENERATED by scripts/generate-test-types.mjs from the vendor's OpenAPI description of API v7",
    '// (test/fixtures/openapi, Apache-2.0, see its NOTICE): do not edit. The writable fields of each',
    '// enterprise test type as a create request takes them; a rule key `field#n` is the n-th',
    '// different definition of `field` among the types.',
    "import type { EnterpriseTestType } from './tests';",
    '',
    'export interface TestFieldRule {',
    "  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';",
    '  enum?: readonly (string | number)[];',
    '  minimum?: number;',
    '  maximum?: number;',
    '  items?: string;',
    "  format?: 'ipv4' | 'date-time';",
    '}',
    '',
    'export const TEST_FIELD_RULES: Readonly<Record<string, TestFieldRule>> = {',
    ...lines,
    '};',
    '',
    '/** Per type: the fields a create request requires, and the keys of TEST_FIELD_RULES of every writable field. */',
    'export const TEST_TYPE_FIELDS: Readonly<Record<EnterpriseTestType, { required: readonly string[]; fields: readonly string[] }>> = {',
    ...types,
    '};',
    '',
  ].join('\n');
  writeFileSync(RULES_FILE, text);
}

writeSchema();
writeRules();
