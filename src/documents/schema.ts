// The JSON Schemas of schemas/, compiled once by ajv, with errors mapped back onto the
// syntax tree: the offending value's node, the key of an unexpected property, or the
// object that misses a required property.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Node } from 'jsonc-parser';
import testSchema from '../../schemas/netmon-test.schema.json';
import instantSchema from '../../schemas/netmon-instant.schema.json';
import filterSchema from '../../schemas/netmon-filter.schema.json';
import endpointTestSchema from '../../schemas/netmon-endpoint-test.schema.json';
import { DiagnosticSink, type DocumentDiagnostic } from './diagnostic';
import type { DocumentKind } from './kinds';
import type { ParsedDocument } from './parse';
import { propertyKey } from './tree';

export const DOCUMENT_SCHEMAS: Readonly<Record<DocumentKind, object>> = {
  test: testSchema,
  instant: instantSchema,
  filter: filterSchema,
  'endpoint-test': endpointTestSchema,
};

let compiled: Record<DocumentKind, ValidateFunction> | undefined;

function validators(): Record<DocumentKind, ValidateFunction> {
  if (compiled) return compiled;
  // verbose: pattern errors carry their schema, for its patternErrorMessage.
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  // VS Code's own schema keywords: annotations for ajv.
  for (const keyword of ['enumDescriptions', 'defaultSnippets']) ajv.addKeyword({ keyword, schemaType: 'array' });
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'doNotSuggest', schemaType: 'boolean' });
  compiled = {
    test: ajv.compile(testSchema),
    instant: ajv.compile(instantSchema),
    filter: ajv.compile(filterSchema),
    'endpoint-test': ajv.compile(endpointTestSchema),
  };
  return compiled;
}

export function validateSchema(kind: DocumentKind, parsed: ParsedDocument): DocumentDiagnostic[] {
  if (!parsed.root) return [];
  const validate = validators()[kind];
  if (validate(parsed.value)) return [];
  const sink = new DiagnosticSink(parsed.lines);
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const mapped = mapError(kind, parsed.root, error);
    if (!mapped) continue;
    const identity = `${mapped.node.offset}:${mapped.message}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    sink.atNode(mapped.node, 'error', `schema/${error.keyword}`, mapped.message, 'schema');
  }
  return sink.diagnostics;
}

interface MappedError {
  node: Node;
  message: string;
}

function mapError(kind: DocumentKind, root: Node, error: ErrorObject): MappedError | undefined {
  const segments = pointerSegments(error.instancePath);
  const target = walk(root, segments);
  if (!target) return undefined;
  const subject = describeSubject(segments);
  switch (error.keyword) {
    case 'additionalProperties': {
      const property = String(error.params['additionalProperty']);
      const key = propertyKey(target, property);
      return (
        key && {
          node: key,
          message: `Property "${property}" is not allowed${subject === 'document' ? '' : ` in ${subject}`}`,
        }
      );
    }
    case 'required':
      return {
        node: target,
        message:
          `Missing required property "${String(error.params['missingProperty'])}"` +
          (subject === 'document' ? '' : ` in ${subject}`),
      };
    case 'propertyNames':
      return undefined; // reported by the nested error, which carries propertyName
    case 'if':
      return undefined; // a test type's own definition: its nested error says what is wrong
    default: {
      if (error.propertyName !== undefined) {
        const key = propertyKey(target, error.propertyName);
        return key && { node: key, message: `Key "${error.propertyName}" of ${subject} ${describe(error)}` };
      }
      return { node: target, message: `${capitalize(subject)} ${describe(error)}` };
    }
  }
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${String(params['type']).split(',').join(' or ')}`;
    case 'pattern': {
      const hint = (error.parentSchema as { patternErrorMessage?: unknown } | undefined)?.patternErrorMessage;
      return typeof hint === 'string' ? `is not valid: ${hint}` : `must match ${String(params['pattern'])}`;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${String(params['comparison'])} ${String(params['limit'])}`;
    case 'minItems':
      return `must have at least ${String(params['limit'])} item${params['limit'] === 1 ? '' : 's'}`;
    case 'minLength':
      return 'must not be empty';
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

function describeSubject(segments: string[]): string {
  if (segments.length === 0) return 'document';
  return `"${segments.map((s, i) => (/^[0-9]+$/.test(s) && i > 0 ? `[${s}]` : i > 0 ? `.${s}` : s)).join('')}"`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Walks JSON-pointer segments; numeric segments index arrays, and stay keys in objects. */
function walk(root: Node, segments: string[]): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of segments) {
    if (!node) return undefined;
    if (node.type === 'array') node = node.children?.[Number(segment)];
    else if (node.type === 'object')
      node = node.children?.find((p) => p.children?.[0]?.value === segment)?.children?.[1];
    else return undefined;
  }
  return node;
}
