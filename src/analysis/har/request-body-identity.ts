// What a request asked for beyond its URL: two POSTs to one GraphQL endpoint are different requests
// when they run different operations. A body reads as its GraphQL operation name(s) when it is one,
// else as a hash of its text. Bounded: the first BODY_IDENTITY_CHARS characters are read, JSON only
// below that size, and the operation regex has no nested quantifier.
import { asArray, asRecord, asString, type Json } from './narrow';

export const BODY_IDENTITY_CHARS = 64 * 1024;
const MAX_OPERATIONS = 20;
const OPERATION = /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]{0,99})/;

/** 'op:Login' (GraphQL), 'op:A+B' (a batch), 'h:<hash>:<length>' (any other body), '' without a body. */
export function requestBodyIdentity(request: Json): string {
  const text = asString(asRecord(request.postData).text);
  if (text === '') return '';
  const operations = text.length <= BODY_IDENTITY_CHARS ? graphqlOperations(text) : [];
  if (operations.length > 0) return `op:${operations.join('+')}`;
  return `h:${fnv1a(text.slice(0, BODY_IDENTITY_CHARS))}:${text.length}`;
}

function graphqlOperations(text: string): string[] {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const bodies = Array.isArray(parsed) ? asArray(parsed).slice(0, MAX_OPERATIONS) : [parsed];
  const names = bodies.map(operationName);
  return names.every((name) => name !== '') ? names : [];
}

function operationName(body: unknown): string {
  const record = asRecord(body as Json);
  const named = asString(record.operationName);
  if (named !== '') return named.slice(0, 100);
  const query = asString(record.query);
  return OPERATION.exec(query.slice(0, BODY_IDENTITY_CHARS))?.[1] ?? '';
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell bodies of one endpoint apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
