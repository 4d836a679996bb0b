// The vendor's published OpenAPI 3.0 description of API v7 (test/fixtures/openapi, a copy with
// its licence notice), as validators of the emulator's answers: one per operation and status,
// over the spec's own component schemas. OpenAPI 3.0 is not quite JSON Schema; the adaptation
// is here: `nullable: true` becomes a `null` alternative, boolean exclusiveMinimum/Maximum
// become numbers, and the spec's formats are checked where they have a definite meaning
// (date-time, uuid, ip, ipv4, macaddress, email, uri); the numeric width formats (int32,
// double …) and the spec's free-text formats are accepted as written; a oneOf with a
// discriminator checks the alternative its mapping names.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import Ajv, { type Format, type ValidateFunction } from 'ajv';
import { load } from 'js-yaml';
import type { RunningEmulator } from '../../../src/emulator/index';
import { call, type CallOptions, type Reply } from './helpers';

const SPEC_FILE = join(__dirname, '..', '..', 'fixtures', 'openapi', 'thousandeyes.yaml');
const SPEC_ID = 'thousandeyes-v7';

type Json = Record<string, unknown>;

export interface SpecAnswer {
  contentType: string;
  validate: ValidateFunction;
}

export class OpenApiSpec {
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, SpecAnswer>();

  constructor(readonly document: Json) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, formats: FORMATS });
    const components = document.components as Json;
    this.ajv.addSchema({ $id: SPEC_ID, components: { schemas: adapt(components.schemas) } });
  }

  /** The answer an operation documents for `status` (or its `default`), as content type + validator. */
  answer(method: string, pathTemplate: string, status: number): SpecAnswer {
    const key = `${method} ${pathTemplate} ${status}`;
    const known = this.cache.get(key);
    if (known) return known;
    const paths = this.document.paths as Record<string, Record<string, Json>>;
    const operation = paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the spec has no operation ${method} ${pathTemplate}`);
    const responses = operation.responses as Record<string, Json>;
    const response = this.resolve(responses[String(status)] ?? responses.default);
    if (!response) throw new Error(`${method} ${pathTemplate} documents no ${status} answer`);
    const content = response.content as Record<string, { schema: Json }> | undefined;
    const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
    if (!contentType || !media) throw new Error(`${method} ${pathTemplate} ${status} has no body schema`);
    const answer = { contentType, validate: this.ajv.compile(rewriteRefs(adapt(media.schema)) as Json) };
    this.cache.set(key, answer);
    return answer;
  }

  private resolve(node: Json | undefined): Json | undefined {
    const ref = node?.$ref;
    if (typeof ref !== 'string') return node;
    return ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => (at as Json)[part], this.document) as Json;
  }
}

let loaded: OpenApiSpec | undefined;

export function openApiSpec(): OpenApiSpec {
  loaded ??= new OpenApiSpec(load(readFileSync(SPEC_FILE, 'utf8')) as Json);
  return loaded;
}

/** Width and free-text formats: any value of the schema's type. */
const ANY: Format = { validate: () => true };

const FORMATS: Record<string, Format> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  ip: (text: string) => isIP(text) !== 0,
  ipv4: (text: string) => isIP(text) === 4,
  macaddress: /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i,
  email: /^[^@\s]+@[^@\s]+$/,
  uri: /^[a-z][a-z0-9+.-]*:/i,
  url: /^[a-z][a-z0-9+.-]*:/i,
  int32: ANY,
  int64: ANY,
  double: ANY,
  float: ANY,
  password: ANY,
  'yyyy-': ANY,
  '': ANY,
};

/** OpenAPI 3.0 schema → JSON Schema (draft-07) as Ajv reads it. */
function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'example' || key === 'examples') continue;
    out[key] = key === 'properties' ? mapValues(value as Json, adapt) : adapt(value);
  }
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[bound] === true) {
      out[bound] = out[limit];
      delete out[limit];
    } else if (out[bound] === false) delete out[bound];
  }
  if (Array.isArray(out.oneOf) && isDiscriminator(out.discriminator)) {
    // The spec's oneOf alternatives overlap (none forbids extra fields); its discriminator
    // says which one applies: the one its mapping names for the record's value.
    const { propertyName, mapping } = out.discriminator;
    delete out.oneOf;
    delete out.discriminator;
    out.required = [...new Set([...(Array.isArray(out.required) ? (out.required as string[]) : []), propertyName])];
    out.allOf = [
      ...(Array.isArray(out.allOf) ? out.allOf : []),
      { properties: { [propertyName]: { enum: Object.keys(mapping) } } },
      ...Object.entries(mapping).map(([value, ref]) => ({
        if: { properties: { [propertyName]: { const: value } } },
        then: { $ref: ref },
      })),
    ];
  }
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

function isDiscriminator(value: unknown): value is { propertyName: string; mapping: Record<string, string> } {
  const d = value as { propertyName?: unknown; mapping?: unknown } | undefined;
  return typeof d?.propertyName === 'string' && d.mapping !== null && typeof d.mapping === 'object';
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${SPEC_ID}${value}` : rewriteRefs(value);
  }
  return out;
}

function mapValues(object: Json, map: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, map(v)]));
}

/** Ajv's errors, short enough for an assertion message. */
export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

/** A fixed clock: the world is a function of (seed, aid, time), so every run sees the same records. */
export const NOW_MS = Date.UTC(2026, 10, 20, 16, 0, 0);

/** Calls `path` and checks the answer against the spec's `template` for the status it must have. */
export async function conforming(
  emulator: RunningEmulator,
  template: string,
  path: string,
  options: CallOptions = {},
  status = 200,
): Promise<Reply> {
  const method = options.method ?? (options.json === undefined && options.rawBody === undefined ? 'GET' : 'POST');
  const reply = await call(emulator.url, path, options);
  assert.equal(reply.status, status, `${method} ${path}: ${reply.text.slice(0, 300)}`);
  const answer = openApiSpec().answer(method, template, status);
  assert.equal(String(reply.headers['content-type']).split(';')[0], answer.contentType, `${method} ${path} media type`);
  assert.ok(
    answer.validate(reply.json),
    `${method} ${path} does not match the spec:\n${describeErrors(answer.validate)}`,
  );
  return reply;
}

export const recordsOf = (reply: Reply, key = 'results'): Record<string, unknown>[] =>
  reply.json[key] as Record<string, unknown>[];
